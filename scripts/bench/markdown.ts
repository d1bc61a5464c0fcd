// Markdown part of `npm run bench`: how long the renderer takes on each pathological input at
// the content limit (in this process), and whether the rest of a running server keeps
// answering while the admin preview renders the worst of them
// (docs/decisions/045-markdown-it-linear-rendering.md).
//
//   benchMarkdown(origin, adminToken) → the "## Markdown rendering" section of docs/benchmarks.md
//
// `origin` is a server on loopback (127.0.0.1, ::1 or localhost); `adminToken` an access token
// of a user with the admin role on it (POST /auth/v1/token?grant_type=password).
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import {
  PATHOLOGICAL_DEFAULT_SIZE,
  pathologicalInputs,
  type PathologicalInput,
} from "../../app/lib/markdown-pathological.server.ts";
import type { MarkdownRenderer } from "../../app/lib/markdown.server.ts";
import { nodeWorkers } from "../node-worker-plugin.ts";
import { median } from "./median.ts";

/** Targets from the security review: any body at the content limit, and everybody else meanwhile. */
export const RENDER_TARGET_MS = 250;
export const OTHERS_P99_TARGET_MS = 50;

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface RenderTiming {
  name: string;
  origin: PathologicalInput["origin"];
  chars: number;
  /** Median of the runs, in milliseconds. */
  ms: number;
}

export interface LoadResult {
  previews: number;
  /** Preview answers by status code. */
  statuses: Record<number, number>;
  previewP50: number;
  others: number;
  othersP50: number;
  othersP99: number;
  othersMax: number;
  othersErrors: number;
}

/**
 * The app's renderer without its cache (markdown.server.ts imports through the "~" alias, so it
 * is loaded through Vite's module runner).
 */
async function loadRenderer(): Promise<MarkdownRenderer> {
  const { module } = await runnerImport<typeof import("../../app/lib/markdown.server.ts")>(
    `${ROOT}app/lib/markdown.server.ts`,
    {
      configFile: false,
      root: ROOT,
      logLevel: "error",
      // The renderer starts its worker from a `?node-worker` import, as the server build does.
      plugins: [nodeWorkers()],
      resolve: { alias: { "~": `${ROOT}app` } },
    },
  );
  return module.createMarkdownRenderer();
}

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** renderMarkdown's pipeline on every pathological input at `size` characters, median of `runs`. */
export async function timeRenders(size = PATHOLOGICAL_DEFAULT_SIZE, runs = 3): Promise<RenderTiming[]> {
  const renderer = await loadRenderer();
  // JIT warm-up on small inputs, so the first row is not charged for compilation.
  for (const input of pathologicalInputs) renderer.toHtml(input.generate(10_000), "http://127.0.0.1");
  const timings: RenderTiming[] = [];
  for (const input of pathologicalInputs) {
    const markdown = input.generate(size);
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      renderer.toHtml(markdown, "http://127.0.0.1");
      samples.push(performance.now() - started);
    }
    timings.push({ name: input.name, origin: input.origin, chars: markdown.length, ms: median(samples) });
  }
  return timings;
}

function assertLoopback(origin: string): void {
  const host = new URL(origin).hostname;
  if (!["127.0.0.1", "localhost", "[::1]"].includes(host)) {
    throw new Error(`benchMarkdown only loads a server on this machine, not ${host}`);
  }
}

/**
 * Posts the given inputs to /admin/preview one after another (each made unique, so the render
 * cache cannot answer) while `readers` loops GET `/` and `/auth/v1/health` and times them.
 * Stops after `rounds` passes over the inputs or `maxSeconds`, whichever comes first; with no
 * inputs, the readers run alone for `maxSeconds` (the baseline).
 */
