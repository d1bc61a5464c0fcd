// A blog post's rules in one place: its slug, what the post form requires and the database's
// limits (supabase/migrations/20260101000200_blog_posts.sql keeps the same rules as CHECKs). The
// admin's dialog, the server (the blog's loaders, the preview route) and the tests import them.
// Plain TypeScript, no React; relative imports carry their extension so plain Node loads it too.
import type { BlogPost } from "./blog-types.ts";
import type { DataError } from "./data-result.ts";
import type { TablesInsert } from "./database.types.ts";
import { fromSaoPauloInput, saoPauloInputValue } from "./format.ts";
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

/** The database's limits on the other fields (their CHECKs), in characters. */
export const POST_LIMITS = {
  title: 200,
  excerpt: 1000,
  meta_title: 300,
  meta_description: 500,
  /** Tags per post (the post_tags_limit trigger) and characters of a tag's name. */
  tags: 10,
  tagName: 80,
} as const;

/**
 * The moments a post's date may fall between (blog_posts_published_at_shown): from 1900 and
 * before 10000, in UTC. Compared as numbers: past 9999 the ISO text starts with "+010000".
 */
const POST_DATES_FROM = Date.UTC(1900, 0, 1);
const POST_DATES_UNTIL = Date.UTC(10000, 0, 1);

/** Addresses a post may not take: /blog/busca is the search (blog_posts_slug_not_reserved). */
export const RESERVED_SLUGS: readonly string[] = ["busca"];

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

/** What the post form edits (docs/product.md §3, issue #36); empty strings for the optional fields. */
export interface PostInput {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string;
  published: boolean;
  /**
   * When it goes (or went) live, as a datetime-local value in São Paulo time; empty: the moment
   * it is saved published. A future moment schedules it.
   */
  published_at: string;
  /** Tag names in order, the first being the primary tag; new names become new tags. */
  tags: string[];
  /** Whose byline it carries (a user id); the signed-in user by default. */
  author_id: string;
  meta_title: string;
  meta_description: string;
  og_image: string;
  canonical_url: string;
  noindex: boolean;
}

/** The fields the form checks, in the order it shows them (a failed save focuses the first). */
export const POST_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "featured_image",
  "published_at",
  "tags",
  "meta_title",
  "meta_description",
  "og_image",
  "canonical_url",
] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** Why a field is refused: the key of its message in adminCopy.dialog.validation. */
export type PostProblem =
  | "titleRequired"
  | "titleTooLong"
  | "slugRequired"
  | "slugInvalid"
  | "slugReserved"
  | "slugTaken"
  | "excerptTooLong"
  | "contentRequired"
  | "contentTooLong"
  | "imageInvalid"
  | "dateInvalid"
  | "dateTooEarly"
  | "dateTooLate"
  | "tagLimit"
  | "tagInvalid"
  | "metaTitleTooLong"
  | "metaDescriptionTooLong"
  | "ogImageInvalid"
  | "canonicalInvalid";
export type PostProblems = Partial<Record<PostField, PostProblem>>;

/**
 * The form's values for a post (docs/product.md §4: a missing excerpt or featured image becomes
 * an empty field), with its tags' names and its author (the signed-in user for a new post).
 */
export function postInput(post: BlogPost | null, extra: { tags?: string[]; authorId?: string } = {}): PostInput {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    featured_image: post?.featured_image ?? "",
    published: post?.published ?? false,
    published_at: post?.published_at ? saoPauloInputValue(post.published_at) : "",
    tags: extra.tags ?? [],
    author_id: post?.author_id ?? extra.authorId ?? "",
    meta_title: post?.meta_title ?? "",
    meta_description: post?.meta_description ?? "",
    og_image: post?.og_image ?? "",
    canonical_url: post?.canonical_url ?? "",
    noindex: post?.noindex ?? false,
  };
}

