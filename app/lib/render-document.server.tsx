import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

export interface RenderDocumentOptions {
  status: number;
  headers: Headers;
  /** How long the render may wait for data before React gives up on what is still pending. */
  timeoutMs: number;
}

/**
 * A React tree rendered to a whole HTML document: the response is made once everything is
 * ready (onAllReady), with status 500 if any part failed. The abort timer is cleared as soon as
 * the render is done, as React Router's own default entry now does: left to fire, it kept the
 * render (its tree, loader data and HTML) alive for the whole timeout after the response had
 * gone out (docs/stack.md, pitfall 8).
 */
export function renderDocument(element: ReactNode, options: RenderDocumentOptions): Promise<Response> {
  const { headers, timeoutMs } = options;
  return new Promise<Response>((resolve, reject) => {
    let status = options.status;
    const timer = setTimeout(() => abort(), timeoutMs).unref();
    const { pipe, abort } = renderToPipeableStream(element, {
      // The whole document is sent at once (onAllReady), so nothing gains from React moving
      // completed Suspense boundaries past 12.8 KB into hidden segments that only an inline
      // script reveals: that would hide them from visitors without JavaScript (the demo
      // form at the end of every page sits in a Suspense boundary).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}
