import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliWindowBits, chooseEncoding, compress, compressResponse } from "./compression.ts";

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["gzip;q=0, *", "br"],
    ["br;q=0, *;q=0.5", "gzip"],
    ["*;q=0", null],
    ["identity", null],
    [undefined, null],
  ])("%s -> %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("compressResponse", () => {
  const text = "Atendimento omnichannel com IA. ".repeat(200);
  const routes: Record<string, () => Response> = {
    "/page": () => new Response(text, { headers: { "Content-Type": "application/json" } }),
    "/tiny": () => new Response("ok", { headers: { "Content-Type": "text/plain" } }),
    "/image": () => new Response(new Uint8Array(4096), { headers: { "Content-Type": "image/png" } }),
  };
  const app = {
    request: (path: string, init: RequestInit = {}) => {
      const request = new Request(`http://localhost${path}`, init);
      return compressResponse(request, routes[path]!());
    },
  };

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

describe("brotli's window", () => {
  it("is just large enough for the body, at most brotli's default of 22 bits", () => {
    expect(brotliWindowBits(100)).toBe(10);
    expect(brotliWindowBits(85_000)).toBe(17);
    expect(brotliWindowBits(2 ** 17 - 16)).toBe(17);
    expect(brotliWindowBits(2 ** 17 - 15)).toBe(18);
    expect(brotliWindowBits(64 * 1024 * 1024)).toBe(22);
  });

  it.each(["per-response", "once"] as const)("still reaches back across the whole body (%s)", async (effort) => {
    // 150 KB of noise, then the same again: only a window that spans the body finds the copy.
    const noise = randomBytes(150_000).toString("base64");
    const body = Buffer.from(noise + noise);
    const out = await compress(body, "br", effort);
    expect(brotliDecompressSync(out).equals(body)).toBe(true);
    expect(out.byteLength).toBeLessThan(noise.length * 0.8);
  });
});
