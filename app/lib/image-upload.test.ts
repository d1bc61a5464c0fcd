// The admin's uploads are named and sent by the image's real type, read from its bytes: the
// browser's `file.type` follows the file name, and the storage API (server/backend/storage/
// upload.ts) refuses a name whose extension is not the bytes' type.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../server/backend/testing/backend.ts";
import { imageObjectName, imageTypeOf, sniffImageType } from "./image-upload";

const picture = sharp({ create: { width: 8, height: 6, channels: 3, background: "#2563eb" } });

describe("an image's real type", () => {
  it("comes from the bytes, whatever the name says", async () => {
    const jpeg = await picture.clone().jpeg().toBuffer();
    const misnamed = new File([new Uint8Array(jpeg)], "foto.png", { type: "image/png" });
    expect(await imageTypeOf(misnamed)).toBe("image/jpeg");
    expect(imageObjectName("image/jpeg", { width: 8, height: 6 }, "id")).toBe("posts/id-8x6.jpg");
    expect(sniffImageType(new Uint8Array(await picture.clone().png().toBuffer()))).toBe("image/png");
    expect(sniffImageType(new Uint8Array(await picture.clone().webp().toBuffer()))).toBe("image/webp");
    expect(sniffImageType(new Uint8Array(await picture.clone().gif().toBuffer()))).toBe("image/gif");
    expect(sniffImageType(new Uint8Array(await picture.clone().avif().toBuffer()))).toBe("image/avif");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });
});

describe("a JPEG whose file name ends in .png", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is stored under the name its bytes give it", async () => {
    const { client } = await t.user("admin@example.com", { admin: true });
    const file = new File([new Uint8Array(await picture.clone().jpeg().toBuffer())], "foto.png", {
      type: "image/png",
    });
    const type = (await imageTypeOf(file))!;
    const name = imageObjectName(type, { width: 8, height: 6 }, crypto.randomUUID());
    const { error } = await client.storage.from("blog-images").upload(name, file, { contentType: type });
    expect(error).toBeNull();
  });
});
