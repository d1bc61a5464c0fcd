import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import type { SiteContext } from "../../app/lib/site-context.ts";
import { PLACEHOLDER_SETTINGS, type SiteSettings } from "../../app/lib/site-settings.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientDirWith } from "./client-dir.testing.ts";
import { documentPipeline } from "./document.ts";
import { documents } from "./documents.ts";
import { stylesheetReader } from "./inline-stylesheet.ts";
import { prerenderedPages, type PrerenderedPages } from "./prerendered-pages.ts";
import { SiteState } from "./site-state.ts";
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

// The site values the stand-in for React Router renders with: tests change the settings and move
// the clock across New Year.
let stored: SiteSettings = PLACEHOLDER_SETTINGS;
let clock = new Date("2026-06-01T12:00:00-03:00");
const site = new SiteState({ origin: "https://www.example.com", read: async () => stored, now: () => clock });
const renders: string[] = [];
let prerendered: PrerenderedPages;

/** What React Router would render for a prerendered path, from the values it is given. */
function renderPage(path: string, values: SiteContext): Response {
  renders.push(path);
  if (path === "/quebrada") return new Response("<h1>falhou</h1>", { status: 500 });
  const html =
    `<!doctype html><title>${path}</title><link rel="canonical" href="${values.origin}${path}"/>` +
    `<script type="application/ld+json">{"telephone":"${values.settings.phone}"}</script>${FILLER}` +
    `<footer>© ${values.year} ${values.settings.legal_name}</footer>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A client build with one stylesheet, served as production serves it: documents (prerendered
// pages from memory, rendered ones through the pipeline), static files, and a stand-in for React
// Router that renders what each test asks.
beforeAll(() => {
  root = clientDirWith({ "assets/root-abc.css": CSS.repeat(100) });
  const pipeline = documentPipeline({ csp: {}, readStylesheet: stylesheetReader(root) });
  prerendered = prerenderedPages({
    paths: ["/", "/contato", "/quebrada"],
    render: async (path, values) => renderPage(path, values),
    pipeline,
    site,
    log: () => {},
  });
  app = new Hono();
  app.use("*", documents({ pipeline, prerendered, site }));
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
  it("serves the page the server rendered, by any of its spellings and whatever other query", async () => {
    const paths = ["/contato", "/contato/", "/contato/index.html", "/contato?utm_source=x"];
    const bodies = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    expect(bodies.map((body) => body.includes("<title>/contato</title>"))).toEqual([true, true, true, true]);
    expect((await (await app.request("/index.html")).text()).includes("<title>/</title>")).toBe(true);
  });

  it("hands a confirmation (?enviado) to the per-request renderer, never the page in memory", async () => {
    const paths = ["/contato?enviado=1", "/contato/?enviado=1", "/contato?x=1&enviado"];
    const bodies = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    expect(bodies).toEqual(["rendered", "rendered", "rendered"]);
  });

  it("hands a trial button's plan (?plano) to the renderer, and serves the page for any other value", async () => {
    const rendered = ["/contato?plano=scale", "/?plano=basic", "/contato?utm_source=x&plano=infinity"];
    expect(await Promise.all(rendered.map(async (path) => (await app.request(path)).text()))).toEqual([
      "rendered",
      "rendered",
      "rendered",
    ]);
    const served = await (await app.request("/contato?plano=gratis")).text();
    expect(served.includes("<title>/contato</title>")).toBe(true);
  });

  it("renders with the configured origin and the settings, and hashes the result for the CSP", async () => {
    const res = await app.request("/contato");
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/contato"/>');
    expect(html).toContain("© 2026 Omnia Tecnologia Ltda.");
    expect(res.headers.get("Content-Security-Policy")).toContain(sha('{"telephone":"+551140000000"}'));
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

  it("renders every page once more after the settings change, and serves only the new ones", async () => {
    const before = await app.request("/contato");
    const etag = before.headers.get("ETag")!;
    expect(await before.text()).toContain("+551140000000");
    renders.length = 0;
    stored = { ...PLACEHOLDER_SETTINGS, phone: "+551133334444", legal_name: "Empresa Nova Ltda." };
    await site.reload();
    const after = await app.request("/contato", { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    const html = await after.text();
    expect(html).toContain('{"telephone":"+551133334444"}');
    expect(html).toContain("© 2026 Empresa Nova Ltda.");
    expect(after.headers.get("Content-Security-Policy")).toContain(sha('{"telephone":"+551133334444"}'));
    // Only the pages asked for, at first; the others follow in the background a second later,
    // and each page is rendered once for the change.
    await Promise.all([app.request("/"), app.request("/contato/")]);
    expect(renders.toSorted()).toEqual(["/", "/contato"]);
    await prerendered.settled();
    expect(renders.toSorted()).toEqual(["/", "/contato", "/quebrada"]);
    // Reading the same values again changes nothing.
    await site.reload();
    await app.request("/contato");
    expect(renders).toHaveLength(3);
  });

  it("shows the new year from a second after midnight on New Year's Eve, Brasília time", async () => {
    clock = new Date("2026-12-31T23:59:59-03:00");
    expect(await (await app.request("/")).text()).toContain("© 2026 ");
    clock = new Date("2027-01-01T00:00:01-03:00");
    expect(await (await app.request("/")).text()).toContain("© 2027 ");
    expect(await (await app.request("/contato")).text()).toContain("© 2027 ");
  });

  it("answers a new page at once, then the copy compressed for good, with the same ETag", async () => {
    stored = { ...PLACEHOLDER_SETTINGS, phone: "+551155556666" };
    await site.reload();
    const quick = await app.request("/contato", { headers: { "Accept-Encoding": "br" } });
    const quickBytes = (await quick.arrayBuffer()).byteLength;
    await prerendered.settled();
    const settled = await app.request("/contato", { headers: { "Accept-Encoding": "br" } });
    const settledBody = Buffer.from(await settled.arrayBuffer());
    expect(settled.headers.get("ETag")).toBe(quick.headers.get("ETag"));
    expect(brotliDecompressSync(settledBody).toString()).toContain("+551155556666");
    expect(settledBody.byteLength).toBeLessThan(quickBytes);
  });

  it("renders per request a page whose render failed", async () => {
    const res = await app.request("/quebrada");
    expect(await res.text()).toBe("rendered");
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
