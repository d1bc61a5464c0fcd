import type { BlogPost } from "../blog-types";
import { DataFailure } from "../data-result";
import type { AppSupabaseClient } from "../database.types";

// The admin's uploaded images: the blog-images bucket's posts/ folder, listed and deleted through
// storage-js as the signed-in user (the bucket's row-level security decides).

/** An uploaded image of the blog-images bucket (the admin's uploads live under posts/). */
export interface UploadedImage {
  /** Object name in the bucket, e.g. posts/<id>-1200x630.jpg */
  name: string;
  bytes: number;
  createdAt: string;
  /** The public address posts store. */
  path: string;
}

const IMAGE_FOLDER = "posts";

/** A storage-js error as a DataFailure: its statusCode says forbidden or not found. */
function storageFailure(error: { message: string; statusCode?: string } | null): DataFailure {
  const status = Number(error?.statusCode ?? 0);
  const kind = status === 403 ? "forbidden" : status === 404 ? "not-found" : "unknown";
  return new DataFailure({ kind, message: error?.message ?? "The image was not deleted", status });
}

export async function listImages(client: AppSupabaseClient): Promise<UploadedImage[]> {
  const { data, error } = await client.storage
    .from("blog-images")
    .list(IMAGE_FOLDER, { limit: 1000, sortBy: { column: "created_at", order: "desc" } });
  if (error) throw storageFailure(error as { message: string; statusCode?: string });
  return (data ?? [])
    .filter((file) => file.id)
    .map((file) => ({
      name: `${IMAGE_FOLDER}/${file.name}`,
      bytes: Number((file.metadata as { size?: number } | null)?.size ?? 0),
      createdAt: file.created_at ?? "",
      path: `/storage/v1/object/public/blog-images/${IMAGE_FOLDER}/${file.name}`,
    }));
}

/** The posts that show an image, as their featured image or in their text. */
export function postsUsingImage(image: UploadedImage, posts: readonly BlogPost[]): BlogPost[] {
  return posts.filter((post) => (post.featured_image ?? "").includes(image.name) || post.content.includes(image.name));
}

export async function deleteImage(client: AppSupabaseClient, image: UploadedImage): Promise<void> {
  const { data, error } = await client.storage.from("blog-images").remove([image.name]);
  // Row-level security hides what a user may not delete: nothing removed is a refusal.
  if (error || !data || data.length === 0)
    throw storageFailure(error as { message: string; statusCode?: string } | null);
}
