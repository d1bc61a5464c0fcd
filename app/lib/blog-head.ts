// What the blog's list pages (a tag's, an author's) put in <head> besides pageMeta: the
// previous and next pages, their own feed, and a breadcrumb from the home page.
import type { MetaDescriptor } from "react-router";
import { pagedPath } from "~/lib/blog-links";
import { pageByPath } from "~/content/pages";
import { absoluteUrl } from "~/content/site-config";
import type { BlogPostSummary } from "./blog-types";
import type { SiteContext } from "./site-context";
import { breadcrumbJsonLd, type BlogPostingInput } from "./structured-data";

/** rel=prev and rel=next of page `page` of `pageCount` of the list at `path`. */
export function pageLinks(path: string, page: number, pageCount: number, site: SiteContext): MetaDescriptor[] {
  return [
    ...(page > 1 ? [{ tagName: "link", rel: "prev", href: absoluteUrl(pagedPath(path, page - 1), site.origin) }] : []),
    ...(page < pageCount
      ? [{ tagName: "link", rel: "next", href: absoluteUrl(pagedPath(path, page + 1), site.origin) }]
      : []),
  ];
}

/** The list's own RSS feed, for feed readers that look in <head>. */
export function feedLink(title: string, href: string, site: SiteContext): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title,
    href: absoluteUrl(href, site.origin),
  };
}

/** Início > Blog > this page. */
export function blogBreadcrumb(name: string, path: string, site: SiteContext): object {
  const home = pageByPath("/");
  const blog = pageByPath("/blog");
  return breadcrumbJsonLd(
    [
      { name: home.label ?? "", path: home.path },
      { name: blog.label ?? "", path: blog.path },
      { name, path },
    ],
    site,
  );
}

/** The cards of a list as structured data's posts. */
export function postingsOf(posts: BlogPostSummary[], postPath: (slug: string) => string): BlogPostingInput[] {
  return posts.map((post) => ({
    title: post.title,
    description: post.excerpt ?? "",
    path: postPath(post.slug),
    createdAt: post.published_at,
    updatedAt: post.published_at,
    image: post.featured_image,
  }));
}
