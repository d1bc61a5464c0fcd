import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineStylesheets, stylesheetReader } from "./inline-stylesheet.ts";

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

  it("writes it into a page whose only script is the analytics'", () => {
    expect(inlineStylesheets(page('enhanced" data-scripts="analytics'), read)).toContain(`<style>${CSS}</style>`);
  });

  it("leaves pages with scripts and the React apps linking the cached file", () => {
    for (const client of ["enhanced", 'enhanced" data-scripts="lead-form analytics', "app"]) {
      expect(inlineStylesheets(page(client), read)).toBe(page(client));
    }
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
