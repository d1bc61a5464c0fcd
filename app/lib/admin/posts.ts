import { queryOptions } from "@tanstack/react-query";
import type { BlogPost, Tag } from "../blog-types";
import { DataFailure, expectData } from "../data-result";
import type { AppSupabaseClient } from "../database.types";
import { postRow, slugify, tagNames, type PostInput } from "../posts";
import { adminKeys } from "./keys";

// The admin's reads and writes of posts (docs/product.md §7). They run as the signed-in user, so
// row-level security decides what succeeds; failures are thrown as DataFailure
// (app/lib/data-result.ts) for TanStack Query to retry or report. What a post may be: ../posts.ts.

/** Every column but the search documents, which only the database reads. */
/** The columns of a post the admin reads (BlogPost). */
export const POST_COLUMNS =
  "id,title,slug,excerpt,content,featured_image,published,published_at,author_id,meta_title,meta_description,og_image,canonical_url,noindex,review_requested_at,created_at,updated_at";

/** Every post, drafts included, newest first. */
export async function listAllPosts(client: AppSupabaseClient): Promise<BlogPost[]> {
  return expectData(await client.from("blog_posts").select(POST_COLUMNS).order("created_at", { ascending: false }));
}

/** The posts tab's list, which the images tab also reads ("Usada em 1 post"). */
export function postsQuery(client: AppSupabaseClient) {
  return queryOptions({ queryKey: adminKeys.posts, queryFn: () => listAllPosts(client) });
}

/** The posts list's filters (issue #37): a status, words of the title, a tag's id ("" for any). */
export type PostStatusFilter = "all" | "published" | "scheduled" | "drafts";

export interface PostListFilter {
  status: PostStatusFilter;
  search: string;
  tag: string;
}

export const NO_POST_FILTER: PostListFilter = { status: "all", search: "", tag: "" };

/** `text` as a literal inside an ILIKE pattern: its wildcards and escape are matched as themselves. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The posts the list's filters select, newest first, filtered by the database: "publicados" are
 * live (published, their moment come), "agendados" published for a later moment, "rascunhos"
 * not published. A tag keeps the posts that carry it.
 */
export async function listFilteredPosts(
  client: AppSupabaseClient,
  filter: PostListFilter,
  now = new Date(),
): Promise<BlogPost[]> {
  const at = now.toISOString();
  const columns = filter.tag ? `${POST_COLUMNS},post_tags!inner(tag_id)` : POST_COLUMNS;
  let query = client.from("blog_posts").select(columns);
  if (filter.tag) query = query.eq("post_tags.tag_id", filter.tag);
  const search = filter.search.trim();
  if (search) query = query.ilike("title", `%${likeLiteral(search)}%`);
  if (filter.status === "drafts") query = query.eq("published", false);
  if (filter.status === "published")
    query = query.eq("published", true).or(`published_at.is.null,published_at.lte.${at}`);
  if (filter.status === "scheduled") query = query.eq("published", true).gt("published_at", at);
  const rows = expectData(await query.order("created_at", { ascending: false }));
  // The embed only filters; the list's rows are posts.
  return (rows as unknown as (BlogPost & { post_tags?: unknown })[]).map(({ post_tags: _tags, ...post }) => post);
}

export function filteredPostsQuery(client: AppSupabaseClient, filter: PostListFilter) {
  return queryOptions({
    queryKey: [...adminKeys.posts, "list", filter],
    queryFn: () => listFilteredPosts(client, filter),
  });
}

/** A post's tag names in order (the first is its primary tag), for its form. */
export async function postTagNames(client: AppSupabaseClient, postId: string): Promise<string[]> {
  const rows = expectData(
    await client.from("post_tag_list").select("name").eq("post_id", postId).order("position", { ascending: true }),
  );
  return rows.map((row) => row.name ?? "");
}

