import { blogCopy } from "~/content/blog";
import { shareImage } from "./images";

// What a post's <head> says about it to search engines and link previews: the post page's meta
// (app/routes/blog/post.tsx) and the editor's search and share previews (issue #37) both read it
// here, so the previews show what the page will say.

/** The description's length when it comes from the excerpt or the text (search snippets show about that). */
export const POST_DESCRIPTION_LENGTH = 160;
/** A meta description written by hand is kept up to the field's limit. */
const META_DESCRIPTION_LENGTH = 500;

/** Cuts `text` at a word before `length` characters, with an ellipsis. */
export function truncateText(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length - 1).replace(/\s+\S*$/, "")}…`;
}

export interface PostHeadInput {
  title: string;
  excerpt: string | null;
  meta_title: string | null;
  meta_description: string | null;
  og_image: string | null;
  featured_image: string | null;
}

export interface PostHead {
  title: string;
  description: string;
  /** The sharing image as the page names it (a rendition of an upload), or null: the site's default. */
  image: string | null;
}

/**
 * The SEO fields win; empty ones fall back to the title (with the blog's suffix), the excerpt or
 * the body's plain text (`bodyText`), and the featured image.
 */
export function postHead(post: PostHeadInput, bodyText: () => string): PostHead {
  const metaDescription = post.meta_description?.trim();
  return {
    title: post.meta_title?.trim() || `${post.title}${blogCopy.postTitleSuffix}`,
    description: metaDescription
      ? truncateText(metaDescription, META_DESCRIPTION_LENGTH)
      : truncateText(post.excerpt?.trim() || bodyText(), POST_DESCRIPTION_LENGTH),
    image: shareImage(post.og_image?.trim() || post.featured_image || null),
  };
}
