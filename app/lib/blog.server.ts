import type { RouterContextProvider } from "react-router";
import { SEARCH_MAX_LENGTH } from "./blog-links";
import type { AuthorProfile, BlogPostSummary, PublicTag, TagLink } from "./blog-types";
import { unwrap } from "./data-result";
import type { AppSupabaseClient, Tables } from "./database.types";
import { isValidSlug } from "./posts";
import { serverSupabase } from "./supabase.server";

// Reads of the public blog for server loaders (lists, tag and author pages, post page, search,
// feeds, sitemap). They use the anon client and the database's public views (visible_posts and
// its siblings, supabase/migrations/20260101001600_editorial_blog.sql) and functions (the list
// pages' visible_post_page, 20260101003400_list_pages_by_counts.sql), which show visitors only
// visible posts: published, and whose moment (published_at) has come. Row-level security applies
// inside the views too; the functions write the same rule in.

type Context = Readonly<RouterContextProvider>;

type SummaryRow = Pick<
  Tables<"visible_posts">,
  "id" | "title" | "slug" | "excerpt" | "featured_image" | "published_at" | "primary_tag_slug" | "primary_tag_name"
>;

/** A card's columns, never bodies: nullable in their types, never in the rows (the table's NOT NULLs). */
function summaryOf(row: SummaryRow): BlogPostSummary {
  return {
    id: row.id ?? "",
    title: row.title ?? "",
    slug: row.slug ?? "",
    excerpt: row.excerpt,
    featured_image: row.featured_image,
    published_at: row.published_at ?? "",
    primaryTag: row.primary_tag_slug ? { slug: row.primary_tag_slug, name: row.primary_tag_name ?? "" } : null,
  };
}

/** Cards per page of /blog, a tag's and an author's page (issue #11); ?pagina=2 shows the next twelve. */
export const POSTS_PER_PAGE = 12;
/** Results per page of /blog/busca. */
export const SEARCH_RESULTS_PER_PAGE = 12;

/**
 * The page number of ?pagina=N: 1 without the parameter; null (the route answers 404) for
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
const SITEMAP_MAX_URLS = 50_000;
/** Rows per request when reading many: at most the REST row cap (REST_MAX_ROWS, default 1000). */
const BATCH = 1000;

export interface PostListResult {
  posts: BlogPostSummary[];
  /** True when the backend could not be read: the page shows the empty state (docs/product.md §8). */
  failed: boolean;
  /** This page's number (1 = newest posts) and how many pages there are (at least 1). */
  page: number;
  pageCount: number;
}

/** A page as visible_post_page answers it: the cards, each with the list's total. */
type PageRows =
  | { data: (SummaryRow & { total: number | null })[]; error: null }
  | { data: null; error: { message: string; code?: string } };

/**
 * One page of a list's visible posts, newest first (published_at; id breaks ties so pages never
 * overlap), read by visible_post_page: the list's count is kept by the database, and a deep page
 * reads only its own posts. Null when the page is past the last one (a 404).
 */
