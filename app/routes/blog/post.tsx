import { data } from "react-router";
import { PostArticle } from "~/components/blog/post-article";
import { blogCopy } from "~/content/blog";
import { findPublishedPost } from "~/lib/blog.server";
import { readingMinutes } from "~/lib/format";
import { markdownToText, renderMarkdown } from "~/lib/markdown.server";
import { pageMeta } from "~/lib/seo";
import { siteContext, siteOf } from "~/lib/site-context";
import { blogPostingJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/post";
import { shareImage } from "~/lib/images";

const DESCRIPTION_LENGTH = 160;

function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length - 1).replace(/\s+\S*$/, "")}…`;
}

/**
 * Server-rendered: the Markdown becomes sanitized HTML here, so neither markdown-it nor
 * sanitize-html is ever sent to the browser. A draft or an unknown slug is a real 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await findPublishedPost(context, params.slug);
  if (!post) throw data(null, { status: 404 });
  const description = truncate(post.excerpt?.trim() || markdownToText(post.content), DESCRIPTION_LENGTH);
  return {
    post: {
      title: post.title,
      slug: post.slug,
      featuredImage: post.featured_image || null,
      createdAt: post.created_at,
      updatedAt: post.updated_at ?? post.created_at,
    },
    description,
    html: renderMarkdown(post.content, { siteOrigin: context.get(siteContext).origin }),
    readingTime: blogCopy.readingTime(readingMinutes(post.content)),
  };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, html, readingTime } = loaderData;
  return (
    <PostArticle
      title={post.title}
      createdAt={post.createdAt}
      readingTime={readingTime}
      featuredImage={post.featuredImage}
      html={html}
      backLabel={blogCopy.backToBlog}
      publishedOnLabel={blogCopy.publishedOn}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const site = siteOf(matches);
  const { post, description } = loaderData;
  const path = `/blog/${post.slug}`;
  return pageMeta(
    {
      title: `${post.title}${blogCopy.postTitleSuffix}`,
      description,
      path,
      image: shareImage(post.featuredImage) ?? undefined,
      type: "article",
      jsonLd: [
        blogPostingJsonLd(
          {
            title: post.title,
            description,
            path,
            createdAt: post.createdAt,
            updatedAt: post.updatedAt,
            image: shareImage(post.featuredImage),
          },
          site,
        ),
      ],
    },
    site,
  );
};
