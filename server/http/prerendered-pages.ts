// Prerendered pages served from memory, with the site's origin put in at start. The build
// renders them with a placeholder origin (BUILD_ORIGIN in app/content/site-config.ts) wherever
// a page names its own URL (canonical, Open Graph, JSON-LD); this module replaces it with the
// SITE_URL the server was started with, so one build serves any origin
// (docs/decisions/004-site-url-at-build.md). Its stylesheet is written into it
// (./inline-stylesheet.ts). Each page is then hashed for its CSP, compressed
// once (brotli and gzip, in libuv's pool, at start) and given a strong ETag.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context } from "hono";
import { contentSecurityPolicy, inlineScriptHashes, type CspOptions } from "./csp.ts";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheet.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface OriginSubstitution {
  /** The origin the build rendered with. */
  placeholder: string;
  /** The origin to serve: SITE_URL, without a trailing slash. */
  origin: string;
}

interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  csp: string;
}

/** `/sobre`, `/sobre/` and `/sobre/index.html` for sobre/index.html; `/` and `/index.html` for the root. */
function pathsOf(file: string): string[] {
  const dir = file.replace(/(^|\/)index\.html$/, "");
  if (dir === file) return [`/${file}`];
  return dir === "" ? ["/", "/index.html"] : [`/${dir}`, `/${dir}/`, `/${file}`];
}

export async function loadPrerenderedPages(
  root: string,
  cspOptions: CspOptions,
  substitution: OriginSubstitution | undefined,
): Promise<Map<string, Page>> {
  const files = readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
  const pages = new Map<string, Page>();
  const readStylesheet = stylesheetReader(root);
  await Promise.all(
    files.map(async (file) => {
      let html = readFileSync(file, "utf8");
      if (substitution) html = html.replaceAll(substitution.placeholder, substitution.origin);
      html = inlineStylesheets(html, readStylesheet);
      const identity = Buffer.from(html);
      const [br, gz] = await Promise.all([
        brotli(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
          },
        }),
        gzipAsync(identity, { level: 9 }),
      ]);
      const page: Page = {
        identity,
        br,
        gzip: gz,
        etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
        csp: contentSecurityPolicy(inlineScriptHashes(html), cspOptions),
      };
      for (const path of pathsOf(relative(root, file))) pages.set(path, page);
    }),
  );
  return pages;
}

function acceptedEncoding(header: string | undefined): "br" | "gzip" | null {
  const accepted = new Set(
    (header ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ""))
      .map(([name]) => name?.toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/** The answer for one prerendered page: 304 when the client has it, else the page in its best encoding. */
export function pageResponse(c: Context, page: Page): Response {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    // Pages keep their URL across deploys: always revalidate (cheap, with the ETag).
    "Cache-Control": "public, max-age=0, must-revalidate",
    "Content-Security-Policy": page.csp,
    ETag: page.etag,
    Vary: "Accept-Encoding",
  });
  const match = c.req.header("If-None-Match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = acceptedEncoding(c.req.header("Accept-Encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
}
