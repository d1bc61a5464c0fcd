import { blogCopy } from "~/content/blog";
import { authorFeedPath, authorPath } from "~/lib/blog-links";
import { findAuthor, listFeedPosts } from "~/lib/blog.server";
import { feedResponse, renderRss } from "~/lib/feeds.server";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/author-rss";

/** /blog/autor/<slug>/rss.xml: an author's newest visible posts; 404 for an author without any. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return feedResponse(async () => {
    const author = await findAuthor(context, params.slug);
    if (!author) return null;
    const posts = await listFeedPosts(context, { authorId: author.user_id });
    return renderRss(posts, context.get(siteContext), {
      title: blogCopy.authorPage.feedTitle(author.name),
      description: blogCopy.authorPage.description(author.name),
      link: authorPath(author.slug),
      self: authorFeedPath(author.slug),
    });
  });
}