async function onePage(
  context: Context,
  page: number,
  of: { of_tag?: string; of_author?: string } = {},
): Promise<PostListResult | null> {
  const failed = (message: string): PostListResult => {
    console.error(`Blog list failed: ${message}`);
    return { posts: [], failed: true, page, pageCount: page };
  };
  try {
    const response: PageRows = await serverSupabase(context).rpc(
      "visible_post_page",
      { page_size: POSTS_PER_PAGE, page_offset: (page - 1) * POSTS_PER_PAGE, ...of },
      { get: true },
    );
    const result = unwrap(response);
    if (!result.ok) return failed(result.error.message);
    // Past the last page there are no rows; the first page of an empty list is still a page.
    if (result.data.length === 0) return page === 1 ? { posts: [], failed: false, page, pageCount: 1 } : null;
    const pageCount = Math.max(1, Math.ceil((result.data[0]?.total ?? 0) / POSTS_PER_PAGE));
    return { posts: result.data.map(summaryOf), failed: false, page, pageCount };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}

/** A page of /blog: every visible post, newest first. */
export async function listPublishedPosts(context: Context, page = 1): Promise<PostListResult | null> {
  return onePage(context, page);
}

/** What pages show of a tag; the sitemap alone adds the date of its newest post. */
const TAG_COLUMNS = "id,slug,name,description,post_count";

type TagRow = Pick<Tables<"visible_tags">, "id" | "slug" | "name" | "description" | "post_count">;

function tagOf(row: TagRow): PublicTag {
  return {
    id: row.id ?? "",
    slug: row.slug ?? "",
    name: row.name ?? "",
    description: row.description,
    postCount: row.post_count ?? 0,
  };
}

/** The tags with visible posts, the most used first: /blog's filter row. */
export async function listTags(context: Context): Promise<PublicTag[]> {
  const result = unwrap(
    await serverSupabase(context)
      .from("visible_tags")
      .select(TAG_COLUMNS)
      .order("post_count", { ascending: false })
      .order("name", { ascending: true }),
  );
  if (!result.ok) throw new Error(`Could not read tags: ${result.error.message}`);
  return result.data.map(tagOf);
}

/** A tag with visible posts, by slug; null for any other (its page is a 404). Failures throw. */
export async function findTag(context: Context, slug: string): Promise<PublicTag | null> {
  if (!isValidSlug(slug)) return null;
  const result = unwrap(
    await serverSupabase(context).from("visible_tags").select(TAG_COLUMNS).eq("slug", slug).maybeSingle(),
  );
  if (!result.ok) throw new Error(`Could not read tag: ${result.error.message}`);
  return result.data ? tagOf(result.data) : null;
}

/** A page of a tag's visible posts, newest first. */
export async function listTagPosts(context: Context, tag: PublicTag, page = 1): Promise<PostListResult | null> {
  return onePage(context, page, { of_tag: tag.id });
}

/**
 * An author profile with a visible post, by slug (row-level security shows visitors no other);
 * null for any other (a 404). Failures throw.
 */
export async function findAuthor(context: Context, slug: string): Promise<AuthorProfile | null> {
  if (!isValidSlug(slug)) return null;
  const result = unwrap(
    await serverSupabase(context).from("author_profiles").select("*").eq("slug", slug).maybeSingle(),
  );
  if (!result.ok) throw new Error(`Could not read author: ${result.error.message}`);
  return result.data;
}

/** A page of an author's visible posts, newest first. */
export async function listAuthorPosts(
  context: Context,
  author: AuthorProfile,
  page = 1,
): Promise<PostListResult | null> {
  return onePage(context, page, { of_author: author.user_id });
}

/** What a feed item needs. */
export type FeedPost = Pick<BlogPostSummary, "title" | "slug" | "excerpt" | "published_at"> & {
  content: string;
  updated_at: string;
};

/** The newest visible posts (FEED_ITEMS), all of them or a tag's or an author's: the RSS feeds. */
export async function listFeedPosts(
  context: Context,
  of: { tagId?: string; authorId?: string } = {},
): Promise<FeedPost[]> {
  const columns = "title,slug,excerpt,content,published_at,updated_at";
  const client = serverSupabase(context);
  const query = of.tagId
    ? client.from("tag_posts").select(columns).eq("tag_id", of.tagId)
    : of.authorId
      ? client.from("visible_posts").select(columns).eq("author_id", of.authorId)
      : client.from("visible_posts").select(columns);
  const result = unwrap(
    await query.order("published_at", { ascending: false }).order("id", { ascending: false }).limit(FEED_ITEMS),
  );
  if (!result.ok) throw new Error(`Could not read blog posts: ${result.error.message}`);
  return result.data.map((row) => ({
    title: row.title ?? "",
    slug: row.slug ?? "",
    excerpt: row.excerpt,
    content: row.content ?? "",
    published_at: row.published_at ?? "",
    updated_at: row.updated_at ?? row.published_at ?? "",
  }));
}

/** A URL of the sitemap beyond the fixed pages: a post, a tag's or an author's page. */
export interface SitemapItem {
  slug: string;
  lastmod: string;
}

export interface SitemapItems {
  posts: SitemapItem[];
  tags: SitemapItem[];
  authors: SitemapItem[];
}

/**
 * Every visible post that may be indexed (not `noindex`), every tag and author with a visible
 * post, with their dates: read in batches of the REST row cap, up to the protocol's 50,000 URLs.
 */
export async function listSitemapItems(context: Context): Promise<SitemapItems> {
  const client = serverSupabase(context);
  const posts: SitemapItem[] = [];
  while (posts.length < SITEMAP_MAX_URLS) {
    const result = unwrap(
      await client
        .from("visible_posts")
        .select("slug,published_at,updated_at")
        .eq("noindex", false)
        .order("published_at", { ascending: false })
        .order("id", { ascending: false })
        .range(posts.length, posts.length + BATCH - 1),
    );
    if (!result.ok) throw new Error(`Could not read blog posts: ${result.error.message}`);
    posts.push(
      ...result.data.map((row) => {
        // A post changes when it is edited, and shows up when it goes live.
        const updated = row.updated_at ?? "";
        const published = row.published_at ?? "";
        return { slug: row.slug ?? "", lastmod: updated > published ? updated : published };
      }),
    );
    if (result.data.length < BATCH) break;
  }
  const tagRows = unwrap(
    await client
      .from("visible_tags")
      .select("slug,last_published_at")
      .order("post_count", { ascending: false })
      .order("name", { ascending: true }),
  );
  if (!tagRows.ok) throw new Error(`Could not read tags: ${tagRows.error.message}`);
  const tags = tagRows.data.map((row) => ({ slug: row.slug ?? "", lastmod: row.last_published_at ?? "" }));
  const authors = unwrap(await client.from("author_profiles").select("slug,updated_at").order("slug"));
  if (!authors.ok) throw new Error(`Could not read authors: ${authors.error.message}`);
  const room = Math.max(0, SITEMAP_MAX_URLS - posts.length);
  return {
    posts,
    tags: tags.slice(0, room),
    authors: authors.data
      .map((row) => ({ slug: row.slug, lastmod: row.updated_at }))
      .slice(0, Math.max(0, room - tags.length)),
  };
}

/** A visible post with what its page shows around it. */
export interface PublicPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featured_image: string | null;
  published_at: string;
  updated_at: string;
  author_id: string | null;
  meta_title: string | null;
  meta_description: string | null;
  og_image: string | null;
  canonical_url: string | null;
  noindex: boolean;
  /** In order; the first is the primary tag. */
  tags: (TagLink & { id: string })[];
  /** Null when its author has no profile: the byline names the site. */
  author: AuthorProfile | null;
  /** Up to 3 visible posts sharing the most tags with it, then the newest. */
  related: BlogPostSummary[];
}

