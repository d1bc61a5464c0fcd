import type { APIRequestContext } from "@playwright/test";
import { publicPages, type EnhancementName } from "../../../app/content/pages.ts";

/** A URL to visit for one public page of the registry (app/content/pages.ts). */
export interface PublicRoute {
  /** The registry's path ("/blog/:slug", "*" for the not-found page). */
  page: string;
  /** A URL of it: the path itself, a published post, an unknown path. */
  url: string;
  status: 200 | 404;
  scripts: readonly EnhancementName[];
}

/** An address no route matches: the not-found page. */
export const NOT_FOUND_URL = "/esta-pagina-nao-existe";

/** A preview link that was never made: the preview page's 404. */
export const UNKNOWN_PREVIEW_URL = `/blog/previa/${"0".repeat(64)}`;

/** A search that finds the sample posts. */
export const SEARCH_URL = "/blog/busca?q=atendimento";

/**
 * Every public page of the registry (not /auth and /admin, which are React apps), one URL each:
 * a post found from /blog stands for /blog/:slug, the tag and the author it links for their
 * pages, a search for /blog/busca, an unknown path for the not-found page.
 */
export async function publicRoutes(request: APIRequestContext): Promise<PublicRoute[]> {
  const blog = await (await request.get("/blog")).text();
  // The oldest post is a seeded one that no other spec deletes.
  const posts = [...blog.matchAll(/href="(\/blog\/[^"/?#]+)"/g)].map((match) => match[1] ?? "");
  const post = posts.at(-1);
  if (!post) throw new Error("no post linked from /blog");
  const article = await (await request.get(post)).text();
  const tag = /href="(\/blog\/tag\/[^"/?#]+)"/.exec(article)?.[1];
  const author = /href="(\/blog\/autor\/[^"/?#]+)"/.exec(article)?.[1];
  if (!tag || !author) throw new Error(`no tag or author linked from ${post}`);
  const urls: Record<string, string> = {
    "/blog/:slug": post,
    "/blog/tag/:slug": tag,
    "/blog/autor/:slug": author,
    "/blog/busca": SEARCH_URL,
  };
  return publicPages.map((page) => {
    if (page.path === "*") return { page: page.path, url: NOT_FOUND_URL, status: 404, scripts: page.scripts };
    // A preview needs a link an admin made; an unknown one is its 404 page, with the same scripts.
    if (page.path === "/blog/previa/:token") {
      return { page: page.path, url: UNKNOWN_PREVIEW_URL, status: 404, scripts: page.scripts };
    }
    return { page: page.path, url: urls[page.path] ?? page.path, status: 200, scripts: page.scripts };
  });
}
