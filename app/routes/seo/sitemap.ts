import { sitePages } from "~/content/pages";
import { listPublishedPostDates } from "~/lib/blog.server";
import { renderSitemap } from "~/lib/feeds.server";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every page of app/content/pages.ts with sitemap settings, and every published post. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const posts = await listPublishedPostDates(context);
    return new Response(renderSitemap(sitePages, posts, context.get(siteContext)), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    // A sitemap missing the posts could make search engines drop them; a 503 is retried.
    return new Response("Service unavailable", { status: 503, headers: { "Retry-After": "60" } });
  }
}