/** Every tag, by name: the post form's suggestions and the tags section. */
export async function listTags(client: AppSupabaseClient): Promise<Tag[]> {
  return expectData(await client.from("tags").select("*").order("name", { ascending: true }));
}

export function tagsQuery(client: AppSupabaseClient) {
  return queryOptions({ queryKey: adminKeys.tags, queryFn: () => listTags(client) });
}

/** Who may sign a post: the staff accounts with an author profile. */
export interface AuthorOption {
  user_id: string;
  name: string;
}

export function authorsQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: adminKeys.authors,
    queryFn: async (): Promise<AuthorOption[]> =>
      expectData(await client.from("author_profiles").select("user_id,name").order("name", { ascending: true })),
  });
}

/**
 * The ids of the tags these names mean, in order: an existing tag when its name (any case) or its
 * slug matches, else a new tag (name and slug, nothing else).
 */
export async function tagIdsFor(client: AppSupabaseClient, names: readonly string[], known: Tag[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of tagNames(names)) {
    const slug = slugify(name);
    const existing = known.find((tag) => tag.name.toLowerCase() === name.toLowerCase() || tag.slug === slug);
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const created = expectData(await client.from("tags").insert({ name, slug }).select("id").single());
    ids.push(created.id);
  }
  return ids;
}

/**
 * The post was written, its tags were not (the tag limit, a lost connection): the form goes on
 * editing the saved post, so a second save updates it instead of creating it again.
 */
export class PostTagsFailure extends DataFailure {
  readonly post: BlogPost;
  constructor(failure: DataFailure, post: BlogPost) {
    super(failure.error);
    this.post = post;
  }
}

/**
 * Creates the post (`original` null) or updates it, then replaces its tags (new names become
 * tags first, so a refused name changes nothing). A taken slug fails as a conflict. Resolves
 * with the saved row.
 */
export async function savePost(
  client: AppSupabaseClient,
  input: PostInput,
  original: BlogPost | null,
  knownTags: Tag[],
): Promise<BlogPost> {
  const tagIds = await tagIdsFor(client, input.tags, knownTags);
  const row = postRow(input, original);
  const saved = original
    ? await updateUnlessChanged(client, original, row)
    : expectData(await client.from("blog_posts").insert(row).select(POST_COLUMNS).single());
  try {
    expectData(await client.rpc("set_post_tags", { for_post: saved.id, tag_ids: tagIds }));
  } catch (error) {
    if (error instanceof DataFailure) throw new PostTagsFailure(error, saved);
    throw error;
  }
  return saved;
}

/**
 * Updates the post only if nobody saved it since `original` was read (its updated_at, which every
 * write moves): two people editing one post never silently overwrite each other. A post changed
 * meanwhile is a "stale" failure; one deleted meanwhile, "not-found".
 */
async function updateUnlessChanged(
  client: AppSupabaseClient,
  original: BlogPost,
  row: ReturnType<typeof postRow>,
): Promise<BlogPost> {
  const result = await client
    .from("blog_posts")
    .update(row)
    .eq("id", original.id)
    .eq("updated_at", original.updated_at)
    .select(POST_COLUMNS);
  const rows = expectData(result);
  if (rows[0]) return rows[0];
  const still = expectData(await client.from("blog_posts").select("id").eq("id", original.id));
  throw new DataFailure(
    still.length > 0
      ? { kind: "stale", message: "The post was saved elsewhere after it was opened", code: "post_changed" }
      : { kind: "not-found", message: "The post no longer exists", code: "PGRST116" },
  );
}

export async function deletePost(client: AppSupabaseClient, id: string): Promise<void> {
  expectData(await client.from("blog_posts").delete().eq("id", id));
}

/** "Enviar para revisão": the writer's draft, stamped for the editors' list. */
export async function requestReview(client: AppSupabaseClient, id: string): Promise<void> {
  expectData(
    await client
      .from("blog_posts")
      .update({ review_requested_at: new Date().toISOString() })
      .eq("id", id)
      .select("id")
      .single(),
  );
}
