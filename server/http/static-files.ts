import { relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import type { CspOptions } from "./csp.ts";
import { loadPrerenderedPages, pageResponse, type OriginSubstitution } from "./prerendered-pages.ts";

/**
 * Serves the client build: prerendered pages from memory (`/sobre` and `/sobre/` both answer
 * 200 from sobre/index.html, no redirect), with the configured origin put in place of the
 * build's (prerendered-pages.ts); hashed assets (cached for a year, immutable) and public files
 * from disk, each in its precompressed .br/.gz variant when the client accepts one.
 */
export function staticFiles(
  root: string,
  cspOptions: CspOptions,
  substitution?: OriginSubstitution,
): MiddlewareHandler {
  // Loaded once; the first requests wait for it (well under a second).
  const pages = loadPrerenderedPages(root, cspOptions, substitution);

  const files = serveStatic({
    root,
    precompressed: true,
    onFound(path, c) {
      if (relative(root, path).startsWith("assets/")) {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        // Public files keep their URL across deploys: always revalidate.
        c.header("Cache-Control", "public, max-age=0, must-revalidate");
      }
    },
  });
  // The lead forms' post/redirect/get lands on `/contato?enviado=1` (app/lib/leads.server.ts):
  // the prerendered file cannot show that confirmation, so such a request goes on to the
  // per-request renderer. Only this parameter: any other query string still gets the file, so
  // a made-up query cannot turn every static page into a render.
  return async (c, next) => {
    if (new URL(c.req.url).searchParams.has(SENT_PARAM)) return next();
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      const page = (await pages).get(c.req.path);
      if (page) return pageResponse(c, page);
    }
    return files(c, next);
  };
}

/** LEAD_SENT_PARAM of app/lib/lead-validation.ts (server/ does not import app/). */
const SENT_PARAM = "enviado";
