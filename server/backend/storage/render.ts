// Image transformations at /storage/v1/render/image/public/<bucket>/<name>, the URL storage-js
// builds for getPublicUrl(name, { transform }): width, height, resize (cover | contain | fill),
// quality, and format=origin to keep the stored format. Otherwise the format follows the
// browser's Accept header: AVIF, then WebP, else the original (Vary: Accept).
//
// Bounded work: widths and heights snap up to fixed lists, qualities to a few steps, so one
// object has a bounded number of renditions; each is made once, by sharp, and kept on disk
// beside the blobs (deleted with its object); at most two are made at a time and 32 wait, so
// pages keep being served while images are encoded, and a flood gets 503 instead of a queue.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { StorageError, storageErrors } from "./errors.ts";

export const RENDER_WIDTHS = [160, 320, 480, 640, 800, 960, 1200, 1600] as const;
/** The 40:21 crop of each width (the site's cards and heroes, app/lib/images.ts), then 1200 and 1600. */
export const RENDER_HEIGHTS = [90, 170, 260, 340, 420, 510, 630, 840, 1200, 1600] as const;
const QUALITIES = [50, 60, 70, 75, 80, 90] as const;
const RESIZE_MODES = ["cover", "contain", "fill"] as const;
const MAX_RENDERS_AT_ONCE = 2;
/** Renditions waiting for a slot; past this, 503 instead of an ever longer queue. */
const MAX_WAITING = 32;

export interface Transform {
  width: number | null;
  height: number | null;
  resize: (typeof RESIZE_MODES)[number];
  quality: number;
  origin: boolean;
}

const snapUp = (value: number, steps: readonly number[]) => steps.find((step) => step >= value) ?? steps.at(-1)!;

function dimension(raw: string | undefined, name: string): number | null {
  if (raw === undefined || raw === "") return null;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1)
    throw storageErrors.invalidRequest(`${name} must be a positive whole number`);
  return Number(raw);
}

export function parseTransform(query: Record<string, string | undefined>): Transform {
  const width = dimension(query["width"], "width");
  const height = dimension(query["height"], "height");
  const resize = (query["resize"] ?? "cover") as Transform["resize"];
  if (!RESIZE_MODES.includes(resize)) throw storageErrors.invalidRequest("resize must be cover, contain or fill");
  const quality = dimension(query["quality"], "quality") ?? 80;
  if (query["format"] !== undefined && query["format"] !== "origin") {
    throw storageErrors.invalidRequest("format must be origin (or absent: chosen from Accept)");
  }
  return {
    width: width === null ? null : snapUp(width, RENDER_WIDTHS),
    height: height === null ? null : snapUp(height, RENDER_HEIGHTS),
    resize,
    quality: snapUp(Math.min(quality, 100), QUALITIES),
    origin: query["format"] === "origin",
  };
}

type OutputFormat = "avif" | "webp" | "jpeg" | "png" | "gif";

export function outputFormat(transform: Transform, storedMime: string, accept: string): OutputFormat {
  const stored = (storedMime.replace("image/", "") as OutputFormat) || "jpeg";
  if (transform.origin) return stored;
  if (/image\/avif/.test(accept)) return "avif";
  if (/image\/webp/.test(accept)) return "webp";
  return stored;
}

let rendering = 0;
const waiting: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (rendering >= MAX_RENDERS_AT_ONCE) {
    if (waiting.length >= MAX_WAITING) {
      throw new StorageError(503, "busy", "Too many images are being prepared; try again in a moment");
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  rendering += 1;
  try {
    return await fn();
  } finally {
    rendering -= 1;
    waiting.shift()?.();
  }
}

/** The cached rendition's file, made now when missing. */
export async function rendition(
  cacheDir: string,
  open: () => Readable,
  object: { bucket_id: string; id: string; version: string },
  transform: Transform,
  format: OutputFormat,
): Promise<{ file: string; key: string }> {
  const key = `${transform.width ?? "auto"}x${transform.height ?? "auto"}-${transform.resize}-q${transform.quality}.${format}`;
  const file = path.join(cacheDir, object.bucket_id, object.id, object.version, key);
  if (fs.existsSync(file)) return { file, key };
  return slot(async () => {
    const { default: sharp } = await import("sharp");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    // Read whole (5 MB at most): a stream's errors then surface here, as a rejected request.
    const chunks: Buffer[] = [];
    for await (const chunk of open()) chunks.push(chunk as Buffer);
    const pipeline = sharp(Buffer.concat(chunks), { animated: format === "gif" || format === "webp" })
      .rotate()
      .resize({
        width: transform.width ?? undefined,
        height: transform.height ?? undefined,
        fit: transform.resize,
        withoutEnlargement: true,
      });
    const encoded =
      format === "avif"
        ? pipeline.avif({ quality: Math.max(transform.quality - 20, 30), effort: 2 })
        : format === "webp"
          ? pipeline.webp({ quality: transform.quality })
          : format === "jpeg"
            ? pipeline.jpeg({ quality: transform.quality, mozjpeg: true })
            : format === "png"
              ? pipeline.png({ compressionLevel: 9, palette: true })
              : pipeline.gif();
    await encoded.toFile(partial);
    fs.renameSync(partial, file);
    return { file, key };
  });
}

/** Drops every rendition of an object (it was replaced, moved away or removed). */
export function dropRenditions(cacheDir: string, object: { bucket_id: string; id: string }): void {
  fs.rmSync(path.join(cacheDir, object.bucket_id, object.id), { recursive: true, force: true });
}

export const streamFile = (file: string) => Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
