import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientDirWith } from "./client-dir.testing.ts";
import { documentPipeline } from "./document.ts";
import { documents } from "./documents.ts";
import { stylesheetReader } from "./inline-stylesheet.ts";
import { loadPrerenderedPages } from "./prerendered-pages.ts";
import { staticFiles } from "./static-files.ts";

const CSS = "body{color:red}";
const LINK = '<link rel="stylesheet" href="/assets/root-abc.css"/>';
// Long enough to be worth compressing (compression.ts leaves out bodies under 1 KiB).
const FILLER = "<p>Atendimento omnichannel com IA.</p>".repeat(40);
const page = (client: string, head = LINK) =>
  `<!DOCTYPE html><html lang="pt-BR" data-client="${client}"><head>${head}</head><body>${FILLER}<form></form></body></html>`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

let root: string;
let app: Hono;

// A client build with one prerendered page and one stylesheet, served as production serves it:
// documents (prerendered pages from memory, rendered ones through the pipeline), static files,
// and a stand-in for React Router that renders what each test asks.
beforeAll(() => {
  root = clientDirWith({
    "assets/root-abc.css": CSS.repeat(100),
    "contato/index.html":
      '<!doctype html><title>file</title><link rel="canonical" href="https://site-url.invalid/contato"/>' +
      `<script type="application/ld+json">{"url":"https://site-url.invalid"}</script>${FILLER}`,
  });
  const pipeline = documentPipeline({ csp: {}, readStylesheet: stylesheetReader(root) });
  const substitution = { placeholder: "https://site-url.invalid", origin: "https://www.example.com" };
  app = new Hono();
  app.use("*", documents({ pipeline, prerendered: loadPrerenderedPages(root, pipeline, substitution) }));
  app.use("*", staticFiles(root));
  app.get("/blog", (c) =>
    c.html(page("none"), 200, { "Content-Length": String(page("none").length), "Cache-Control": "public, max-age=0" }),
  );
  app.get("/admin", (c) => c.html(page("app", `${LINK}<script>boot()</script>`)));
  app.get("/feed", (c) => c.text(LINK));
  app.all("*", (c) => c.text("rendered"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("prerendered pages", () => {
  it("serves the prerendered file, whatever other query it is asked with", async () => {
    const paths = ["/contato", "/contato/", "/contato?utm_source=x"];
    const bodies = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    expect(bodies.map((body) => body.includes("<title>file</title>"))).toEqual([true, true, true]);
  });

  it("hands a confirmation (?enviado) to the per-request renderer, never the file on disk", async () => {
    const paths = ["/contato?enviado=1", "/contato/?enviado=1", "/contato?x=1&enviado"];
    const bodies = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    expect(bodies).toEqual(["rendered", "rendered", "rendered"]);
  });

  it("puts the configured origin in place of the build's, and hashes the result for the CSP", async () => {
    const res = await app.request("/contato");
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/contato"/>');
    expect(html).not.toContain("site-url.invalid");
    expect(res.headers.get("Content-Security-Policy")).toContain(sha('{"url":"https://www.example.com"}'));
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("answers brotli or gzip as accepted, a strong ETag, 304 for a current copy, and HEAD without a body", async () => {
    const br = await app.request("/contato", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain("www.example.com");
    const gz = await app.request("/contato/", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain("www.example.com");
    const etag = br.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(gz.headers.get("ETag")).toBe(etag);
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    const cached = await app.request("/contato", { headers: { "If-None-Match": etag! } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
    const head = await app.request("/contato", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  // Before one negotiator, the prerendered pages' said identity to `*` and the compression
  // middleware then compressed the page, keeping the identity length: clients hung or cut it.
  it("answers `Accept-Encoding: *` with brotli whose length is the body's, for pages and files", async () => {
    for (const path of ["/contato", "/assets/root-abc.css"]) {
      const res = await app.request(path, { headers: { "Accept-Encoding": "*" } });
      const body = Buffer.from(await res.arrayBuffer());
      expect([path, res.headers.get("Content-Encoding"), res.headers.get("Content-Length")]).toEqual([
        path,
        "br",
        String(body.byteLength),
      ]);
      expect(brotliDecompressSync(body).byteLength).toBeGreaterThan(1024);
    }
  });
});

describe("pages rendered per request", () => {
  it("writes the stylesheet into a script-free page, keeping its status and headers", async () => {
    const response = await app.request("/blog");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0");
    const html = await response.text();
    expect(html).toContain(`<style>${CSS.repeat(100)}</style>`);
    expect(response.headers.get("Content-Length")).toBe(String(Buffer.byteLength(html)));
    // Rendered for this request: nothing to revalidate.
    expect(response.headers.get("ETag")).toBeNull();
  });

  it("hashes the inline scripts of the finished page into its CSP, and compresses it", async () => {
    const response = await app.request("/admin", { headers: { "Accept-Encoding": "br" } });
    expect(response.headers.get("Content-Encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toContain(LINK);
    expect(response.headers.get("Content-Security-Policy")).toContain(`script-src 'self' ${sha("boot()")};`);
  });

  it("leaves other types to compression, without the pipeline's stylesheet or CSP", async () => {
    const response = await app.request("/feed", { headers: { "Accept-Encoding": "br" } });
    expect(await response.text()).toBe(LINK);
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
  });
});
