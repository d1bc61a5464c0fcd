import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
    writeFileSync(join(root, "contato", "index.html"), "<!doctype html><title>file</title>");
    app = new Hono();
    app.use("*", staticFiles(root, {}));
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
});
