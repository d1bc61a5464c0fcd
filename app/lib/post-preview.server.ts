import type { RouterContextProvider } from "react-router";
import { completePost, POST_COLUMNS, type PublicPost } from "./blog.server";
import { unwrap } from "./data-result";
import { serviceSupabase } from "./supabase.server";

/** A preview token's shape: what public.create_post_preview_link returns (64 hex digits). */
export const PREVIEW_TOKEN = /^[0-9a-f]{64}$/;

/**
 * No store may keep a preview, nor any search engine index it: it is one person's link to an
 * unpublished post. The page cache never keeps it either (its page entry has no `cache`).
 */
export const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * The post a preview link shows, draft or scheduled, or null when the token is malformed,
 * unknown, expired or revoked. The database checks the token (public.preview_post_id, executable
 * by the service role only); the post is then read with the service role, by its id, on the
 * server only: visitors' row-level security stays as it is
 * (docs/decisions/083-preview-links-as-stored-tokens.md). Failures throw.
 */
export async function findPreviewPost(
  context: Readonly<RouterContextProvider>,
  token: string,
): Promise<PublicPost | null> {
  if (!PREVIEW_TOKEN.test(token)) return null;
  const client = serviceSupabase(context);
  const checked = unwrap(await client.rpc("preview_post_id", { token }));
  if (!checked.ok) throw new Error(`Could not check a preview token: ${checked.error.message}`);
  if (!checked.data) return null;
  const found = unwrap(await client.from("blog_posts").select(POST_COLUMNS).eq("id", checked.data).maybeSingle());
  if (!found.ok) throw new Error(`Could not read the previewed post: ${found.error.message}`);
  const row = found.data;
  if (!row) return null;
  return completePost(client, {
    ...row,
    // A draft has no date yet: the page shows the last change's.
    published_at: row.published_at ?? row.updated_at,
  });
}
