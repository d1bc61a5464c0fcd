// Image transformations at /storage/v1/render/image/public/<bucket>/<name>, the URL storage-js
// builds for getPublicUrl(name, { transform }): width, height, resize (cover | contain | fill),
// quality, and format=origin to keep the stored format. Otherwise the format follows the
// browser's Accept header: AVIF, then WebP, else the original (Vary: Accept).
//
// Anyone may ask, so every request maps to one of a few renditions per object (the sizes the
// site's pages use, one quality, three formats), each made once and kept on disk beside the
// blobs (deleted with its object). Requests for a rendition being made wait for that render
// instead of starting another. A new one costs the asking address a turn of its rate limit (the
// caller's `admit`), waits for one of a few render slots (a queue that answers 503 when full),
// and runs under a deadline: past it the request answers 503 and sharp stops the work.
import fs from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ImageOutOfBounds, MAX_PIXELS, checkBounds, loadSharp } from "./image-bounds.ts";
import { storageErrors } from "./errors.ts";
import { RENDITION_WIDTHS } from "../../../app/lib/images.ts";

/** The widths a rendition comes in (the app's list, whose pages ask for them); a requested width snaps up to the next. */
export const RENDER_WIDTHS = RENDITION_WIDTHS;

/** The one crop: the 40:21 of the site's cards and heroes, its height rounded up to 10 px (app/lib/images.ts). */
export const cropHeight = (width: number) => Math.ceil((width * 21) / 40 / 10) * 10;

/**
 * Every rendition's quality. The site never asks for another, and each further step would
 * multiply an object's renditions, so any `quality` a client asks for snaps to this one.
 */
export const RENDER_QUALITY = 80;

const RESIZE_MODES = ["cover", "contain", "fill"] as const;

export interface RenderLimits {
  /** Renditions made at the same time (each on one libvips thread, image-bounds.ts). */
  atOnce: number;
  /** Requests waiting for a render slot; past this, 503 instead of an ever longer queue. */
  waiting: number;
  /** A request's wait for a slot plus its render; past it, 503. */
  timeoutMs: number;
}

/**
 * One core stays for the pages on a small machine. A rendition takes 0.1 s (a small WebP) to
 * several seconds (a 1600-wide AVIF of a noisy 50-megapixel PNG); the deadline leaves room for
 * that on a busy machine and still frees a stuck slot.
 */
export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  atOnce: Math.max(1, availableParallelism() - 1),
  waiting: 32,
  timeoutMs: 20_000,
};

/**
 * A canonical rendition: `width` null keeps the stored size, `height` is set only for the
 * 40:21 crop of `width`. At most 8 widths × (own shape or crop) + the stored size = 17
 * geometries, × 3 formats: 51 renditions per object.
 */
