import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import { createMarkdownRenderer, type MarkdownRenderer } from "./markdown-pipeline.server";
import type { RenderJob, WorkerMessage } from "./markdown-worker.server";
// The worker's module as a file URL (scripts/node-worker-plugin.ts): the source file in
// development and tests, its own chunk of the server build in production. oxlint cannot
// resolve the query suffix.
// oxlint-disable-next-line import/default
import workerUrl from "./markdown-worker.server.ts?node-worker";

// Server-only (the .server suffix keeps markdown-it and sanitize-html out of every browser
// bundle): post pages render Markdown to HTML in their loader, and the admin's preview asks
// the server for the same HTML (docs/decisions/041-markdown-rendering.md). The pipeline itself
// is markdown-pipeline.server.ts; this module adds the cache, the fallback to escaped text and
// the preview's worker thread.

export { createMarkdownRenderer, type MarkdownRenderer };

let renderer: MarkdownRenderer | undefined;
const inProcess = (): MarkdownRenderer => (renderer ??= createMarkdownRenderer());

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replaceAll("\u0000", "\ufffd");
}

/** What a body shows when rendering failed: its text, escaped, one paragraph per blank line. */
function plainTextHtml(markdown: string): string {
  return markdown
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((part) => part.trim() !== "")
    .map((part) => `<p>${escapeHtml(part.trim())}</p>`)
    .join("\n");
}

function logFailure(what: string, err: unknown): void {
  console.error(`[markdown] ${what}; showing the text unformatted:`, err instanceof Error ? err.message : err);
}

// Rendered bodies by content hash. A post page, the RSS feed and the preview of an unchanged
// body render the same text again and again; with the cache a slow body costs once per edit
// instead of once per visit. Bounded by the characters held, oldest out first.
const CACHE_MAX_CHARS = 8_000_000;
const cache = new Map<string, string>();
let cachedChars = 0;

function cacheKey(kind: "html" | "text", markdown: string, siteOrigin = ""): string {
  return createHash("sha256").update(`${kind}\u0000${siteOrigin}\u0000`).update(markdown).digest("base64");
}

function cacheGet(key: string): string | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

function cacheSet(key: string, value: string): void {
  if (value.length > CACHE_MAX_CHARS / 4 || cache.has(key)) return;
  cache.set(key, value);
  cachedChars += value.length;
  for (const [oldKey, old] of cache) {
    if (cachedChars <= CACHE_MAX_CHARS) break;
    cache.delete(oldKey);
    cachedChars -= old.length;
  }
}

export interface RenderOptions {
  /** Origin of this site (the site context's): links elsewhere open in a new tab and carry no referrer or ranking. */
  siteOrigin: string;
}

/**
 * Markdown (an editor's post body) to HTML that is safe to inject into the page. Never throws:
 * if the renderer fails, the text comes back escaped, so a post page shows its words rather
 * than an error page.
 */
export function renderMarkdown(markdown: string, options: RenderOptions): string {
  try {
    const { siteOrigin } = options;
    const key = cacheKey("html", markdown, siteOrigin);
    const cached = cacheGet(key);
    if (cached !== undefined) return cached;
    const html = inProcess().toHtml(markdown, siteOrigin);
    cacheSet(key, html);
    return html;
  } catch (err) {
    logFailure("render failed", err);
    return plainTextHtml(String(markdown));
  }
}

/** Plain text of a Markdown body (meta descriptions when a post has no excerpt). Never throws. */
export function markdownToText(markdown: string): string {
  try {
    const key = cacheKey("text", markdown);
    const cached = cacheGet(key);
    if (cached !== undefined) return cached;
    const text = inProcess().toText(markdown);
    cacheSet(key, text);
    return text;
  } catch (err) {
    logFailure("text extraction failed", err);
    return String(markdown).replaceAll("\u0000", "\ufffd").replace(/\s+/g, " ").trim();
  }
}

// ---------------------------------------------------------------------------------------------
// Off the event loop: the admin preview renders whatever an editor pastes, as often as they
// ask, so it runs in one worker thread with a time budget; the rest of the server keeps
// answering meanwhile. Post pages keep the synchronous path (and the cache above).

export type OffThreadResult = { ok: true; html: string } | { ok: false; reason: "busy" | "too_complex" | "aborted" };

export interface OffThreadOptions extends RenderOptions {
  /** Longest a render may take before the worker is stopped (default 2 s). */
  timeoutMs?: number;
  /** The request's signal: a preview nobody waits for any more leaves the queue. */
  signal?: AbortSignal;
}