export const POST_COLUMNS =
  "id,title,slug,excerpt,content,featured_image,published_at,updated_at,author_id,meta_title,meta_description,og_image,canonical_url,noindex";

/** A post row as findPublishedPost and the preview read it, before its tags, author and related posts. */
export type PostRow = Omit<PublicPost, "tags" | "author" | "related">;

/** One visible post, or null for a draft, a scheduled post or an unknown slug. Failures throw. */
export async function findPublishedPost(context: Context, slug: string): Promise<PublicPost | null> {
  // No post can have another shape (the blog_posts.slug CHECK): a URL like /blog/a%00b is a
  // plain 404, without asking the database (which would refuse a NUL as a bad request).
  if (!isValidSlug(slug)) return null;
  const client = serverSupabase(context);
  const found = unwrap(await client.from("visible_posts").select(POST_COLUMNS).eq("slug", slug).maybeSingle());
  if (!found.ok) throw new Error(`Could not read blog post: ${found.error.message}`);
  const row = found.data;
  if (!row?.id) return null;
  return completePost(client, {
    id: row.id,
    title: row.title ?? "",
    slug: row.slug ?? slug,
    excerpt: row.excerpt,
    content: row.content ?? "",
    featured_image: row.featured_image,
    published_at: row.published_at ?? "",
    updated_at: row.updated_at ?? row.published_at ?? "",
    author_id: row.author_id,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    og_image: row.og_image,
    canonical_url: row.canonical_url,
    noindex: row.noindex ?? false,
  });
}

