import { data, redirect } from "react-router";
import { postPath } from "~/lib/blog-links";
import { PostPage, postPageMeta } from "~/components/blog/post-page";
import { PAGE_CACHE_TAGS_HEADER, pageCacheTags } from "~/content/pages";
import { findPublishedPost, findRedirect } from "~/lib/blog.server";
import { postPageData } from "~/lib/post-page.server";
import { siteContext, siteOf } from "~/lib/site-context";
import type { Route } from "./+types/post";

/**
 * Server-rendered: the Markdown becomes sanitized HTML here, so neither markdown-it nor
 * sanitize-html is ever sent to the browser. A draft, a scheduled post or an unknown slug is a
 * real 404; an old slug of a renamed post answers 301 to its current address (issue #36).
 * The page names the tags it links and the author it credits for the page cache, which drops it
 * when one of them (or a related post, through a shared tag) changes.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await findPublishedPost(context, params.slug);
  if (!post) {
    const target = await findRedirect(context, params.slug);
    if (target) throw redirect(postPath(target), 301);
    throw data(null, { status: 404 });
  }
  return data(postPageData(post, context.get(siteContext).origin), {
    headers: {
      [PAGE_CACHE_TAGS_HEADER]: pageCacheTags({ tags: post.tags.map((tag) => tag.id), author: post.author_id }),
    },
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <PostPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? postPageMeta(loaderData, siteOf(matches)) : [];