export interface Transform {
  width: number | null;
  height: number | null;
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

/**
 * The query as one of an object's renditions. `stored` is the object's size (its metadata)
 * when known: a height alone, or `contain`, asks for the picture fitted into a box, which is a
 * width once the picture's shape is known. `cover` and `fill` with both sides give the crop.
 */
export function parseTransform(
  query: Record<string, string | undefined>,
  stored: { width: number; height: number } | null,
): Transform {
  const width = dimension(query["width"], "width");
  const height = dimension(query["height"], "height");
  const resize = (query["resize"] ?? "cover") as (typeof RESIZE_MODES)[number];
  if (!RESIZE_MODES.includes(resize)) throw storageErrors.invalidRequest("resize must be cover, contain or fill");
  dimension(query["quality"], "quality");
  if (query["format"] !== undefined && query["format"] !== "origin") {
    throw storageErrors.invalidRequest("format must be origin (or absent: chosen from Accept)");
  }
  const aspect = stored && stored.width > 0 && stored.height > 0 ? stored.width / stored.height : null;
  let fitWidth = width;
  let crop = false;
  if (width !== null && height !== null) {
    if (resize === "contain") fitWidth = aspect ? Math.min(width, Math.floor(height * aspect)) : width;
    else crop = true;
  } else if (height !== null) {
    fitWidth = aspect ? Math.ceil(height * aspect) : null;
  }
  const snapped = fitWidth === null ? null : snapUp(Math.max(1, fitWidth), RENDER_WIDTHS);
  return {
    width: snapped,
    height: crop && snapped !== null ? cropHeight(snapped) : null,
    quality: RENDER_QUALITY,
    origin: query["format"] === "origin",
  };
}

export type OutputFormat = "avif" | "webp" | "jpeg" | "png" | "gif";

export function outputFormat(transform: Transform, storedMime: string, accept: string): OutputFormat {
  const stored = (storedMime.replace("image/", "") as OutputFormat) || "jpeg";
  if (transform.origin) return stored;
  if (/image\/avif/.test(accept)) return "avif";
  if (/image\/webp/.test(accept)) return "webp";
  return stored;
}

/**
 * The most pixels a rendition has, all frames of an animation together: an AVIF encoder holds
 * about 20 bytes per pixel, so the stored size of a 50-megapixel picture took a gigabyte. A
 * larger output (a stored size, a very tall picture at a wide width) is scaled down to fit.
 */
export const MAX_RENDITION_PIXELS = 4_000_000;

/** The box sharp resizes into: the transform's, never larger than the stored picture, within MAX_RENDITION_PIXELS. */
export function outputBox(
  transform: Pick<Transform, "width" | "height">,
  stored: { width: number; height: number },
  frames: number,
): { width: number; height: number | null } {
  const width = Math.min(transform.width ?? stored.width, stored.width);
  const height = transform.height === null ? Math.ceil((width * stored.height) / stored.width) : transform.height;
  const scale = Math.min(1, Math.sqrt(MAX_RENDITION_PIXELS / (frames * width * height)));
  if (scale === 1) return { width: transform.width ?? stored.width, height: transform.height };
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: transform.height === null ? null : Math.max(1, Math.floor(height * scale)),
  };
}

/** The rendition's file name under its object's version; also its ETag's suffix. */
export const renditionKey = (transform: Transform, format: OutputFormat) =>
  `${transform.width ?? "auto"}x${transform.height ?? "auto"}-q${transform.quality}.${format}`;

export interface RenditionRequest {
  object: { bucket_id: string; id: string; version: string };
  transform: Transform;
  format: OutputFormat;
  /** The stored bytes, whole; they are read only when a new rendition is made. */
  read: () => Promise<Buffer>;
  /** Asked once before a new rendition is made, never for a cached or shared one: the rate limit. */
  admit: () => Promise<void>;
}

export interface Renderer {
  /** The rendition's file: cached, shared with a render in progress, or made now. */
  rendition(request: RenditionRequest): Promise<{ file: string; key: string }>;
}

export interface RendererOptions {
  cacheDir: string;
  /** A new temporary file beside the cache (the blob store's), where a rendition is written before it is renamed into place. */
  tempFile: () => string;
  limits?: Partial<RenderLimits>;
  /** Called as each rendition starts encoding (tests count them). */
  onEncode?: (key: string) => void;
}

/** A refused `admit` of the request that started a render: the requests that joined it ask for themselves. */
const NOT_ADMITTED = Symbol("not admitted");

