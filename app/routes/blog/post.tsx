import { data, redirect } from "react-router";
import { authorPath, postPath } from "~/lib/blog-links";
import { PostArticle } from "~/components/blog/post-article";
import { RelatedPosts } from "~/components/blog/related-posts";
import { blogCopy } from "~/content/blog";
import { PAGE_CACHE_TAGS_HEADER, pageCacheTags } from "~/content/pages";
import { siteConfig } from "~/content/site-config";
import { findPublishedPost, findRedirect } from "~/lib/blog.server";
import { readingMinutes } from "~/lib/format";
import { markdownToText, renderMarkdown } from "~/lib/markdown.server";
import { postHead } from "~/lib/post-head";
import { pageMeta } from "~/lib/seo";
import { siteContext, siteOf } from "~/lib/site-context";
import { blogPostingJsonLd } from "~/lib/structured-data";
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
  // The editor's search and share previews read the same function (issue #37).
  const head = postHead(post, () => markdownToText(post.content));
  return data(
    {
      post: {
        title: post.title,
        slug: post.slug,
        featuredImage: post.featured_image || null,
        publishedAt: post.published_at,
        updatedAt: post.updated_at,
        headTitle: head.title,
        shareImage: head.image,
        canonical: post.canonical_url?.trim() || null,
        noindex: post.noindex,
      },
      description: head.description,
      author: post.author ? { name: post.author.name, path: authorPath(post.author.slug) } : null,
      tags: post.tags.map(({ slug, name }) => ({ slug, name })),
      related: post.related,
      html: renderMarkdown(post.content, { siteOrigin: context.get(siteContext).origin }),
      readingTime: blogCopy.readingTime(readingMinutes(post.content)),
    },
    {
      headers: {
        [PAGE_CACHE_TAGS_HEADER]: pageCacheTags({ tags: post.tags.map((tag) => tag.id), author: post.author_id }),
      },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, html, readingTime, author, tags, related } = loaderData;
  return (
    <>
      <PostArticle
        title={post.title}
        publishedAt={post.publishedAt}
        readingTime={readingTime}
        byline={{ label: blogCopy.post.by, name: author?.name ?? siteConfig.name, href: author?.path ?? null }}
        tags={tags}
        tagsLabel={blogCopy.post.tagsLabel}
        featuredImage={post.featuredImage}
        html={html}
        backLabel={blogCopy.backToBlog}
        publishedOnLabel={blogCopy.publishedOn}
      />
      <RelatedPosts posts={related} title={blogCopy.post.related} label={blogCopy.post.relatedLabel} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const site = siteOf(matches);
  const { post, description, author } = loaderData;
  const path = postPath(post.slug);
  const image = post.shareImage;
  return pageMeta(
    {
      title: post.headTitle,
      description,
      path,
      canonical: post.canonical ?? undefined,
      image: image ?? undefined,
      type: "article",
      noindex: post.noindex,
      jsonLd: [
        blogPostingJsonLd(
          {
            title: post.title,
            description,
            path,
            createdAt: post.publishedAt,
            updatedAt: post.updatedAt,
            image,
            author,
            canonical: post.canonical,
          },
          site,
        ),
      ],
    },
    site,
  );
};
