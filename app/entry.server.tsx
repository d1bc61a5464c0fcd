import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { documentClient } from "./lib/document-client";
import { renderDocument } from "./lib/render-document.server";

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

  return renderDocument(<ServerRouter context={routerContext} url={request.url} />, {
    status: responseStatusCode,
    headers: responseHeaders,
    timeoutMs: streamTimeout + 1000,
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
