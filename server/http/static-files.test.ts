import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticFiles } from "./static-files.ts";

// A prerendered page is a file; the lead forms' post/redirect/get lands on `/contato?enviado=1`,
// which only the per-request renderer can answer (app/lib/leads.server.ts).
describe("staticFiles", () => {
  let root: string;
  let app: Hono;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "omnia-static-"));
    mkdirSync(join(root, "contato"));
    writeFileSync(
      join(root, "contato", "index.html"),
      '<!doctype html><title>file</title><link rel="canonical" href="https://site-url.invalid/contato"/>' +
        '<script type="application/ld+json">{"url":"https://site-url.invalid"}</script>',
    );
    app = new Hono();
    app.use("*", staticFiles(root, {}, { placeholder: "https://site-url.invalid", origin: "https://www.example.com" }));
    app.all("*", (c) => c.text("rendered"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("serves the prerendered file, whatever other query it is asked with", async () => {
    const paths = ["/contato", "/contato/", "/contato?utm_source=x"];
    const bodies = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    expect(bodies.map((body) => body.includes("<title>file</title>"))).toEqual([true, true, true]);
  });

  it("hands a confirmation (?enviado) to the per-request renderer", async () => {
    const paths = ["/contato?enviado=1", "/contato/?enviado=1", "/contato?x=1&enviado"];
    const bodies = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    expect(bodies).toEqual(["rendered", "rendered", "rendered"]);
  });

  it("puts the configured origin in place of the build's, and hashes the result for the CSP", async () => {
    const res = await app.request("/contato");
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/contato"/>');
    expect(html).not.toContain("site-url.invalid");
    const digest = createHash("sha256").update('{"url":"https://www.example.com"}').digest("base64");
    expect(res.headers.get("Content-Security-Policy")).toContain(`'sha256-${digest}'`);
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
});
