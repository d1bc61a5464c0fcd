import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { clientDirWith } from "./client-dir.testing.ts";
import { contentSecurityPolicy, inlineScriptHashes, NON_DOCUMENT_CSP } from "./csp.ts";
import { answerFor, documentPipeline, etagMatches, respond, strongEtag } from "./document.ts";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheet.ts";

const CSS = "body{color:red}";
const FILLER = "<p>Atendimento omnichannel com IA.</p>".repeat(40);
const page = `<!DOCTYPE html><html lang="pt-BR" data-client="none"><head><link rel="stylesheet" href="/assets/root-abc.css"/><script type="speculationrules">{}</script></head><body>${FILLER}</body></html>`;

const link = (name: string) => `<link rel="stylesheet" href="/assets/${name}.css"/>`;

const pipeline = documentPipeline({
  csp: {},
  readStylesheet: stylesheetReader(clientDirWith({ "assets/root-abc.css": CSS })),
});
const request = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/blog", { method, headers });

describe("documentPipeline", () => {
  it("writes the stylesheet in, then hashes the scripts of what is served, then compresses it", async () => {
    const document = pipeline({ text: page, html: true }, "per-response");
    const identity = await document.variant(null);
    const html = new TextDecoder().decode(identity.body);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(document.csp).toContain(`'sha256-${createHash("sha256").update("{}").digest("base64")}'`);
    expect(document.etag).toMatch(/^"[\w-]{32}"$/);
    const br = await document.variant("br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    expect(gunzipSync((await document.variant("gzip")).body).toString()).toBe(html);
    // Compressed once, then kept.
    expect(await document.variant("br")).toBe(br);
  });

  it("serves a page without the analytics' script and pixel when they are off, as a script-free page", async () => {
    const counted = `<!DOCTYPE html><html lang="pt-BR" data-client="enhanced" data-scripts="analytics"><head><link rel="stylesheet" href="/assets/root-abc.css"/><script type="module" src="/assets/analytics-DWCoMx8m.js" data-analytics=""></script></head><body>${FILLER}<noscript data-analytics=""><img src="/_a.gif?p=%2Fblog" alt=""/></noscript></body></html>`;
    const off = documentPipeline({
      csp: {},
      readStylesheet: stylesheetReader(clientDirWith({ "assets/root-abc.css": CSS })),
      analytics: false,
    });
    const served = new TextDecoder().decode((await off({ text: counted, html: true }, "once").variant(null)).body);
    expect(served).toContain('<html lang="pt-BR" data-client="none"><head><style>');
    expect(served).not.toMatch(/analytics|_a\.gif/);
    const on = new TextDecoder().decode((await pipeline({ text: counted, html: true }, "once").variant(null)).body);
    expect(on).toContain('data-analytics=""');
  });

  it("serves what writing the stylesheet into the text would give, and hashes the scripts served", async () => {
    const reader = stylesheetReader(
      clientDirWith({ "assets/root-abc.css": `${CSS}/*é€*/`, "assets/odd.css": "a{}/*<script>x()</script>*/" }),
    );
    const served = documentPipeline({ csp: {}, readStylesheet: reader });
    const html = (head: string, body = FILLER) =>
      `<!DOCTYPE html><html lang="pt-BR" data-client="none"><head>${head}</head><body>${body}“busca”😀</body></html>`;
    const pages = [
      html(`${link("root-abc")}<script type="speculationrules">{}</script>`),
      html(link("root-abc"), `${FILLER}${link("root-abc")}`),
      // A link inside a script is text of the script: what it becomes is what is hashed.
      html(`<script>var a = '${link("root-abc")}';</script>`),
      // A stylesheet whose text looks like a script: its hash is allowed, as before.
      html(`${link("odd")}<script>b()</script>`),
    ];
    for (const text of pages) {
      const expected = inlineStylesheets(text, reader);
      const document = served({ text, html: true }, "per-response");
      expect(new TextDecoder().decode((await document.variant(null)).body)).toBe(expected);
      expect(document.csp).toBe(contentSecurityPolicy(inlineScriptHashes(expected)));
      expect(document.etag).toBe(strongEtag(new TextEncoder().encode(expected)));
    }
  });

  it("gives a feed the policy of anything that is not a page, and leaves tiny bodies as they are", async () => {
    const feed = pipeline({ text: "<rss/>", html: false }, "per-response");
    expect(feed.csp).toBe(NON_DOCUMENT_CSP);
    expect(await feed.variant("br")).toMatchObject({ encoding: null });
  });
});

const answer = async (headers: Record<string, string> = {}, validated = true) =>
  answerFor(request(headers), pipeline({ text: page, html: true }, "once"), {
    status: 200,
    headers: [["Content-Type", "text/html; charset=utf-8"]],
    validated,
  });

describe("respond", () => {
  it("answers 304 to a GET or HEAD that names the current copy, with its validator and no body headers", async () => {
    const current = await answer();
    for (const method of ["GET", "HEAD"]) {
      const res = respond(request({ "If-None-Match": `W/"x", ${current.etag}` }, method), current);
      expect(res.status).toBe(304);
      expect(res.headers.get("ETag")).toBe(current.etag);
      expect(res.headers.get("Content-Type")).toBeNull();
      expect(res.headers.get("Content-Length")).toBeNull();
      expect(await res.text()).toBe("");
    }
  });

  it("sends the body in the negotiated encoding with its length, and none to HEAD", async () => {
    const br = await answer({ "Accept-Encoding": "gzip, br" });
    const res = respond(request(), br, { "X-Cache": "hit" });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Length")).toBe(String((await res.arrayBuffer()).byteLength));
    expect(res.headers.get("X-Cache")).toBe("hit");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    const head = respond(request({}, "HEAD"), br);
    expect(head.headers.get("Content-Length")).toBe(res.headers.get("Content-Length"));
    expect(await head.text()).toBe("");
  });

  it("neither sends an ETag nor answers 304 for a page rendered for one request", async () => {
    const oneOff = await answer({}, false);
    const res = respond(request({ "If-None-Match": "*" }), oneOff);
    expect(res.status).toBe(200);
    expect(res.headers.get("ETag")).toBeNull();
  });
});

describe("etagMatches", () => {
  it("compares weakly and accepts *", () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
