import type { RouterContextProvider } from "react-router";
import type { BlogPost, BlogPostSummary } from "./blog-types";
import { unwrap } from "./data-result";
import { isValidSlug } from "./posts";
import { serverSupabase } from "./supabase.server";

// Reads of the public blog for server loaders (list, post page, RSS, sitemap). They use the
// anon client, so row-level security returns published posts only; the explicit
// published = true filter is docs/product.md's request shape (§7) and keeps drafts out even when a
// hosted project's policies are looser.

type Context = Readonly<RouterContextProvider>;

const SUMMARY_COLUMNS = "id,title,slug,excerpt,featured_image,created_at";

/** Cards per page of /blog (issue #11); /blog?pagina=2 shows the next twelve, and so on. */
export const POSTS_PER_PAGE = 12;
/**
 * The page number of /blog?pagina=N: 1 without the parameter; null (the route answers 404) for
 * anything but one whole number from 1 to 999999, such as 0, -1, abc, 1e9 or a repeated
 * parameter. The page cache keeps only the pages it answers 200 (server/http/page-cache.ts).
 */
export function blogPageFrom(query: URLSearchParams): number | null {
  const values = query.getAll("pagina");
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9][0-9]{0,5}$/.test(values[0]!)) return null;
  return Number(values[0]);
}

/** The RSS feed carries the newest posts only: readers poll it, and old items are already read. */
export const FEED_ITEMS = 50;
/** The sitemap protocol's limit of URLs per file (sitemaps.org). */
const SITEMAP_MAX_POSTS = 50_000;
/** Rows per request when reading many: at most the REST row cap (REST_MAX_ROWS, default 1000). */
const BATCH = 1000;

interface PostQuery<Q> {
  eq(column: "published", value: boolean): Q;
  order(column: "created_at" | "id", options: { ascending: boolean }): Q;
}

/**
 * Published posts, newest first, every list's order: id breaks ties so pages never overlap,
 * and the (published, created_at) index serves it.
 */
function newestPublishedFirst<Q extends PostQuery<Q>>(query: Q): Q {
  return query.eq("published", true).order("created_at", { ascending: false }).order("id", { ascending: false });
}

export interface PostListResult {
  posts: BlogPostSummary[];
  /** True when the backend could not be read: the page shows the empty state (docs/product.md §8). */
  failed: boolean;
  /** This page's number (1 = newest posts) and how many pages there are (at least 1). */
  page: number;
  pageCount: number;
}

/**
 * One page of the published posts, newest first: only the card's columns (never bodies), through
 * the (published, created_at) index; id breaks ties so pages never overlap. Null when the page
 * is past the last one (the route answers 404).
 */
export async function listPublishedPosts(context: Context, page = 1): Promise<PostListResult | null> {
  const from = (page - 1) * POSTS_PER_PAGE;
  const failed = (message: string): PostListResult => {
    console.error(`Blog list failed: ${message}`);
    return { posts: [], failed: true, page, pageCount: page };
  };
  try {
    const response = await newestPublishedFirst(
      serverSupabase(context).from("blog_posts").select(SUMMARY_COLUMNS, { count: "exact" }),
    ).range(from, from + POSTS_PER_PAGE - 1);
    const result = unwrap(response);
    if (!result.ok) return failed(result.error.message);
    const pageCount = Math.max(1, Math.ceil((response.count ?? 0) / POSTS_PER_PAGE));
    if (page > pageCount) return null;
    return { posts: result.data, failed: false, page, pageCount };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}

/** The newest published posts with every column, for the RSS feed (FEED_ITEMS of them). */
export async function listFeedPosts(context: Context): Promise<BlogPost[]> {
  const result = unwrap(
    await newestPublishedFirst(serverSupabase(context).from("blog_posts").select("*")).limit(FEED_ITEMS),
  );
  if (!result.ok) throw new Error(`Could not read blog posts: ${result.error.message}`);
  return result.data;
}

export type PostDates = Pick<BlogPost, "slug" | "created_at" | "updated_at">;

/**
 * Every published post's slug and dates, for the sitemap: no bodies, read in batches of the
 * REST row cap so thousands of posts are all listed (up to the protocol's 50,000).
 */
export async function listPublishedPostDates(context: Context): Promise<PostDates[]> {
  const all: PostDates[] = [];
  while (all.length < SITEMAP_MAX_POSTS) {
    const result = unwrap(
      await newestPublishedFirst(serverSupabase(context).from("blog_posts").select("slug,created_at,updated_at")).range(
        all.length,
        all.length + BATCH - 1,
      ),
    );
    if (!result.ok) throw new Error(`Could not read blog posts: ${result.error.message}`);
    all.push(...result.data);
    if (result.data.length < BATCH) break;
  }
  return all.slice(0, SITEMAP_MAX_POSTS);
}

/** One published post, or null for a draft or an unknown slug. Backend failures throw. */
export async function findPublishedPost(context: Context, slug: string): Promise<BlogPost | null> {
  // No post can have another shape (the blog_posts.slug CHECK): a URL like /blog/a%00b is a
  // plain 404, without asking the database (which would refuse a NUL as a bad request).
  if (!isValidSlug(slug)) return null;
  const result = unwrap(
    await serverSupabase(context).from("blog_posts").select("*").eq("slug", slug).eq("published", true).maybeSingle(),
  );
  if (!result.ok) throw new Error(`Could not read blog post: ${result.error.message}`);
  return result.data;
}
