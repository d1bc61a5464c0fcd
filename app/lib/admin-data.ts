import type { SupabaseClient } from "@supabase/supabase-js";
import type { BlogPost, ContactMessage } from "./blog-types";

// The admin's reads and writes (spec §7). They run as the signed-in user, so row-level
// security decides what succeeds; errors are thrown for TanStack Query to retry or report.

export const adminKeys = {
  posts: ["admin", "posts"] as const,
  messages: ["admin", "messages"] as const,
};

export interface PostInput {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string;
  published: boolean;
}

/** A failed write, with PostgREST's SQLSTATE (e.g. 23505 for a duplicate slug). */
export class WriteError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = "WriteError";
    this.code = code;
  }
}

export async function listAllPosts(client: SupabaseClient): Promise<BlogPost[]> {
  const { data, error } = await client.from("blog_posts").select("*").order("created_at", { ascending: false });
  if (error) throw new Error(error.message);
  return (data ?? []) as BlogPost[];
}

function row(input: PostInput, authorId: string) {
  return {
    title: input.title.trim(),
    slug: input.slug.trim(),
    // Optional fields are stored as NULL rather than empty strings.
    excerpt: input.excerpt.trim() || null,
    content: input.content,
    featured_image: input.featured_image.trim() || null,
    published: input.published,
    // Spec §3: the current user on create and on update.
    author_id: authorId,
  };
}

export async function savePost(
  client: SupabaseClient,
  input: PostInput,
  authorId: string,
  id: string | null,
): Promise<void> {
  const { error } = id
    ? await client.from("blog_posts").update(row(input, authorId)).eq("id", id)
    : await client.from("blog_posts").insert(row(input, authorId));
  if (error) throw new WriteError(error.message, error.code);
}

export async function deletePost(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from("blog_posts").delete().eq("id", id);
  if (error) throw new WriteError(error.message, error.code);
}

export async function listMessages(client: SupabaseClient): Promise<ContactMessage[]> {
  const { data, error } = await client.from("contact_messages").select("*").order("created_at", { ascending: false });
  if (error) throw new Error(error.message);
  return (data ?? []) as ContactMessage[];
}

export async function markMessageHandled(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from("contact_messages").update({ handled_at: new Date().toISOString() }).eq("id", id);
  if (error) throw new WriteError(error.message, error.code);
}

export async function deleteMessage(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from("contact_messages").delete().eq("id", id);
  if (error) throw new WriteError(error.message, error.code);
}

/** PostgreSQL's unique_violation, surfaced by PostgREST as HTTP 409. */
export const UNIQUE_VIOLATION = "23505";
