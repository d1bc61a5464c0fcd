import { queryOptions } from "@tanstack/react-query";
import type { BlogPost } from "../blog-types";
import { expectData } from "../data-result";
import type { AppSupabaseClient } from "../database.types";
import { postRow, type PostInput } from "../posts";
import { adminKeys } from "./keys";

// The admin's reads and writes of posts (docs/product.md §7). They run as the signed-in user, so
// row-level security decides what succeeds; failures are thrown as DataFailure
// (app/lib/data-result.ts) for TanStack Query to retry or report. What a post may be: ../posts.ts.

/** Every post, drafts included, newest first. */
export async function listAllPosts(client: AppSupabaseClient): Promise<BlogPost[]> {
  return expectData(await client.from("blog_posts").select("*").order("created_at", { ascending: false }));
}

/** The posts tab's list, which the images tab also reads ("Usada em 1 post"). */
export function postsQuery(client: AppSupabaseClient) {
  return queryOptions({ queryKey: adminKeys.posts, queryFn: () => listAllPosts(client) });
}

/** Creates the post (`id` null) or updates it; a taken slug fails as a conflict. */
export async function savePost(
  client: AppSupabaseClient,
  input: PostInput,
  authorId: string,
  id: string | null,
): Promise<void> {
  expectData(
    id
      ? await client.from("blog_posts").update(postRow(input, authorId)).eq("id", id)
      : await client.from("blog_posts").insert(postRow(input, authorId)),
  );
}

export async function deletePost(client: AppSupabaseClient, id: string): Promise<void> {
  expectData(await client.from("blog_posts").delete().eq("id", id));
}