/** An http(s) URL, or a path on this site (an uploaded image when the backend is this site). */
export function isFeaturedImageAddress(value: string): boolean {
  // https only: the pages' Content-Security-Policy (server/http/csp.ts, img-src) blocks an http
  // image, which visitors would see broken.
  return (isHttpUrl(value) && /^https:\/\/[^\s/?#]+/i.test(value)) || /^\/[^/\s]\S*$/.test(value);
}

/** An absolute http(s) URL with a host, as blog_posts_canonical_url_check wants. */
export function isAbsoluteHttpUrl(value: string): boolean {
  return isHttpUrl(value) && /^https?:\/\/[^\s/?#]+/i.test(value);
}

/** The names of a tag list as they are saved: trimmed, without blanks or repeats (any case). */
export function tagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names
    .map((name) => name.trim().replace(/\s+/g, " "))
    .filter((name) => {
      const key = name.toLowerCase();
      if (!name || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * A name typed in the tags field added to the tags, as "Adicionar tag" adds it: an existing tag
 * in its own spelling, a new name only where new tags are allowed (else null: a writer's
 * refusal). Nothing typed leaves the tags as they are.
 */
export function withTypedTag(
  tags: readonly string[],
  typed: string,
  existing: readonly string[],
  allowNew: boolean,
): string[] | null {
  const name = typed.trim();
  if (!name) return [...tags];
  const match = existing.find((tag) => tag.toLowerCase() === name.toLowerCase());
  if (match === undefined && !allowNew) return null;
  return tagNames([...tags, match ?? name]);
}

/**
 * The form's checks before a save (docs/product.md §5); the database checks again. A date the
 * browser could not read (a datetime-local with its time left blank) has the value "", which
 * would publish at once: `dateIncomplete` says the field is not really empty.
 */
export function validatePost(values: PostInput, { dateIncomplete = false } = {}): PostProblems {
  const problems: PostProblems = {};
  const title = values.title.trim();
  if (!title) problems.title = "titleRequired";
  else if (title.length > POST_LIMITS.title) problems.title = "titleTooLong";
  const slug = values.slug.trim();
  if (!slug) problems.slug = "slugRequired";
  else if (!isValidSlug(slug)) problems.slug = "slugInvalid";
  else if (RESERVED_SLUGS.includes(slug)) problems.slug = "slugReserved";
  if (values.excerpt.trim().length > POST_LIMITS.excerpt) problems.excerpt = "excerptTooLong";
  if (!values.content.trim()) problems.content = "contentRequired";
  else if (values.content.length > POST_CONTENT_MAX_LENGTH) problems.content = "contentTooLong";
  const image = values.featured_image.trim();
  if (image && !isFeaturedImageAddress(image)) problems.featured_image = "imageInvalid";
  if (dateIncomplete) problems.published_at = "dateInvalid";
  else if (values.published_at) {
    // The database keeps post dates within the years 1900 to 9999 (blog_posts_published_at_shown).
    const at = fromSaoPauloInput(values.published_at);
    const time = at ? Date.parse(at) : Number.NaN;
    if (Number.isNaN(time)) problems.published_at = "dateInvalid";
    else if (time < POST_DATES_FROM) problems.published_at = "dateTooEarly";
    else if (time >= POST_DATES_UNTIL) problems.published_at = "dateTooLate";
  }
  const tags = tagNames(values.tags);
  if (tags.length > POST_LIMITS.tags) problems.tags = "tagLimit";
  else if (tags.some((name) => name.length > POST_LIMITS.tagName || !slugify(name))) problems.tags = "tagInvalid";
  if (values.meta_title.trim().length > POST_LIMITS.meta_title) problems.meta_title = "metaTitleTooLong";
  if (values.meta_description.trim().length > POST_LIMITS.meta_description) {
    problems.meta_description = "metaDescriptionTooLong";
  }
  const ogImage = values.og_image.trim();
  if (ogImage && !isFeaturedImageAddress(ogImage)) problems.og_image = "ogImageInvalid";
  const canonical = values.canonical_url.trim();
  if (canonical && !isAbsoluteHttpUrl(canonical)) problems.canonical_url = "canonicalInvalid";
  return problems;
}

/**
 * The row a save writes: trimmed, optional fields as NULL. An unchanged date keeps its seconds
 * (the field shows minutes), so re-saving a post does not move it in the lists.
 */
export function postRow(
  input: PostInput,
  original: Pick<BlogPost, "published_at"> | null = null,
): TablesInsert<"blog_posts"> {
  const keepsDate = original?.published_at && input.published_at === saoPauloInputValue(original.published_at);
  return {
    title: input.title.trim(),
    slug: input.slug.trim(),
    // Optional fields are stored as NULL rather than empty strings.
    excerpt: input.excerpt.trim() || null,
    content: input.content,
    featured_image: input.featured_image.trim() || null,
    published: input.published,
    // Empty: the database dates it when it is published (set_published_at).
    published_at: keepsDate ? original.published_at : input.published_at ? fromSaoPauloInput(input.published_at) : null,
    // docs/product.md §3: the current user, unless the form credits another author.
    author_id: input.author_id || null,
    meta_title: input.meta_title.trim() || null,
    meta_description: input.meta_description.trim() || null,
    og_image: input.og_image.trim() || null,
    canonical_url: input.canonical_url.trim() || null,
    noindex: input.noindex,
  };
}

/**
 * What each of the database's refusals of a post means in the form: the field and the problem
 * its constraint names (supabase/migrations: blog_posts' CHECKs and keys, the tag limit).
 */
const POST_CONSTRAINTS: Record<string, [PostField, PostProblem]> = {
  blog_posts_title_check: ["title", "titleTooLong"],
  blog_posts_slug_check: ["slug", "slugInvalid"],
  blog_posts_slug_key: ["slug", "slugTaken"],
  blog_posts_slug_not_reserved: ["slug", "slugReserved"],
  blog_posts_excerpt_check: ["excerpt", "excerptTooLong"],
  blog_posts_content_check: ["content", "contentTooLong"],
  blog_posts_featured_image_check: ["featured_image", "imageInvalid"],
  blog_posts_meta_title_check: ["meta_title", "metaTitleTooLong"],
  blog_posts_meta_description_check: ["meta_description", "metaDescriptionTooLong"],
  blog_posts_og_image_check: ["og_image", "ogImageInvalid"],
  blog_posts_canonical_url_check: ["canonical_url", "canonicalInvalid"],
  post_tags_limit: ["tags", "tagLimit"],
  tags_slug_check: ["tags", "tagInvalid"],
  tags_name_check: ["tags", "tagInvalid"],
};

/** The field and problem a database refusal of a save names, or null for any other failure. */
export function postProblemOf(error: DataError): { field: PostField; problem: PostProblem } | null {
  const known = error.constraint ? POST_CONSTRAINTS[error.constraint] : undefined;
  return known ? { field: known[0], problem: known[1] } : null;
}
