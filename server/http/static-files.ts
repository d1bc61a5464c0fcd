import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicy, inlineScriptHashes, type CspOptions } from "./csp.ts";

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Serves the client build: hashed assets (cached for a year, immutable), prerendered pages
 * (`/sobre` and `/sobre/` both answer 200 from sobre/index.html, no redirect) and public
 * files, each in its precompressed .br/.gz variant when the client accepts one.
 * The CSP of each prerendered page is computed once here, from the uncompressed file.
 */
export function staticFiles(root: string, cspOptions: CspOptions): MiddlewareHandler {
  const cspByFile = new Map<string, string>();
  for (const file of htmlFiles(root)) {
    const csp = contentSecurityPolicy(inlineScriptHashes(readFileSync(file, "utf8")), cspOptions);
    cspByFile.set(relative(root, file), csp);
  }

  const files = serveStatic({
    root,
    precompressed: true,
    onFound(path, c) {
      const file = relative(root, path).replace(/\.(br|gz)$/, "");
      if (file.startsWith("assets/")) {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        // Pages and public files keep their URL across deploys: always revalidate.
        c.header("Cache-Control", "public, max-age=0, must-revalidate");
      }
      const csp = cspByFile.get(file);
      if (csp) {
        c.header("Content-Security-Policy", csp);
        c.header("Content-Type", "text/html; charset=utf-8");
      }
    },
  });
  // The lead forms' post/redirect/get lands on `/contato?enviado=1` (app/lib/leads.server.ts):
  // the prerendered file cannot show that confirmation, so such a request goes on to the
  // per-request renderer. Only this parameter: any other query string still gets the file, so
  // a made-up query cannot turn every static page into a render.
  return async (c, next) => (new URL(c.req.url).searchParams.has(SENT_PARAM) ? next() : files(c, next));
}

/** LEAD_SENT_PARAM of app/lib/lead-validation.ts (server/ does not import app/). */
const SENT_PARAM = "enviado";
