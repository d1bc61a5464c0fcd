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

/**
 * Every public page of the registry (not /auth and /admin, which are React apps), one URL each:
 * a post found from /blog stands for /blog/:slug, an unknown path for the not-found page.
 */
export async function publicRoutes(request: APIRequestContext): Promise<PublicRoute[]> {
  const blog = await (await request.get("/blog")).text();
  // The oldest post is a seeded one that no other spec deletes.
  const posts = [...blog.matchAll(/href="(\/blog\/[^"/?#]+)"/g)].map((match) => match[1] ?? "");
  const post = posts.at(-1);
  if (!post) throw new Error("no post linked from /blog");
  return publicPages.map((page) => {
    if (page.path === "*") return { page: page.path, url: NOT_FOUND_URL, status: 404, scripts: page.scripts };
    const url = page.path === "/blog/:slug" ? post : page.path;
    return { page: page.path, url, status: 200, scripts: page.scripts };
  });
}