class AdmitRefused extends Error {
  readonly reason: unknown;
  constructor(reason: unknown) {
    super("not admitted");
    this.reason = reason;
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!;

/** `promise`, or a 503 at `deadline` (the work goes on; its slot is freed when it ends). */
function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(storageErrors.renderTimeout()), Math.max(0, deadline - Date.now()));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function createRenderer(options: RendererOptions): Renderer {
  const limits = { ...DEFAULT_RENDER_LIMITS, ...options.limits };
  /** Renders in progress, by their file: a second request for one waits for it. */
  const inFlight = new Map<string, Promise<string>>();
  let running = 0;
  const queue: { grant: () => void }[] = [];

  const release = () => {
    running -= 1;
    queue.shift()?.grant();
  };

  /** A render slot, waited for until `deadline` at most. */
  function acquire(deadline: number): Promise<void> {
    if (running < limits.atOnce) {
      running += 1;
      return Promise.resolve();
    }
    if (queue.length >= limits.waiting) return Promise.reject(storageErrors.renderBusy());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          running += 1;
          resolve();
        },
      };
      const timer = setTimeout(
        () => {
          queue.splice(queue.indexOf(entry), 1);
          reject(storageErrors.renderTimeout());
        },
        Math.max(0, deadline - Date.now()),
      );
      queue.push(entry);
    });
  }

  /** Reads, checks the header, and encodes to `partial`; resolves when sharp has stopped. */
  async function encode(request: RenditionRequest, key: string, partial: string, deadline: number): Promise<void> {
    const sharp = await loadSharp();
    const input = await request.read();
    const animated = request.format === "gif" || request.format === "webp";
    let stored: { width: number; height: number };
    let frames: number;
    try {
      // The header alone, before any decoding: an object stored some other way than an upload
      // meets the upload's bounds here.
      const meta = await sharp(input, { animated }).metadata();
      const bounded = checkBounds(meta);
      // EXIF orientations 5 to 8 turn the picture a quarter, as .rotate() below does.
      stored = (meta.orientation ?? 1) >= 5 ? { width: bounded.height, height: bounded.width } : bounded;
      frames = animated ? Math.max(1, meta.pages ?? 1) : 1;
    } catch (error) {
      if (error instanceof ImageOutOfBounds) throw storageErrors.cannotRender(error.message);
      // Never libvips' own words, here or below: some name a file, a path on this server.
      throw storageErrors.cannotRender("The image could not be read: the stored file is damaged or incomplete");
    }
    const { transform, format } = request;
    const box = outputBox(transform, stored, frames);
    const pipeline = sharp(input, { animated, limitInputPixels: MAX_PIXELS })
      // libvips stops the pipeline at this many whole seconds; the request has answered 503 by then.
      .timeout({ seconds: Math.min(3600, Math.max(1, Math.ceil((deadline - Date.now()) / 1000))) })
      .rotate()
      .resize({ width: box.width, height: box.height ?? undefined, fit: "cover", withoutEnlargement: true });
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
    options.onEncode?.(key);
    try {
      await encoded.toFile(partial);
    } catch (error) {
      if (/timeout/i.test(firstLine(error))) throw storageErrors.renderTimeout();
      throw storageErrors.cannotRender(`The image could not be rendered as ${format}`);
    }
  }

  /** Makes the rendition at `file`, in a slot, before `deadline`. */
  async function make(request: RenditionRequest, key: string, file: string, deadline: number): Promise<string> {
    await acquire(deadline);
    const partial = options.tempFile();
    const work = encode(request, key, partial, deadline);
    // The slot is held until sharp has stopped, even when the request gave up at its deadline.
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    void settled.finally(release);
    try {
      await beforeDeadline(work, deadline);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.rename(partial, file);
      return file;
    } catch (error) {
      void settled.finally(() => fs.rmSync(partial, { force: true }));
      throw error;
    }
  }

  async function rendition(request: RenditionRequest, deadline: number): Promise<{ file: string; key: string }> {
    const { object } = request;
    const key = renditionKey(request.transform, request.format);
    const file = path.join(options.cacheDir, object.bucket_id, object.id, object.version, key);
    if (fs.existsSync(file)) return { file, key };
    const pending = inFlight.get(file);
    if (pending) {
      try {
        return { file: await beforeDeadline(pending, deadline), key };
      } catch (error) {
        if (error === NOT_ADMITTED) return rendition(request, deadline);
        throw error;
      }
    }
    // Claimed before anything is awaited, so every request arriving meanwhile joins this one.
    const claim = (async () => {
      try {
        await request.admit();
      } catch (error) {
        throw new AdmitRefused(error);
      }
      return make(request, key, file, deadline);
    })();
    const shared = claim.catch((error: unknown) => {
      throw error instanceof AdmitRefused ? NOT_ADMITTED : error;
    });
    // Joiners attach their own handlers; this one only keeps an unobserved failure quiet.
    shared.catch(() => {});
    inFlight.set(file, shared);
    try {
      return { file: await claim, key };
    } catch (error) {
      throw error instanceof AdmitRefused ? error.reason : error;
    } finally {
      inFlight.delete(file);
    }
  }

  return {
    rendition: (request) => rendition(request, Date.now() + limits.timeoutMs),
  };
}

/** Drops every rendition of an object (it was replaced, moved away or removed). */
export function dropRenditions(cacheDir: string, object: { bucket_id: string; id: string }): void {
  fs.rmSync(path.join(cacheDir, object.bucket_id, object.id), { recursive: true, force: true });
}

export const streamFile = (file: string) => Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
