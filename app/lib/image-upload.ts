// Uploading a blog image from the admin: the storage API's own wire format (the request
// storage-js's upload sends: POST <storage>/object/<bucket>/<name> with the raw file), through
// XMLHttpRequest because fetch cannot report upload progress. Row-level security decides on
// the server (only admins may write to blog-images); the checks here only spare a round trip.
import type { BrowserBackendConfig } from "./supabase.client";

export const BLOG_IMAGES_BUCKET = "blog-images";
/** The bucket's limit (supabase/migrations/20260101001100_blog_images_bucket.sql). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};
export const ACCEPTED_IMAGE_TYPES = Object.keys(IMAGE_EXTENSIONS).join(",");

export type UploadProblem = "type" | "size" | "forbidden" | "failed";

/** The size link previews (Open Graph: WhatsApp, LinkedIn, Facebook) draw a large image at. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Whether a sharing image is smaller than previews draw it, so they would stretch or drop it. */
export function smallForSharing(size: { width: number; height: number }): boolean {
  return size.width < SHARE_IMAGE_SIZE.width || size.height < SHARE_IMAGE_SIZE.height;
}

/**
 * Where in the bucket: `posts/` for the blog's images (the admin's "Imagens" lists them), `site/`
 * for the site settings' sharing image, which no post shows and that list leaves out.
 */
export type ImageFolder = "posts" | "site";

export class ImageUploadError extends Error {
  readonly problem: UploadProblem;
  constructor(problem: UploadProblem) {
    super(problem);
    this.problem = problem;
    this.name = "ImageUploadError";
  }
}

/** The first image among dropped or pasted files, if any. */
export function firstImage(files: FileList | readonly File[] | null | undefined): File | null {
  return [...(files ?? [])].find((file) => file.type.startsWith("image/")) ?? null;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * An accepted image type from a file's first bytes, or null. The browser's `file.type` comes from
 * the name's extension, and the server refuses a name whose extension is not the bytes' type, so
 * a JPEG saved as "foto.png" must be named and sent by what it is.
 */
export function sniffImageType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image/gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // The major brand, then the compatible ones, within the ftyp box's first bytes read here.
    const boxEnd = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue; // the minor version
      if (["avif", "avis"].includes(ascii(bytes, at, at + 4))) return "image/avif";
    }
  }
  return null;
}

/** The file's real type, from its bytes (see sniffImageType). */
export async function imageTypeOf(file: Blob): Promise<string | null> {
  return sniffImageType(new Uint8Array(await file.slice(0, 64).arrayBuffer()));
}

/** What the browser can check before sending (the server checks the bytes again). */
export function checkImageFile(file: { size: number }, type: string | null): UploadProblem | null {
  if (!type || !IMAGE_EXTENSIONS[type]) return "type";
  if (file.size > MAX_IMAGE_BYTES) return "size";
  return null;
}

/**
 * The object name: unique, and carrying the picture's size so public pages can reserve its
 * space without a lookup (app/lib/images.ts dimensionsFromName); the extension is the type's.
 */
export function imageObjectName(
  type: string,
  size: { width: number; height: number },
  id: string,
  folder: ImageFolder = "posts",
): string {
  return `${folder}/${id}-${size.width}x${size.height}.${IMAGE_EXTENSIONS[type] ?? "img"}`;
}

/** Its size as displayed (EXIF orientation applied, as the server stores it). */
export async function imageSize(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** The URL a post stores: a site path when the backend is this site, so it works on every origin. */
export function publicImageUrl(config: BrowserBackendConfig, name: string): string {
  const path = `/storage/v1/object/public/${BLOG_IMAGES_BUCKET}/${name}`;
  return config.publicUrl ? `${config.publicUrl.replace(/\/+$/, "")}${path}` : path;
}

export interface UploadRequest {
  config: BrowserBackendConfig;
  accessToken: string;
  file: File;
  onProgress: (fraction: number) => void;
  folder?: ImageFolder;
}

/** Uploads one image; resolves with the URL to store, or rejects with an ImageUploadError. */
export async function uploadImage({ config, accessToken, file, onProgress, folder }: UploadRequest): Promise<string> {
  const type = await imageTypeOf(file).catch(() => null);
  const problem = checkImageFile(file, type);
  if (problem || !type) throw new ImageUploadError(problem ?? "type");
  let size: { width: number; height: number };
  try {
    size = await imageSize(file);
  } catch {
    throw new ImageUploadError("type");
  }
  const name = imageObjectName(type, size, crypto.randomUUID(), folder);
  const base = config.publicUrl?.replace(/\/+$/, "") ?? "";
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${base}/storage/v1/object/${BLOG_IMAGES_BUCKET}/${name}`);
    request.setRequestHeader("Authorization", `Bearer ${accessToken}`);
    request.setRequestHeader("apikey", config.anonKey);
    request.setRequestHeader("Content-Type", type);
    // The name is unique to this upload, so its URL never changes meaning: cache for a year.
    request.setRequestHeader("Cache-Control", "max-age=31536000");
    request.setRequestHeader("x-upsert", "false");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      if (request.status === 200) return resolve();
      const status = request.status;
      reject(
        new ImageUploadError(
          status === 413 ? "size" : status === 415 || status === 400 ? "type" : status === 403 ? "forbidden" : "failed",
        ),
      );
    });
    request.addEventListener("error", () => reject(new ImageUploadError("failed")));
    request.send(file);
  });
  onProgress(1);
  if ((folder ?? "posts") === "posts") await recordOriginalName(config, accessToken, name, file.name);
  return publicImageUrl(config, name);
}

/** Longest original file name kept (public.blog_image_uploads). */
const ORIGINAL_NAME_MAX = 255;

/**
 * Records the file name the editor uploaded (the object's own name is a UUID) in
 * public.blog_image_uploads, which "Imagens" shows. A plain PostgREST insert with the same token,
 * as supabase-js would send it (this module has no client). Best effort: the image is stored
 * either way, and without the record it is listed by its object name.
 */
async function recordOriginalName(
  config: BrowserBackendConfig,
  accessToken: string,
  name: string,
  fileName: string,
): Promise<void> {
  const originalName = (fileName.split(/[\\/]/).at(-1) ?? "").trim().slice(0, ORIGINAL_NAME_MAX);
  if (!originalName) return;
  const base = config.publicUrl?.replace(/\/+$/, "") ?? "";
  try {
    await fetch(`${base}/rest/v1/blog_image_uploads`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${accessToken}`,
        apikey: config.anonKey,
        "Content-Type": "application/json",
        Prefer: "return=minimal",
      },
      body: JSON.stringify({ name, original_name: originalName }),
    });
  } catch {
    // Offline between the upload and this call: the image keeps its object name in the list.
  }
}
