import { listFeedPosts } from "~/lib/blog.server";
import { feedResponse, renderRss } from "~/lib/feeds.server";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/rss";

/** /rss.xml: RSS 2.0 of the newest visible posts (FEED_ITEMS). */
export async function loader({ context }: Route.LoaderArgs) {
  return feedResponse(async () => renderRss(await listFeedPosts(context), context.get(siteContext)));
}
