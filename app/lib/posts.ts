// A blog post's rules in one place: its slug, what the post form requires and the database's
// limits (supabase/migrations/20260101000200_blog_posts.sql keeps the same rules as CHECKs). The
// admin's dialog, the server (the blog's loaders, the preview route) and the tests import them.
// Plain TypeScript, no React; relative imports carry their extension so plain Node loads it too.
import type { BlogPost } from "./blog-types.ts";
import type { TablesInsert } from "./database.types.ts";
import { isHttpUrl } from "./validation.ts";

/** The blog_posts.slug limit, in characters. */
export const SLUG_MAX_LENGTH = 200;

/** The blog_posts.content limit, in characters as PostgreSQL's char_length counts them. */
export const POST_CONTENT_MAX_LENGTH = 200_000;

/**
 * The largest body the admin's Markdown preview reads: a post's content at 4 UTF-8 bytes per
 * character, plus the JSON around it. The server's page guards stop a longer body before the
 * route runs, and the route refuses a longer declared one.
 */
export const POST_PREVIEW_MAX_BYTES = POST_CONTENT_MAX_LENGTH * 4 + 4096;

/** Words of lower-case letters and digits joined by single hyphens (the blog_posts.slug CHECK). */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The one slug rule: what the database accepts, and so the only shape a post's address has. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/**
 * A URL slug from a title: accents stripped ("Atenção ao cliente" -> "atencao-ao-cliente"),
 * lower case, runs of anything else collapsed into one hyphen, no hyphen at either end.
 * The result satisfies isValidSlug or is empty.
 */
export function slugify(title: string): string {
  return (
    title
      // NFD splits "ç" into "c" + a combining cedilla, which the next step removes.
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, SLUG_MAX_LENGTH)
      .replace(/-+$/, "")
  );
}

/** What the post form edits (docs/product.md §3); empty strings for the optional fields. */
export interface PostInput {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string;
  published: boolean;
}

/** The fields the form checks, in the order it shows them (a failed save focuses the first). */
export const POST_FIELDS = ["title", "slug", "content", "featured_image"] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** Why a field is refused: the key of its message in adminCopy.dialog.validation. */
export type PostProblem = "titleRequired" | "slugRequired" | "slugInvalid" | "contentRequired" | "imageInvalid";
export type PostProblems = Partial<Record<PostField, PostProblem>>;

/** docs/product.md §4: a missing excerpt or featured image becomes an empty field. */
export function postInput(post: BlogPost | null): PostInput {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    featured_image: post?.featured_image ?? "",
    published: post?.published ?? false,
  };
}

/** An http(s) URL, or a path on this site (an uploaded image when the backend is this site). */
export function isFeaturedImageAddress(value: string): boolean {
  return isHttpUrl(value) || /^\/[^/\s]\S*$/.test(value);
}

/** The form's checks before a save (docs/product.md §5); the database checks again. */
export function validatePost(values: PostInput): PostProblems {
  const problems: PostProblems = {};
  if (!values.title.trim()) problems.title = "titleRequired";
  if (!values.slug.trim()) problems.slug = "slugRequired";
  else if (!isValidSlug(values.slug.trim())) problems.slug = "slugInvalid";
  if (!values.content.trim()) problems.content = "contentRequired";
  const image = values.featured_image.trim();
  if (image && !isFeaturedImageAddress(image)) problems.featured_image = "imageInvalid";
  return problems;
}

/** The row a save writes: trimmed, optional fields as NULL, the author the current user. */
export function postRow(input: PostInput, authorId: string): TablesInsert<"blog_posts"> {
  return {
    title: input.title.trim(),
    slug: input.slug.trim(),
    // Optional fields are stored as NULL rather than empty strings.
    excerpt: input.excerpt.trim() || null,
    content: input.content,
    featured_image: input.featured_image.trim() || null,
    published: input.published,
    // docs/product.md §3: the current user on create and on update.
    author_id: authorId,
  };
}
