import { sitePages } from "~/content/pages";
import { listSitemapItems } from "~/lib/blog.server";
import { renderSitemap } from "~/lib/feeds.server";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml: every page of app/content/pages.ts with sitemap settings, every visible post
 * that may be indexed, and the page of every tag and author with visible posts.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const items = await listSitemapItems(context);
    return new Response(renderSitemap(sitePages, items, context.get(siteContext)), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    // A sitemap missing the posts could make search engines drop them; a 503 is retried.
    return new Response("Service unavailable", { status: 503, headers: { "Retry-After": "60" } });
  }
}
