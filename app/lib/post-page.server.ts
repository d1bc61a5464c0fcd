import { authorPath } from "./blog-links";
import type { PublicPost } from "./blog.server";
import { blogCopy } from "~/content/blog";
import { readingMinutes } from "./format";
import { markdownToText, renderMarkdown } from "./markdown.server";

const DESCRIPTION_LENGTH = 160;

function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length - 1).replace(/\s+\S*$/, "")}…`;
}

/**
 * What a post's page shows, from the post: the public page (/blog/:slug) and the preview of a
 * draft (/blog/previa/:token) render the same data with the same component and head, so a
 * preview is the page a visitor will get. The Markdown becomes sanitized HTML here, on the server.
 */
export function postPageData(post: PublicPost, siteOrigin: string) {
  const excerpt = post.excerpt?.trim() || markdownToText(post.content);
  return {
    post: {
      title: post.title,
      slug: post.slug,
      featuredImage: post.featured_image || null,
      publishedAt: post.published_at,
      updatedAt: post.updated_at,
      metaTitle: post.meta_title?.trim() || null,
      shareImage: post.og_image?.trim() || post.featured_image || null,
      canonical: post.canonical_url?.trim() || null,
      noindex: post.noindex,
    },
    description: truncate(post.meta_description?.trim() || excerpt, post.meta_description ? 500 : DESCRIPTION_LENGTH),
    author: post.author ? { name: post.author.name, path: authorPath(post.author.slug) } : null,
    tags: post.tags.map(({ slug, name }) => ({ slug, name })),
    related: post.related,
    html: renderMarkdown(post.content, { siteOrigin }),
    readingTime: blogCopy.readingTime(readingMinutes(post.content)),
  };
}

export type PostPageData = ReturnType<typeof postPageData>;
