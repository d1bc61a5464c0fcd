// Guards in front of the React Router handler: which methods a page URL accepts, and how big a
// body it may send. React Router itself would read any body whole and takes PUT or DELETE on a
// route with an action as a submission, so these checks run before it, from the build's own
// route table.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ServerBuild } from "react-router";
import { pageGuardMessages } from "./messages.ts";
// Plain TypeScript that loads under Node: a post's limits are the app's (app/lib/posts.ts).
import { POST_PREVIEW_MAX_BYTES } from "../../app/lib/posts.ts";

/** The lead forms post a handful of short fields: 64 KB is far above any real submission. */
export const FORM_MAX_BYTES = 64 * 1024;

/** Body limits by route path (React Router's `path`, without the leading slash). */
const BODY_LIMITS: Record<string, number> = { "admin/preview": POST_PREVIEW_MAX_BYTES };

const READ_METHODS = ["GET", "HEAD"];

/** Full paths ("contato", "admin/preview") of the build's routes that export an action. */
export function actionPaths(build: ServerBuild): Set<string> {
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    const own = route.path ?? "";
    return [parent, own].filter(Boolean).join("/");
  };
  const paths = new Set<string>();
  for (const [id, route] of Object.entries(build.routes)) {
    if (route?.module.action) paths.add(fullPath(id));
  }
  return paths;
}

/**
 * The route path a request addresses: "/contato/" and the single-fetch data URL
 * "/contato.data" both address "contato"; "/_root.data" (an index route's data) addresses "".
 */
export function routePathOf(pathname: string): string {
  let path = pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  return path.replace(/^\/+|\/+$/g, "");
}

function plainAnswer(text: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * 405 with an `Allow` header for a method the page does not take (PUT, PATCH, DELETE anywhere;
 * POST where there is no action), and 413 for a body above the route's limit, answered from
 * Content-Length before reading, or as soon as a streamed body passes the limit.
 */
export function pageGuards(loadBuild: () => Promise<ServerBuild>): MiddlewareHandler {
  let cached: { build: ServerBuild; paths: Set<string> } | undefined;
  const limiters = new Map<number, MiddlewareHandler>();
  const limiter = (maxSize: number) => {
    let handler = limiters.get(maxSize);
    if (!handler) {
      handler = bodyLimit({ maxSize, onError: () => plainAnswer(pageGuardMessages.tooLarge, 413) });
      limiters.set(maxSize, handler);
    }
    return handler;
  };

  return async (c, next) => {
    const method = c.req.method;
    if (READ_METHODS.includes(method) || method === "OPTIONS") return next();

    const build = await loadBuild();
    if (cached?.build !== build) cached = { build, paths: actionPaths(build) };
    const path = routePathOf(c.req.path);
    const allowed = cached.paths.has(path) ? [...READ_METHODS, "POST"] : READ_METHODS;
    if (!allowed.includes(method)) {
      return plainAnswer(pageGuardMessages.methodNotAllowed, 405, { Allow: allowed.join(", ") });
    }
    return limiter(BODY_LIMITS[path] ?? FORM_MAX_BYTES)(c, next);
  };
}
