// The admin preview's worker thread (markdown.server.ts starts it): the same pipeline as post
// pages, one render at a time. Node loads this file as it is in development and tests, and
// the build emits it as a chunk of its own (scripts/node-worker-plugin.ts).
import { parentPort } from "node:worker_threads";
import { createMarkdownRenderer } from "./markdown-pipeline.server.ts";

/** What markdown.server.ts posts to the worker. */
export interface RenderJob {
  id: number;
  markdown: string;
  siteOrigin: string;
}

/** What the worker answers: once `ready`, then one message per job (html null when the render threw). */
export type WorkerMessage = { ready: true } | { id: number; html: string | null };

const port = parentPort;
if (!port) throw new Error("markdown-worker.server.ts runs only as a worker thread");
const renderer = createMarkdownRenderer();
const answer = (message: WorkerMessage) => {
  // A worker_threads port, not a window: there is no target origin to give.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  port.postMessage(message);
};
port.on("message", (job: RenderJob) => {
  let html: string | null = null;
  try {
    html = renderer.toHtml(job.markdown, job.siteOrigin);
  } catch {
    // Answered as null: the main thread shows the text escaped and logs it.
  }
  answer({ id: job.id, html });
});
answer({ ready: true });
