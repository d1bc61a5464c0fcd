import { queryOptions } from "@tanstack/react-query";
import { profileRow, tagRow, type AuthorProfileInput, type TagInput } from "../authoring";
import type { AuthorProfile } from "../blog-types";
import { DataFailure, expectData } from "../data-result";
import type { AppSupabaseClient } from "../database.types";
import { adminKeys } from "./keys";

// The admin's writes of tags and of author profiles (issue #36). Row-level security decides:
// only editors and admins write tags; a profile is its owner's (a staff account) and the
// editors' and admins'. Reading the tags: ./posts.ts (tagsQuery), which the post form shares.

export async function createTag(client: AppSupabaseClient, input: TagInput): Promise<void> {
  expectData(await client.from("tags").insert(tagRow(input)));
}

/** A tag someone else deleted meanwhile: PostgREST answers an update or delete of no row with 2xx. */
function tagGone(): DataFailure {
  return new DataFailure({ kind: "not-found", message: "The tag no longer exists", code: "PGRST116" });
}

export async function updateTag(client: AppSupabaseClient, id: string, input: TagInput): Promise<void> {
  const rows = expectData(await client.from("tags").update(tagRow(input)).eq("id", id).select("id"));
  if (rows.length === 0) throw tagGone();
}

/** Deleting a tag takes it off its posts (the foreign key's cascade). */
export async function deleteTag(client: AppSupabaseClient, id: string): Promise<void> {
  const rows = expectData(await client.from("tags").delete().eq("id", id).select("id"));
  if (rows.length === 0) throw tagGone();
}

/** The signed-in user's profile, or null before they write one. */
export function authorProfileQuery(client: AppSupabaseClient, userId: string) {
  return queryOptions({
    queryKey: adminKeys.authorProfile,
    queryFn: async (): Promise<AuthorProfile | null> =>
      expectData(await client.from("author_profiles").select("*").eq("user_id", userId).maybeSingle()),
  });
}

/** Every author profile the signed-in member may read, by name (editors and admins edit them). */
export function authorProfilesQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: adminKeys.authorProfiles,
    queryFn: async (): Promise<AuthorProfile[]> =>
      expectData(await client.from("author_profiles").select("*").order("name", { ascending: true })),
  });
}

/** Writes a user's profile: created the first time, then updated. */
export async function saveAuthorProfile(
  client: AppSupabaseClient,
  userId: string,
  input: AuthorProfileInput,
  exists: boolean,
): Promise<void> {
  const row = profileRow(input);
  expectData(
    exists
      ? await client.from("author_profiles").update(row).eq("user_id", userId)
      : await client.from("author_profiles").insert({ ...row, user_id: userId }),
  );
}