/** Renders waiting or running at once; more are refused rather than queued without bound. */
const MAX_PENDING = 4;
const DEFAULT_TIMEOUT_MS = 2_000;

interface Job {
  id: number;
  markdown: string;
  siteOrigin: string;
  timeoutMs: number;
  key: string;
  resolve: (result: OffThreadResult) => void;
}

interface WorkerState {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const queue: Job[] = [];
let current: WorkerState | null = null;
let workerUnavailable = false;
let nextJobId = 1;

function startWorker(): WorkerState {
  const worker = new Worker(new URL(workerUrl), {
    env: {},
    // A body that makes markdown-it allocate without end fails alone, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  const state: WorkerState = { worker, ready: false, job: null, timer: null };
  worker.on("message", (message: WorkerMessage) => {
    if (current !== state) return;
    if ("ready" in message) {
      state.ready = true;
      pump();
      return;
    }
    const job = state.job;
    if (!job || message.id !== job.id) return;
    finish(state, message.html);
  });
  const onGone = (err: unknown) => {
    if (current !== state) return;
    current = null;
    if (state.timer) clearTimeout(state.timer);
    if (!state.ready) {
      // It never started: a broken install, not a hostile body. Render here from now on.
      workerUnavailable = true;
      logFailure("preview worker did not start", err);
    }
    const job = state.job;
    state.job = null;
    if (job) job.resolve({ ok: false, reason: "too_complex" });
    pump();
  };
  worker.on("error", onGone);
  worker.on("exit", (code) => onGone(new Error(`worker exited with code ${code}`)));
  return state;
}

function finish(state: WorkerState, html: string | null): void {
  const job = state.job!;
  state.job = null;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (html === null) {
    logFailure("render failed in the preview worker", new Error(`job ${job.id}`));
    job.resolve({ ok: true, html: plainTextHtml(job.markdown) });
  } else {
    cacheSet(job.key, html);
    job.resolve({ ok: true, html });
  }
  pump();
}

function pump(): void {
  if (workerUnavailable) {
    for (const job of queue.splice(0)) job.resolve({ ok: true, html: renderMarkdown(job.markdown, job) });
    return;
  }
  if (queue.length === 0) {
    // An idle worker must not keep the process (tests, scripts) alive.
    if (current && !current.job) current.worker.unref();
    return;
  }
  current ??= startWorker();
  const state = current;
  state.worker.ref();
  if (!state.ready || state.job) return;
  const job = queue.shift()!;
  state.job = job;
  state.timer = setTimeout(() => {
    if (state.job !== job) return;
    // Terminating is the only way to stop a synchronous render; the next job gets a new worker.
    current = null;
    state.job = null;
    void state.worker.terminate();
    job.resolve({ ok: false, reason: "too_complex" });
    pump();
  }, job.timeoutMs);
  const message: RenderJob = { id: job.id, markdown: job.markdown, siteOrigin: job.siteOrigin };
  // A worker_threads port, not a window: there is no target origin to give.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  state.worker.postMessage(message);
}

/**
 * renderMarkdown on a worker thread, for input nobody has reviewed yet (the admin preview).
 * Answers from the cache when it can; "busy" when MAX_PENDING renders are already waiting;
 * "too_complex" when the render ran past its time budget or crashed the worker.
 */
export function renderMarkdownOffThread(markdown: string, options: OffThreadOptions): Promise<OffThreadResult> {
  const { siteOrigin } = options;
  const key = cacheKey("html", markdown, siteOrigin);
  const cached = cacheGet(key);
  if (cached !== undefined) return Promise.resolve({ ok: true, html: cached });
  if (options.signal?.aborted) return Promise.resolve({ ok: false, reason: "aborted" });
  const pending = queue.length + (current?.job ? 1 : 0);
  if (pending >= MAX_PENDING) return Promise.resolve({ ok: false, reason: "busy" });
  return new Promise((resolve) => {
    const job: Job = {
      id: nextJobId++,
      markdown,
      siteOrigin,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      key,
      resolve,
    };
    // Only while waiting: a render already running is not worth a new worker to stop.
    options.signal?.addEventListener(
      "abort",
      () => {
        const at = queue.indexOf(job);
        if (at === -1) return;
        queue.splice(at, 1);
        resolve({ ok: false, reason: "aborted" });
      },
      { once: true },
    );
    queue.push(job);
    pump();
  });
}