/**
 * A post with its tags, author profile and related posts, read with `client`: the anon client
 * for a visible post, the service role's for a preview the server has checked
 * (app/lib/post-preview.server.ts). Failures throw.
 */
export async function completePost(client: AppSupabaseClient, row: PostRow): Promise<PublicPost> {
  const [tags, author, related] = await Promise.all([
    client.from("post_tag_list").select("tag_id,slug,name").eq("post_id", row.id).order("position"),
    row.author_id
      ? client.from("author_profiles").select("*").eq("user_id", row.author_id).maybeSingle()
      : Promise.resolve(null),
    client.rpc("related_posts", { for_post: row.id, max_count: 3 }),
  ]);
  const tagRows = unwrap(tags);
  if (!tagRows.ok) throw new Error(`Could not read the post's tags: ${tagRows.error.message}`);
  const authorRow = author ? unwrap(author) : null;
  if (authorRow && !authorRow.ok) throw new Error(`Could not read the post's author: ${authorRow.error.message}`);
  const relatedRows = unwrap(related);
  if (!relatedRows.ok) throw new Error(`Could not read related posts: ${relatedRows.error.message}`);
  return {
    ...row,
    tags: tagRows.data.map((tag) => ({ id: tag.tag_id ?? "", slug: tag.slug ?? "", name: tag.name ?? "" })),
    author: authorRow?.ok ? authorRow.data : null,
    related: relatedRows.data.map(summaryOf),
  };
}

/**
 * Where an old slug of a visible post leads now (its current slug), or null. A renamed post's
 * old address answers 301 there (issue #36); chains are collapsed by the database.
 */
export async function findRedirect(context: Context, slug: string): Promise<string | null> {
  if (!isValidSlug(slug)) return null;
  const result = unwrap(
    await serverSupabase(context).from("post_redirect_targets").select("slug").eq("old_slug", slug).maybeSingle(),
  );
  if (!result.ok) throw new Error(`Could not read redirects: ${result.error.message}`);
  return result.data?.slug ?? null;
}

/** A search result: its card and the snippet, the matched words between U+E000 and U+E001. */
export interface SearchHit extends BlogPostSummary {
  snippet: string;
}

export type SearchOutcome =
  | { kind: "empty" }
  | { kind: "too-long" }
  | { kind: "failed" }
  | {
      kind: "results";
      hits: SearchHit[];
      /** How many results the pages go through; with `more`, the search found more than that. */
      total: number;
      more: boolean;
      page: number;
      pageCount: number;
    };

/** The query as searched: control characters (which Postgres text cannot hold) count as spaces. */
export function searchWords(q: string): string {
  return q.replace(/\p{Cc}/gu, " ").trim();
}

/**
 * A page of the search's results (search_posts: Portuguese, accents folded, title first, ranked
 * among the newest matches and the newest title matches, so its work is bounded).
 */
export async function searchPosts(context: Context, q: string, page = 1): Promise<SearchOutcome | null> {
  const query = searchWords(q);
  if (!query) return { kind: "empty" };
  if (query.length > SEARCH_MAX_LENGTH) return { kind: "too-long" };
  try {
    const result = unwrap(
      await serverSupabase(context).rpc("search_posts", {
        q: query,
        page_limit: SEARCH_RESULTS_PER_PAGE,
        page_offset: (page - 1) * SEARCH_RESULTS_PER_PAGE,
      }),
    );
    if (!result.ok) {
      if (result.error.code === "22023") return { kind: "too-long" };
      console.error(`Blog search failed: ${result.error.message}`);
      return { kind: "failed" };
    }
    const total = Number(result.data[0]?.total ?? 0);
    const pageCount = Math.max(1, Math.ceil(total / SEARCH_RESULTS_PER_PAGE));
    // Past the last page of some results: a 404, as for the lists.
    if (page > pageCount) return null;
    return {
      kind: "results",
      hits: result.data.map((row) => ({ ...summaryOf(row), snippet: row.snippet ?? "" })),
      total,
      more: result.data[0]?.more ?? false,
      page,
      pageCount,
    };
  } catch (error) {
    console.error(`Blog search failed: ${error instanceof Error ? error.message : String(error)}`);
    return { kind: "failed" };
  }
}
