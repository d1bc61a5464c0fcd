import { authorPath } from "./blog-links";
import type { PublicPost } from "./blog.server";
import { blogCopy } from "~/content/blog";
import { readingMinutes } from "./format";
import { markdownToText, renderMarkdown } from "./markdown.server";
import { postHead } from "./post-head";

/**
 * What a post's page shows, from the post: the public page (/blog/:slug) and the preview of a
 * draft (/blog/previa/:token) render the same data with the same component and head, so a
 * preview is the page a visitor will get. The Markdown becomes sanitized HTML here, on the server.
 */
export function postPageData(post: PublicPost, siteOrigin: string) {
  // The editor's search and share previews read the same function (issue #37).
  const head = postHead(post, () => markdownToText(post.content));
  return {
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
    html: renderMarkdown(post.content, { siteOrigin }),
    readingTime: blogCopy.readingTime(readingMinutes(post.content)),
  };
}

export type PostPageData = ReturnType<typeof postPageData>;
