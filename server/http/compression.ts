import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json|vnd\.pgrst)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/** Picks brotli when the client accepts it, else gzip (RFC 9110 Accept-Encoding, q=0 honoured). */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

/**
 * Compresses dynamic responses (server-rendered pages, loader data, API JSON). Static files
 * are compressed once at build time (scripts/postbuild.ts) and arrive here already
 * encoded, so they are left alone. Brotli quality 5 keeps per-request CPU low.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has("Content-Encoding") || c.req.method === "HEAD") return;
    // A download streams as it is made (the leads export: app/routes/admin/export.ts); buffering
    // it here to compress it would hold all of it in memory.
    if (/^\s*attachment\b/i.test(res.headers.get("Content-Disposition") ?? "")) return;
    if (!COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "")) return;
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const raw = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append("Vary", "Accept-Encoding");
    if (raw.byteLength < MIN_BYTES) {
      c.res = new Response(raw, { status: res.status, headers });
      return;
    }
    const body =
      encoding === "br"
        ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(raw, { level: 6 });
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.byteLength));
    c.res = new Response(body, { status: res.status, headers });
  };
}
