// A flood of new image renditions beside page serving (issue #34's target): the production
// server, 4 clients each from its own address asking in a loop for renditions nobody asked for
// before (every width, crop and format of a few uploads), while 4 visitors load /blog; the
// page's p99 must stay under 50 ms. Renders are made one at a time on a 2-core machine, wait in
// a short queue, and each address may start only so many (server/backend/storage/render.ts).
//   BUILD_DIR=build node scripts/bench/renders.ts
import http from "node:http";
import { RENDITION_WIDTHS as WIDTHS } from "../../app/lib/images.ts";
import { freePort } from "../../server/backend/testing/postgres-cluster.ts";
import { signInSeededAdmin } from "./dynamic.ts";
import { startServer } from "./serve.ts";
import { noisyJpeg, uploadPhoto } from "./uploads.ts";

export const RENDER_FLOOD_P99_TARGET_MS = 50;
const DURATION_MS = 10_000;
const FLOODERS = 4;
const UPLOADS = 6;
const ACCEPTS = ["image/avif,image/webp,*/*", "image/webp,*/*", "*/*"];

const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;

/** One GET from `localAddress`; resolves with its status once the body is read. */
function get(agent: http.Agent, url: URL, headers: Record<string, string>, localAddress?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers, localAddress }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function loadPages(origin: string, until: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true });
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    await get(agent, new URL(`${origin}/blog`), { "accept-encoding": "br" });
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}

export async function benchRenderFlood(): Promise<string> {
  const server = await startServer(await freePort(), { LOG_LEVEL: "warn" });
  try {
    const admin = await signInSeededAdmin(server);
    const photo = await noisyJpeg({ width: 1400, height: 1000 }, 85, { background: "#888", mean: 128, sigma: 60 });
    const keys: string[] = [];
    for (let i = 0; i < UPLOADS; i++) keys.push(await uploadPhoto(server, admin, photo));
    // Every rendition of every upload, each asked by one flooder only: all new, none shared.
    const variants = keys.flatMap((key) =>
      WIDTHS.flatMap((width) =>
        ["", `&height=${width}`].flatMap((height) =>
          ACCEPTS.map((accept) => ({
            url: new URL(`${server.origin}/storage/v1/render/image/public/${key}?width=${width}${height}`),
            accept,
          })),
        ),
      ),
    );

    const quietReaders = Array.from({ length: 4 }, () => loadPages(server.origin, Date.now() + 3_000));
    const quiet = (await Promise.all(quietReaders)).flat();

    const until = Date.now() + DURATION_MS;
    const statuses = new Map<number, number>();
    const renderTimes: number[] = [];
    const flooders = Array.from({ length: FLOODERS }, async (_unused, client) => {
      const agent = new http.Agent({ keepAlive: true });
      const mine = variants.filter((_, i) => i % FLOODERS === client);
      for (let i = 0; Date.now() < until; i++) {
        const variant = mine[i % mine.length]!;
        const started = performance.now();
        const status = await get(agent, variant.url, { accept: variant.accept }, `127.0.0.${client + 2}`);
        if (status === 200) renderTimes.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      agent.destroy();
    });
    const readers = Array.from({ length: 4 }, () => loadPages(server.origin, until));
    const [pages] = await Promise.all([Promise.all(readers), Promise.all(flooders)]);
    const busy = pages.flat();
    const p99 = percentile(busy, 99);
    const answered = [...statuses.entries()]
      .toSorted(([a], [b]) => a - b)
      .map(([status, count]) => `${count} × ${status}`)
      .join(", ");
    return [
      "## A flood of new image renditions beside page serving",
      "",
      `The production server on PGlite; ${UPLOADS} JPEGs (1400 × 1000) uploaded, then ${FLOODERS} clients, each from its own loopback address, ask in a loop for renditions of them nobody asked for before (8 widths, with and without the 40:21 crop, AVIF, WebP or JPEG; ${variants.length} in all) for ${DURATION_MS / 1000} s, while 4 visitors load \`/blog\`. Target: the page's p99 under ${RENDER_FLOOD_P99_TARGET_MS} ms.`,
      "",
      "| measure | value |",
      "|---|---|",
      `| \`/blog\` alone (4 visitors): p50 / p99 | ${percentile(quiet, 50).toFixed(1)} ms / ${percentile(quiet, 99).toFixed(1)} ms |`,
      `| \`/blog\` during the flood: requests, p50 / p99 | ${busy.length}, ${percentile(busy, 50).toFixed(1)} ms / ${p99.toFixed(1)} ms (${p99 < RENDER_FLOOD_P99_TARGET_MS ? "within" : "OVER"} ${RENDER_FLOOD_P99_TARGET_MS} ms) |`,
      `| rendition requests answered | ${answered} |`,
      `| time to a new rendition, median / slowest (waiting included) | ${percentile(renderTimes, 50).toFixed(0)} ms / ${Math.max(...renderTimes).toFixed(0)} ms |`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

// Runnable alone: `node scripts/bench/renders.ts`
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchRenderFlood());
