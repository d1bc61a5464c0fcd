import type { MetaDescriptor } from "react-router";
import { type PagePath, pageByPath } from "~/content/pages";
import { type PageMetaInput, pageMeta } from "./seo";
import type { SiteContext } from "./site-context";
import { breadcrumbJsonLd } from "./structured-data";

/** What a page's route module adds to the page list: its copy and its own structured data. */
export type PageHead = Omit<PageMetaInput, "path" | "noindex">;

/**
 * The head of a page of app/content/pages.ts: the title and description from its content
 * module, the canonical URL and robots tag from the list, and its structured data followed by
 * the BreadcrumbList the list asks for.
 */
export function pageMetaFor(path: PagePath, head: PageHead, site: SiteContext): MetaDescriptor[] {
  const page = pageByPath(path);
  const jsonLd = [...(head.jsonLd ?? [])];
  if (page.breadcrumb) {
    const home = pageByPath("/");
    jsonLd.push(
      breadcrumbJsonLd(
        [
          { name: home.label ?? "", path: home.path },
          { name: page.label, path: page.path },
        ],
        site,
      ),
    );
  }
  return pageMeta({ ...head, path, noindex: page.noindex, jsonLd }, site);
}
