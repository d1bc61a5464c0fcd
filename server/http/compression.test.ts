import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compression } from "./compression.ts";

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", null],
    [undefined, null],
  ])("%s -> %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("compression middleware", () => {
  const text = "Atendimento omnichannel com IA. ".repeat(200);
  const app = new Hono();
  app.use("*", compression());
  app.get("/page", (c) => c.html(text));
  app.get("/tiny", (c) => c.text("ok"));
  app.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));

  it("sends brotli to clients that accept it, else gzip", async () => {
    const br = await app.request("/page", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);

    const gz = await app.request("/page", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    expect(gz.headers.get("Vary")).toContain("Accept-Encoding");
  });

  it("leaves tiny bodies, binary types and clients without compression alone", async () => {
    expect(
      (await app.request("/tiny", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding"),
    ).toBeNull();
    expect(
      (await app.request("/image", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding"),
    ).toBeNull();
    const plain = await app.request("/page");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(text);
  });
});
