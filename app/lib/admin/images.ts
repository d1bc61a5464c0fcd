import { DataFailure, expectData } from "../data-result";
import type { AppSupabaseClient } from "../database.types";
import { BLOG_IMAGES_BUCKET } from "../image-upload";

// The admin's uploaded images: the blog-images bucket's posts/ folder as the database describes it
// (public.blog_image_overview: original name, the posts that show each, whether anything uses
// it), and deletions through storage-js as the signed-in user. Row-level security decides both.

/** A post that shows an image. */
export interface ImagePost {
  id: string;
  title: string;
}

/** An uploaded image of the blog-images bucket (the admin's uploads live under posts/). */
export interface UploadedImage {
  /** Object name in the bucket, e.g. posts/<id>-1200x630.jpg */
  name: string;
  /** The file name it was uploaded with ("capa.png"); null for uploads older than that record. */
  originalName: string | null;
  bytes: number;
  createdAt: string;
  /** The public address posts store. */
  path: string;
  /** The posts that show it: featured, in the text or as the sharing image. */
  posts: ImagePost[];
  /** Shown anywhere: by a post, an author's photo or the site's sharing image. */
  inUse: boolean;
}

/**
 * A storage-js error as a DataFailure: its statusCode says forbidden or not found. No error but
 * nothing removed is "not-found" too: the image was already gone (or hidden from this caller).
 */
function storageFailure(error: { message: string; statusCode?: string } | null): DataFailure {
  const status = Number(error?.statusCode ?? 0);
  const kind = status === 403 ? "forbidden" : status === 404 || !error ? "not-found" : "unknown";
  return new DataFailure({ kind, message: error?.message ?? "The image was not deleted", status });
}

function postsOf(value: unknown): ImagePost[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((post: unknown) => {
    const { id, title } = (post ?? {}) as { id?: unknown; title?: unknown };
    return typeof id === "string" && typeof title === "string" ? [{ id, title }] : [];
  });
}

export async function listImages(client: AppSupabaseClient): Promise<UploadedImage[]> {
  const rows = expectData(await client.rpc("blog_image_overview"));
  return rows.map((row) => ({
    name: row.name,
    originalName: row.original_name ?? null,
    bytes: Number(row.bytes ?? 0),
    createdAt: row.created_at ?? "",
    path: `/storage/v1/object/public/${BLOG_IMAGES_BUCKET}/${row.name}`,
    posts: postsOf(row.posts),
    inUse: row.in_use === true,
  }));
}

/** Removes objects from the bucket and their upload records; resolves with the names removed. */
async function removeObjects(client: AppSupabaseClient, names: readonly string[]): Promise<string[]> {
  const { data, error } = await client.storage.from(BLOG_IMAGES_BUCKET).remove([...names]);
  // Row-level security hides what a user may not delete: nothing removed is a refusal.
  if (error || !data || data.length === 0)
    throw storageFailure(error as { message: string; statusCode?: string } | null);
  const removed = data.map((object) => object.name);
  // The record of a removed upload says nothing any more; a leftover one is ignored anyway.
  await client.from("blog_image_uploads").delete().in("name", removed);
  return removed;
}

export async function deleteImage(client: AppSupabaseClient, image: UploadedImage): Promise<void> {
  await removeObjects(client, [image.name]);
}

/** How many uploads to remove per storage request. */
const REMOVE_BATCH = 100;

/**
 * "Remover imagens sem uso": deletes, of the names the page showed and the editor confirmed, those
 * the database still reports unused; one that comes into use before its DELETE is spared there
 * (policy in 20260101004060_image_cleanup_checks_use.sql). Resolves with how many went.
 */
export async function removeUnusedImages(client: AppSupabaseClient, names: readonly string[]): Promise<number> {
  if (names.length === 0) return 0;
  const requested = expectData(await client.rpc("request_unused_blog_images_removal", { names: [...names] }));
  let removed = 0;
  try {
    for (let start = 0; start < requested.length; start += REMOVE_BATCH) {
      const batch = requested.slice(start, start + REMOVE_BATCH);
      const { data, error } = await client.storage.from(BLOG_IMAGES_BUCKET).remove(batch);
      if (error) throw storageFailure(error as { message: string; statusCode?: string });
      // Nothing removed is no refusal here: the images came into use and were spared.
      const gone = (data ?? []).map((object) => object.name);
      if (gone.length > 0) await client.from("blog_image_uploads").delete().in("name", gone);
      removed += gone.length;
    }
  } finally {
    // The request must not outlive this cleanup (a later bin delete of one of them is the editor's).
    if (requested.length > 0) await client.from("blog_image_cleanup_requests").delete().in("name", requested);
  }
  return removed;
}

/** The uploads the database reports unused for a day: what "Remover imagens sem uso" removes. */
export async function listUnusedImages(client: AppSupabaseClient): Promise<string[]> {
  return expectData(await client.rpc("unused_blog_images"));
}
