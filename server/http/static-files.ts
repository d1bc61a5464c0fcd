import { relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

/**
 * Serves the files of the client build from disk: hashed assets (cached for a year, immutable)
 * and public files, each in its precompressed .br/.gz variant when the client accepts one. Never
 * a page: a path without a file extension, or an .html one, is a prerendered page, served from
 * memory with the site's origin and its CSP (documents.ts), or one React Router renders (a
 * prerendered page's confirmation, `/contato?enviado=1`).
 */
export function staticFiles(root: string): MiddlewareHandler {
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
  return (c, next) => (PAGE_PATH.test(c.req.path) ? next() : files(c, next));
}

const PAGE_PATH = /(^|\/)[^/.]*$|\.html$/;
