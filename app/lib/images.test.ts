import { describe, expect, it } from "vitest";
import { RENDER_WIDTHS, parseTransform } from "../../server/backend/storage/render.ts";
import { RENDITION_WIDTHS, dimensionsFromName, renditionUrl, responsiveImage, shareImage } from "./images";

const STORED = "/storage/v1/object/public/blog-images/posts/abc-1600x900.jpg";

describe("responsive images", () => {
  it("offers renditions of Storage pictures, same origin or a hosted project", () => {
    expect(renditionUrl(STORED, 640, 340)).toBe(
      "/storage/v1/render/image/public/blog-images/posts/abc-1600x900.jpg?width=640&height=340",
    );
    expect(renditionUrl("https://ref.supabase.co/storage/v1/object/public/b/x.png", 320)).toBe(
      "https://ref.supabase.co/storage/v1/render/image/public/b/x.png?width=320",
    );
    const card = responsiveImage(STORED, { sizes: "100vw", aspect: [40, 21] });
    expect(card.srcSet?.split(", ")).toHaveLength(7);
    expect(card.srcSet).toContain("?width=320&height=170 320w");
    expect(card.srcSet).toContain("?width=1200&height=630 1200w");
    expect(card.src).toContain("?width=800&height=420");
    expect(card.sizes).toBe("100vw");
    // Never wider than the picture itself.
    const small = responsiveImage(STORED, { sizes: "100vw", maxWidth: 500 });
    expect(small.srcSet).toBe(
      "/storage/v1/render/image/public/blog-images/posts/abc-1600x900.jpg?width=320 320w, /storage/v1/render/image/public/blog-images/posts/abc-1600x900.jpg?width=480 480w",
    );
  });

  it("asks only for renditions the renderer makes exactly (its widths, their 40:21 crop)", () => {
    const card = responsiveImage(STORED, { sizes: "100vw", aspect: [40, 21] });
    const body = responsiveImage(STORED, { sizes: "100vw" });
    const urls = [...card.srcSet!.split(", "), ...body.srcSet!.split(", ")]
      .map((candidate) => candidate.split(" ")[0]!)
      .concat([shareImage(STORED)!, renditionUrl(STORED, 160)!]);
    for (const url of urls) {
      const query = Object.fromEntries(new URL(url, "http://localhost").searchParams);
      const asked = { width: Number(query["width"]), height: query["height"] ? Number(query["height"]) : null };
      const made = parseTransform(query, { width: 1600, height: 900 });
      expect({ url, width: made.width, height: made.height }).toEqual({ url, ...asked });
    }
    expect(RENDER_WIDTHS).toEqual(expect.arrayContaining([...RENDITION_WIDTHS]));
  });

  it("leaves external pictures as they are", () => {
    expect(responsiveImage("https://images.example.com/a.jpg", { sizes: "100vw" })).toEqual({
      src: "https://images.example.com/a.jpg",
    });
    expect(shareImage("https://images.example.com/a.jpg")).toBe("https://images.example.com/a.jpg");
    expect(shareImage(null)).toBeNull();
    expect(shareImage(STORED)).toContain("?width=1200&height=630");
  });

  it("reads an upload's size from its name", () => {
    expect(dimensionsFromName(STORED)).toEqual({ width: 1600, height: 900 });
    expect(dimensionsFromName("https://images.example.com/a.jpg")).toBeNull();
  });
});
