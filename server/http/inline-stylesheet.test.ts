import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { inlineStylesheets, inlineStylesheetsMiddleware, stylesheetReader } from "./inline-stylesheet.ts";

const CSS = "body{color:red}";
const LINK = '<link rel="stylesheet" href="/assets/root-abc.css"/>';
const page = (client: string, head = LINK) =>
  `<!DOCTYPE html><html lang="pt-BR" data-client="${client}"><head>${head}</head><body><form></form></body></html>`;

function clientDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "inline-css-"));
  mkdirSync(join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "assets", name), text);
  writeFileSync(join(dir, "secret.css"), "secret{}");
  return dir;
}

describe("inlineStylesheets", () => {
  const read = stylesheetReader(clientDir({ "root-abc.css": CSS, "evil.css": "a{}</style><script>x()</script>" }));

  it("writes the stylesheet into a page without scripts", () => {
    const html = inlineStylesheets(page("none"), read);
    expect(html).toContain(`<head><style>${CSS}</style></head>`);
    expect(html).not.toContain("<link");
  });

  it("leaves pages with scripts and the React apps linking the cached file", () => {
    for (const client of ["enhanced", "app"]) expect(inlineStylesheets(page(client), read)).toBe(page(client));
  });

  it("keeps the link when the file is missing or its text would close the element", () => {
    const missing = page("none", '<link rel="stylesheet" href="/assets/gone.css"/>');
    expect(inlineStylesheets(missing, read)).toBe(missing);
    const evil = page("none", '<link rel="stylesheet" href="/assets/evil.css"/>');
    expect(inlineStylesheets(evil, read)).toBe(evil);
  });

  it("does not read outside the assets folder", () => {
    const outside = page("none", '<link rel="stylesheet" href="/assets/../secret.css"/>');
    expect(inlineStylesheets(outside, read)).toBe(outside);
  });
});

describe("inlineStylesheetsMiddleware", () => {
  const read = stylesheetReader(clientDir({ "root-abc.css": CSS }));
  const app = new Hono();
  app.use("*", inlineStylesheetsMiddleware(read));
  app.get("/blog", (c) =>
    c.html(page("none"), 200, { "Content-Length": String(page("none").length), "Cache-Control": "public, max-age=0" }),
  );
  app.get("/ready", (c) => c.html(page("none"), 200, { "Content-Security-Policy": "default-src 'self'" }));
  app.get("/feed", (c) => c.text(LINK));

  it("rewrites a page rendered per request, keeping its status and headers", async () => {
    const response = await app.request("/blog");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0");
    const html = await response.text();
    expect(html).toContain(`<style>${CSS}</style>`);
    // Not the old page's length: absent (the server measures the body) or the new one.
    expect([null, String(Buffer.byteLength(html))]).toContain(response.headers.get("Content-Length"));
  });

  it("leaves prerendered pages (already final, with their CSP) and other types alone", async () => {
    expect(await (await app.request("/ready")).text()).toBe(page("none"));
    expect(await (await app.request("/feed")).text()).toBe(LINK);
  });
});
