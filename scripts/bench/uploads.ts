// Image uploads beside page serving (issue #12's target): the production server, 4 clients
// uploading 1 MB JPEGs through the storage API as an admin, while 4 others load /blog; the
// page's p99 must stay under 100 ms. Also the time of one upload and of a first rendition.
//   BUILD_DIR=build node scripts/bench/uploads.ts
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";
import { signInSeededAdmin, type Admin } from "./dynamic.ts";
import { startServer, type RunningServer } from "./serve.ts";

export const PAGE_P99_TARGET_MS = 100;
const DURATION_MS = 10_000;

const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;

async function loadPages(origin: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${origin}/blog`, { headers: { "accept-encoding": "br" } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/** A photo-like JPEG of the given size: noise compresses badly, as real photos do. */
export function noisyJpeg(
  size: { width: number; height: number },
  quality: number,
  noise: { background: string; mean: number; sigma: number },
): Promise<Buffer> {
  return sharp({
    create: {
      ...size,
      channels: 3,
      background: noise.background,
      noise: { type: "gaussian", mean: noise.mean, sigma: noise.sigma },
    },
  })
    .jpeg({ quality })
    .toBuffer();
}

/** Uploads a 1400 × 1000 JPEG as the admin under a new name; returns its Storage key. */
export async function uploadPhoto(server: RunningServer, admin: Admin, photo: Buffer): Promise<string> {
  const response = await fetch(`${server.origin}/storage/v1/object/blog-images/bench/${randomUUID()}-1400x1000.jpg`, {
    method: "POST",
    headers: { ...admin.headers, "content-type": "image/jpeg" },
    body: new Uint8Array(photo),
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { Key: string }).Key;
}

export async function benchUploads(): Promise<string> {
  const server = await startServer(await freePort(), { LOG_LEVEL: "warn" });
  try {
    const admin = await signInSeededAdmin(server);
    const photo = await noisyJpeg({ width: 1400, height: 1000 }, 85, { background: "#888", mean: 128, sigma: 60 });
    const upload = async () => {
      const started = performance.now();
      const key = await uploadPhoto(server, admin, photo);
      return { ms: performance.now() - started, key };
    };

    const first = await upload();
    const renderStarted = performance.now();
    const rendition = await fetch(`${server.origin}/storage/v1/render/image/public/${first.key}?width=640&height=340`, {
      headers: { accept: "image/avif,image/webp" },
    });
    await rendition.arrayBuffer();
    const renderMs = performance.now() - renderStarted;

    const quiet = await loadPages(server.origin, Date.now() + 3_000);
    const until = Date.now() + DURATION_MS;
    const uploads: number[] = [];
    const uploaders = Array.from({ length: 4 }, async () => {
      while (Date.now() < until) uploads.push((await upload()).ms);
    });
    const readers = Array.from({ length: 4 }, () => loadPages(server.origin, until));
    const [pages] = await Promise.all([Promise.all(readers), Promise.all(uploaders)]);
    const busy = pages.flat();
    const p99 = percentile(busy, 99);
    return [
      "## Image uploads beside page serving",
      "",
      `The production server on PGlite; ${(photo.length / 1024).toFixed(0)} KB JPEGs (1400 × 1000) uploaded by 4 admins in a loop for ${DURATION_MS / 1000} s (type check, full decode, EXIF-free re-encode, stored), while 4 visitors load \`/blog\`. Target: the page's p99 under ${PAGE_P99_TARGET_MS} ms.`,
      "",
      "| measure | value |",
      "|---|---|",
      `| \`/blog\` alone: p50 / p99 | ${percentile(quiet, 50).toFixed(1)} ms / ${percentile(quiet, 99).toFixed(1)} ms |`,
      `| \`/blog\` during the uploads: requests, p50 / p99 | ${busy.length}, ${percentile(busy, 50).toFixed(1)} ms / ${p99.toFixed(1)} ms (${p99 < PAGE_P99_TARGET_MS ? "within" : "OVER"} ${PAGE_P99_TARGET_MS} ms) |`,
      `| uploads done, median time each | ${uploads.length}, ${percentile(uploads, 50).toFixed(0)} ms |`,
      `| first AVIF rendition (640 × 340) of one upload | ${renderMs.toFixed(0)} ms (then served from the disk cache) |`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

// Runnable alone: `node scripts/bench/uploads.ts`
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchUploads());
