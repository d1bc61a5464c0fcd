import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export type Encoding = "br" | "gzip";

/**
 * How hard to compress: "once" for what is compressed at start and then served many times (the
 * prerendered pages), "per-response" for what is compressed while a client waits, where brotli
 * quality 4 keeps the CPU low: a few more bytes than quality 5 for clearly less work per page
 * (the figures: docs/benchmarks.md, "Editorial blog").
 */
export type Effort = "once" | "per-response";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json|vnd\.pgrst)|image\/svg\+xml)/;

/** Bodies smaller than this are sent as they are: compressing them saves next to nothing. */
const MIN_BYTES = 1024;

/**
 * The one encoding negotiator: brotli when the client accepts it, else gzip (RFC 9110 §12.5.3:
 * q=0 refuses a coding, and `*` stands for every coding the header does not name).
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
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

/** Whether a body of this size is worth compressing. */
export function worthCompressing(bytes: number): boolean {
  return bytes >= MIN_BYTES;
}

/**
 * Brotli's window in bits: just large enough for the body (a window holds 2^bits - 16 bytes), at
 * most brotli's default of 22. With the default, every response allocated a 4 MiB window that V8
 * counts as external memory, so compressing a page also cost the main thread garbage collections
 * (docs/benchmarks.md, "Editorial blog"). The output is the same size.
 */
export function brotliWindowBits(bytes: number): number {
  return Math.min(
    constants.BROTLI_DEFAULT_WINDOW,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))),
  );
}

export function compress(body: Uint8Array, encoding: Encoding, effort: Effort) {
  if (encoding === "gzip") return gzipAsync(body, { level: effort === "once" ? 9 : 6 });
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: effort === "once" ? 11 : 4,
    [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.byteLength),
    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  };
  return brotli(body, { params });
}

/**
 * A body compressed per response, compressed again as hard as a prerendered page (the page
 * cache does this to the pages asked for most: page-cache.ts).
 */
export async function compressedForGood(body: Uint8Array, encoding: Encoding) {
  const identity = encoding === "br" ? await unbrotli(body) : await gunzipAsync(body);
  return compress(identity, encoding, "once");
}

/**
 * A response other than a document (API JSON, loader data, robots.txt, a feed the page cache
 * does not keep), compressed for this request. Static files arrive already encoded (compressed
 * once at build time, scripts/postbuild.ts) and are left alone; so are HEAD answers and
 * downloads.
 */
export async function compressResponse(request: Request, res: Response): Promise<Response> {
  if (!res.body || res.headers.has("Content-Encoding") || request.method === "HEAD") return res;
  // A download streams as it is made (the leads export: app/routes/admin/export.ts); buffering
  // it here to compress it would hold all of it in memory.
  if (/^\s*attachment\b/i.test(res.headers.get("Content-Disposition") ?? "")) return res;
  if (!COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "")) return res;
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
  if (!encoding) return res;
  const raw = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.append("Vary", "Accept-Encoding");
  if (!worthCompressing(raw.byteLength)) return new Response(raw, { status: res.status, headers });
  const body = await compress(raw, encoding, "per-response");
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: res.status, headers });
}
