import { blogCopy } from "~/content/blog";
import { tagFeedPath, tagPath } from "~/lib/blog-links";
import { findTag, listFeedPosts } from "~/lib/blog.server";
import { feedResponse, renderRss } from "~/lib/feeds.server";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/tag-rss";

/** /blog/tag/<slug>/rss.xml: a tag's newest visible posts; 404 for a tag without any. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return feedResponse(async () => {
    const tag = await findTag(context, params.slug);
    if (!tag) return null;
    const posts = await listFeedPosts(context, { tagId: tag.id });
    return renderRss(posts, context.get(siteContext), {
      title: blogCopy.tagPage.feedTitle(tag.name),
      description: tag.description || blogCopy.tagPage.description(tag.name),
      link: tagPath(tag.slug),
      self: tagFeedPath(tag.slug),
    });
  });
}
