import { listFeedPosts } from "~/lib/blog.server";
import { renderRss } from "~/lib/feeds.server";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/rss";

/** /rss.xml: RSS 2.0 of the newest published posts (FEED_ITEMS). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const posts = await listFeedPosts(context);
    return new Response(renderRss(posts, context.get(siteContext)), {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    // A feed without its posts would make readers drop them; ask them to come back instead.
    return new Response("Service unavailable", { status: 503, headers: { "Retry-After": "60" } });
  }
}
