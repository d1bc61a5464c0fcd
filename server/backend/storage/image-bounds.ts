// What an image may be before sharp decodes it, checked from its header: at upload (upload.ts)
// and again before every rendition (render.ts), since an object may have reached the database
// some other way (a restore, an older version, a hand-made row). And sharp itself, loaded on
// first use with the settings that keep its work beside the pages' instead of over them.
import type { Metadata, Sharp, SharpOptions } from "sharp";

/** 50 megapixels: far above any photo a blog shows (8,660 × 5,773), and a bound on decoding. */
export const MAX_PIXELS = 50_000_000;
/** WebP's largest side, so every stored image can become every rendition format. */
export const MAX_SIDE = 16_383;
/** Long side over short side: a panorama or a tall infographic fits, a 1-pixel sliver does not. */
export const MAX_ASPECT_RATIO = 32;

/** Why an image's header puts it out of bounds; the caller answers 400 (an upload) or 422 (a stored object). */
export class ImageOutOfBounds extends Error {}

/** The header's size, or ImageOutOfBounds when a side, the shape or the pixels of all frames are too large. */
export function checkBounds(meta: Pick<Metadata, "width" | "height" | "pageHeight" | "pages">): {
  width: number;
  height: number;
} {
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const frames = Math.max(1, meta.pages ?? 1);
  const size = `${width} × ${height} pixels${frames > 1 ? ` in ${frames} frames` : ""}`;
  if (width < 1 || height < 1) throw tooLarge(`the image has no size (${size})`);
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw tooLarge(`the image is ${size}; a side may have at most ${MAX_SIDE} pixels`);
  }
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO) {
    throw tooLarge(`the image is ${size}; one side may be at most ${MAX_ASPECT_RATIO} times the other`);
  }
  if (width * height * frames > MAX_PIXELS) {
    throw tooLarge(`the image is ${size}, over the pixel limit of ${MAX_PIXELS / 1_000_000} megapixels`);
  }
  return { width, height };
}

const tooLarge = (reason: string) => new ImageOutOfBounds(`The image is too large: ${reason}`);

type SharpFactory = (input?: Buffer | string, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | null = null;

/**
 * sharp, loaded on first use (libvips costs resident memory that a server without images
 * should not pay), with one libvips thread per image, so an image never takes every core from
 * the pages, and without libvips' operation cache, which would keep decoded images in memory
 * for pipelines that never repeat.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
