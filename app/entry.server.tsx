import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { documentClient } from "./lib/document-client";

export const streamTimeout = 5_000;

/**
 * Server render of every HTML document. It waits for the whole page (onAllReady) for every
 * client, not only bots: our pages are small and server-rendered from fast loaders, the
 * server hashes the inline scripts of the finished document for its Content-Security-Policy
 * (server/http/document.ts), and search engines and link previews see full HTML.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  isolateApps(routerContext, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // The whole document is sent at once (onAllReady), so nothing gains from React moving
      // completed Suspense boundaries past 12.8 KB into hidden segments that only an inline
      // script reveals: that would hide them from visitors without JavaScript (the demo
      // form at the end of every page sits in a Suspense boundary).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: statusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        statusCode = 500;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/**
 * The React apps (/auth, /admin: the registry's `client: "app"` pages) hold a session, so their
 * documents get their own browsing context group: no page of another origin that opened them,
 * or that they open, keeps a handle on their window (XS-Leaks, tab-napping). Public pages do
 * not need it and skip its cost (server/http/security-headers.ts).
 */
function isolateApps(routerContext: EntryContext, headers: Headers) {
  const { matches, errors } = routerContext.staticHandlerContext;
  const client = documentClient(
    matches.map((match) => match.route.id),
    Object.values(errors ?? {}),
  );
  if (client.client === "app") headers.set("Cross-Origin-Opener-Policy", "same-origin");
}

// The server reads these context keys from the build (build.entry.module) to give every render
// its values (server/app.ts): backend access, the request's facts and the site's
// (app/lib/backend-context.ts, request-context.ts, site-context.ts).
export { backendContext } from "./lib/backend-context";
export { requestContext } from "./lib/request-context";
export { siteContext } from "./lib/site-context";
