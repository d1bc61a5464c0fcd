import { queryOptions } from "@tanstack/react-query";
import type { BlogPost } from "../blog-types";
import { expectData } from "../data-result";
import type { AppSupabaseClient, Tables } from "../database.types";
import { adminKeys } from "./keys";
import { POST_COLUMNS } from "./posts";

// A post's revisions ("Histórico") and preview links ("Visualizar", "Copiar link de prévia"),
// run as the signed-in admin: row-level security and the database functions decide
// (supabase/migrations/20260101002000_post_revisions.sql, 20260101002010_post_preview_links.sql).

export type PostRevision = Omit<Tables<"post_revisions">, "tags"> & { tags: RevisionTag[] };

/** A tag as a revision keeps it: its id then, and its name then. */
export interface RevisionTag {
  id: string;
  name: string;
}

/** Why a revision was written. */
export type RevisionReason = "saved" | "published" | "unpublished" | "restored";

/** The database keeps 50 per post; the panel lists them all. */
export const REVISIONS_KEPT = 50;

function tagsOf(value: unknown): RevisionTag[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    typeof entry === "object" && entry !== null && "id" in entry && "name" in entry
      ? [{ id: String(entry.id), name: String(entry.name) }]
      : [],
  );
}

/** A post's revisions, newest first. */
export async function listRevisions(client: AppSupabaseClient, postId: string): Promise<PostRevision[]> {
  const rows = expectData(
    await client
      .from("post_revisions")
      .select("*")
      .eq("post_id", postId)
      .order("id", { ascending: false })
      .limit(REVISIONS_KEPT),
  );
  return rows.map((row) => ({ ...row, tags: tagsOf(row.tags) }));
}

export function revisionsQuery(client: AppSupabaseClient, postId: string) {
  return queryOptions({
    queryKey: [...adminKeys.posts, postId, "revisions"],
    queryFn: () => listRevisions(client, postId),
    staleTime: 0,
  });
}

/** Puts a revision back (a new revision "restored"); resolves with the post as it is now. */
export async function restoreRevision(client: AppSupabaseClient, revisionId: number): Promise<BlogPost> {
  const postId = expectData(await client.rpc("restore_post_revision", { revision_id: revisionId }));
  return expectData(await client.from("blog_posts").select(POST_COLUMNS).eq("id", postId).single());
}

/** A preview link's purpose: a reviewer's link (7 days) or the admin's own look (1 hour). */
export type PreviewPurpose = "share" | "view";

export interface PreviewLink {
  url: string;
  expiresAt: string;
}

/** The path of the page a preview token opens (app/routes/blog/preview.tsx). */
export const previewPath = (token: string) => `/blog/previa/${token}`;

/**
 * A new preview link for a post. A new "share" link revokes the post's previous one; publishing
 * or unpublishing the post, or deleting it, revokes every link.
 */
export async function createPreviewLink(
  client: AppSupabaseClient,
  postId: string,
  purpose: PreviewPurpose,
  origin: string,
): Promise<PreviewLink> {
  const rows = expectData(await client.rpc("create_post_preview_link", { for_post: postId, purpose }));
  const row = rows[0];
  if (!row) throw new Error("create_post_preview_link returned no link");
  return { url: `${origin}${previewPath(row.token)}`, expiresAt: row.expires_at };
}
