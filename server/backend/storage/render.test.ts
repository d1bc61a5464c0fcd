// The renderer alone (no database): which renditions a query can name, and the bounds on making
// one: a deadline answered with 503, and a full queue answered with 503 at once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MAX_RENDITION_PIXELS,
  RENDER_WIDTHS,
  createRenderer,
  outputBox,
  parseTransform,
  renditionKey,
  type RenditionRequest,
} from "./render.ts";

describe("parseTransform", () => {
  it("names at most 17 geometries and one quality, whatever the query", () => {
    const keys = new Set<string>();
    const sides = [undefined, "1", "90", "100", "263", "500", "799", "1200", "2500", "99999"];
    for (const width of sides) {
      for (const height of sides) {
        for (const resize of ["cover", "contain", "fill"]) {
          for (const quality of [undefined, "1", "55", "80", "100", "500"]) {
            for (const stored of [null, { width: 3000, height: 2000 }, { width: 500, height: 4000 }]) {
              const query = { width, height, resize, quality };
              const transform = parseTransform(query, stored);
              expect(transform.quality).toBe(80);
              keys.add(renditionKey(transform, "avif"));
            }
          }
        }
      }
    }
    expect(keys.size).toBeLessThanOrEqual(1 + 2 * RENDER_WIDTHS.length);
  });

  it("keeps the site's sizes exact and fits contain and a lone height into a width", () => {
    const stored = { width: 1600, height: 900 };
    expect(parseTransform({ width: "640", height: "340" }, stored)).toMatchObject({ width: 640, height: 340 });
    expect(parseTransform({ width: "1200", height: "630" }, stored)).toMatchObject({ width: 1200, height: 630 });
    expect(parseTransform({ width: "160" }, stored)).toMatchObject({ width: 160, height: null });
    // 16:9 into 800 × 300: 533 wide, which snaps up to 640, keeping the picture's shape.
    expect(parseTransform({ width: "800", height: "300", resize: "contain" }, stored)).toMatchObject({
      width: 640,
      height: null,
    });
    expect(parseTransform({ height: "450" }, stored)).toMatchObject({ width: 800, height: null });
    expect(parseTransform({}, stored)).toMatchObject({ width: null, height: null });
  });
});

describe("outputBox", () => {
  it("keeps what the site asks for and scales down what would pass 4 megapixels", () => {
    const photo = { width: 4000, height: 3000 };
    expect(outputBox({ width: 1600, height: 840 }, photo, 1)).toEqual({ width: 1600, height: 840 });
    expect(outputBox({ width: 800, height: null }, photo, 1)).toEqual({ width: 800, height: null });
    expect(outputBox({ width: null, height: null }, { width: 1000, height: 800 }, 1)).toEqual({
      width: 1000,
      height: null,
    });
    // A 1:10 infographic at 1600 wide would be 25.6 megapixels.
    expect(outputBox({ width: 1600, height: null }, { width: 1600, height: 16_000 }, 1)).toEqual({
      width: 632,
      height: null,
    });
    // Forty frames of an animation share the budget.
    const frames = outputBox({ width: 640, height: 340 }, { width: 800, height: 600 }, 40);
    expect(40 * frames.width * frames.height!).toBeLessThanOrEqual(MAX_RENDITION_PIXELS);
  });
});

describe("createRenderer", () => {
  let dir: string;
  let photo: Buffer;
  let counter = 0;
  const tmp = () => path.join(dir, ".tmp");
  const request = (width: number): RenditionRequest => ({
    object: { bucket_id: "b", id: "o", version: "v" },
    transform: { width, height: null, quality: 80, origin: false },
    format: "avif",
    read: async () => photo,
    admit: async () => {},
  });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-render-test-"));
    fs.mkdirSync(tmp());
    photo ??= await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: "#777",
        noise: { type: "gaussian", mean: 120, sigma: 50 },
      },
    })
      .jpeg()
      .toBuffer();
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const renderer = (limits: { atOnce?: number; waiting?: number; timeoutMs?: number }) =>
    createRenderer({
      cacheDir: path.join(dir, "renditions"),
      tempFile: () => path.join(tmp(), `r-${(counter += 1)}`),
      limits,
    });

  it("answers 503 past its deadline, leaving neither a rendition nor a partial file", async () => {
    await expect(renderer({ timeoutMs: 1 }).rendition(request(1600))).rejects.toMatchObject({
      status: 503,
      error: "timeout",
    });
    expect(fs.existsSync(path.join(dir, "renditions"))).toBe(false);
    // sharp stops at its own timeout, or finishes; either way its partial file goes.
    await vi.waitFor(() => expect(fs.readdirSync(tmp())).toEqual([]), { timeout: 15_000, interval: 50 });
  });

  it("scales a rendition down to 4 megapixels: the stored size of a 50-megapixel picture", async () => {
    const large = await sharp({ create: { width: 16_000, height: 3_120, channels: 3, background: "#345" } })
      .png()
      .toBuffer();
    const made = await renderer({}).rendition({
      ...request(0),
      transform: { width: null, height: null, quality: 80, origin: false },
      format: "webp",
      read: async () => large,
    });
    const { width = 0, height = 0 } = await sharp(made.file).metadata();
    expect(width * height).toBeLessThanOrEqual(MAX_RENDITION_PIXELS);
    expect(width / height).toBeCloseTo(16_000 / 3_120, 1);
  });

  it("refuses a damaged object or a failed encode with a 422 that names no server path", async () => {
    const damaged = photo.subarray(0, 300);
    await expect(renderer({}).rendition({ ...request(320), read: async () => damaged })).rejects.toMatchObject({
      status: 422,
      message: "The image could not be read: the stored file is damaged or incomplete",
    });
    // libvips' write errors begin with the file's path: "<STORAGE_DIR>/.tmp/…: unable to open for write".
    const nowhere = createRenderer({
      cacheDir: path.join(dir, "renditions"),
      tempFile: () => path.join(dir, "gone", "r"),
    });
    const failed = await nowhere.rendition(request(320)).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failed).toMatchObject({ status: 422, message: "The image could not be rendered as avif" });
    expect(failed?.message).not.toContain(dir);
  });

  it("answers 503 at once when every slot is busy and the queue is full", async () => {
    const busy = renderer({ atOnce: 1, waiting: 0 });
    const first = busy.rendition(request(640));
    await expect(busy.rendition(request(320))).rejects.toMatchObject({ status: 503, error: "busy" });
    await expect(first).resolves.toMatchObject({ key: "640xauto-q80.avif" });
    // The slot is free again.
    await expect(busy.rendition(request(320))).resolves.toMatchObject({ key: "320xauto-q80.avif" });
  });
});
