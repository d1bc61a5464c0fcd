import type { RouterContextProvider } from "react-router";
import type { BlogPost, BlogPostSummary } from "./blog-types";
import { unwrap } from "./data-result";
import { isValidSlug } from "./slug";
import { serverSupabase } from "./supabase.server";

// Reads of the public blog for server loaders (list, post page, RSS, sitemap). They use the
// anon client, so row-level security returns published posts only; the explicit
// published = true filter is docs/product.md's request shape (§7) and keeps drafts out even when a
// hosted project's policies are looser.

type Context = Readonly<RouterContextProvider>;

const SUMMARY_COLUMNS = "id,title,slug,excerpt,featured_image,created_at";

export interface PostListResult {
  posts: BlogPostSummary[];
  /** True when the backend could not be read: the page shows the empty state (docs/product.md §8). */
  failed: boolean;
}

export async function listPublishedPosts(context: Context): Promise<PostListResult> {
  try {
    const result = unwrap(
      await serverSupabase(context)
        .from("blog_posts")
        .select(SUMMARY_COLUMNS)
        .eq("published", true)
        .order("created_at", { ascending: false }),
    );
    if (!result.ok) {
      console.error(`Blog list failed: ${result.error.message}`);
      return { posts: [], failed: true };
    }
    return { posts: result.data, failed: false };
  } catch (error) {
    console.error(`Blog list failed: ${error instanceof Error ? error.message : String(error)}`);
    return { posts: [], failed: true };
  }
}

/** Published posts with every column (feeds and the sitemap need bodies and dates). */
export async function listPublishedPostsFull(context: Context): Promise<BlogPost[]> {
  const result = unwrap(
    await serverSupabase(context)
      .from("blog_posts")
      .select("*")
      .eq("published", true)
      .order("created_at", { ascending: false }),
  );
  if (!result.ok) throw new Error(`Could not read blog posts: ${result.error.message}`);
  return result.data;
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
