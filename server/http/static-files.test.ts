import { rmSync } from "node:fs";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientDirWith } from "./client-dir.testing.ts";
import { staticFiles } from "./static-files.ts";

// The files of the client build; its pages are documents (documents.ts), never files from disk.
describe("staticFiles", () => {
  let root: string;
  let app: Hono;

  beforeAll(() => {
    root = clientDirWith({
      "contato/index.html": "<!doctype html><title>file</title>",
      "index.html": "<!doctype html><title>home</title>",
      "assets/app-abc.js": "export {};",
      "logo.svg": "<svg/>",
    });
    app = new Hono();
    app.use("*", staticFiles(root));
    app.all("*", (c) => c.text("rendered"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // Their Cache-Control is set after the response is made, which only the Node server's
  // Response carries over: tests/e2e/http.spec.ts checks it.
  it("serves assets and public files", async () => {
    expect(await (await app.request("/assets/app-abc.js")).text()).toBe("export {};");
    expect(await (await app.request("/logo.svg")).text()).toBe("<svg/>");
  });

  it("never answers a page URL with an HTML file (the origin in it is the build's)", async () => {
    const paths = ["/contato", "/contato/", "/contato/index.html", "/", "/index.html", "/contato?enviado=1"];
    const bodies = await Promise.all(paths.map(async (path) => (await app.request(path)).text()));
    expect(bodies).toEqual(paths.map(() => "rendered"));
  });
});