export async function loadDuringPreviews(
  origin: string,
  adminToken: string,
  inputs: readonly PathologicalInput[],
  { rounds = 3, maxSeconds = 30, readers = 2 } = {},
): Promise<LoadResult> {
  assertLoopback(origin);
  const deadline = performance.now() + maxSeconds * 1000;
  const state = { previewing: true };
  const statuses: Record<number, number> = {};
  const previewTimes: number[] = [];
  const otherTimes: number[] = [];
  let othersErrors = 0;

  const previewLoop = (async () => {
    let n = 0;
    try {
      if (inputs.length === 0) await new Promise((resolve) => setTimeout(resolve, maxSeconds * 1000));
      for (let round = 0; round < rounds; round++) {
        for (const input of inputs) {
          if (performance.now() > deadline) return;
          const suffix = `\n\nbench ${n++}`;
          const markdown = input.generate(PATHOLOGICAL_DEFAULT_SIZE - suffix.length) + suffix;
          const started = performance.now();
          const response = await fetch(`${origin}/admin/preview`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
            body: JSON.stringify({ markdown }),
          });
          await response.arrayBuffer();
          previewTimes.push(performance.now() - started);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
      }
    } finally {
      state.previewing = false;
    }
  })();

  const paths = ["/", "/auth/v1/health"];
  const readerLoop = async (offset: number) => {
    for (let i = offset; state.previewing; i++) {
      const started = performance.now();
      try {
        const response = await fetch(`${origin}${paths[i % paths.length]}`);
        await response.arrayBuffer();
        if (!response.ok) othersErrors++;
      } catch {
        othersErrors++;
      }
      otherTimes.push(performance.now() - started);
    }
  };
  await Promise.all([previewLoop, ...Array.from({ length: readers }, (_, i) => readerLoop(i))]);

  return {
    previews: previewTimes.length,
    statuses,
    previewP50: median(previewTimes),
    others: otherTimes.length,
    othersP50: median(otherTimes),
    othersP99: percentile(otherTimes, 99),
    othersMax: Math.max(0, ...otherTimes),
    othersErrors,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The whole Markdown benchmark as a docs/benchmarks.md section: the in-process render time of
 * every pathological input at 200,000 characters, then the latency of other requests to the
 * server at `origin` while an admin previews the five slowest of them in a loop.
 */
export async function benchMarkdown(origin: string, adminToken: string): Promise<string> {
  assertLoopback(origin);
  console.log("markdown benchmark: rendering the pathological inputs…");
  const timings = await timeRenders();
  const slowest = timings.toSorted((a, b) => b.ms - a.ms).slice(0, 5);
  const worst = slowest.map((timing) => pathologicalInputs.find((input) => input.name === timing.name)!);
  console.log(`markdown benchmark: previewing ${slowest.map((t) => t.name).join(", ")} while reading pages…`);
  const idle = await loadDuringPreviews(origin, adminToken, [], { maxSeconds: 3 });
  const load = await loadDuringPreviews(origin, adminToken, worst);
  const over = timings.filter((t) => t.ms >= RENDER_TARGET_MS);

  return [
    "## Markdown rendering",
    "",
    `\`renderMarkdown\`'s pipeline (markdown-it, then sanitize-html) on each pathological input of \`app/lib/markdown-pathological.server.ts\` at ${PATHOLOGICAL_DEFAULT_SIZE.toLocaleString("en")} characters, in process, median of 3. Target: under ${RENDER_TARGET_MS} ms each (${over.length === 0 ? "all within" : `${over.length} over`}).`,
    "",
    "| input | from | characters | render |",
    "|---|---|---|---|",
    ...timings.map((t) => `| ${t.name.replaceAll("|", "\\|")} | ${t.origin} | ${t.chars} | ${ms(t.ms)} |`),
    "",
    `While an admin posts the five slowest to \`/admin/preview\` (${load.previews} previews, answers ${Object.entries(
      load.statuses,
    )
      .map(([status, count]) => `${count}× ${status}`)
      .join(
        ", ",
      )}, p50 ${ms(load.previewP50)}), two clients loop \`GET /\` and \`GET /auth/v1/health\`. Target: their p99 under ${OTHERS_P99_TARGET_MS} ms.`,
    "",
    "| other requests | count | p50 | p99 | max | errors |",
    "|---|---|---|---|---|---|",
    `| idle | ${idle.others} | ${ms(idle.othersP50)} | ${ms(idle.othersP99)} | ${ms(idle.othersMax)} | ${idle.othersErrors} |`,
    `| during previews | ${load.others} | ${ms(load.othersP50)} | ${ms(load.othersP99)} | ${ms(load.othersMax)} | ${load.othersErrors} |`,
  ].join("\n");
}
