import { describe, expect, it } from "vitest";
import { postsUsingImage } from "./images";

/** A post with just what postsUsingImage reads. */
const postWith = (id: string, featured: string | null, content: string) =>
  ({ id, title: id, featured_image: featured, content }) as Parameters<typeof postsUsingImage>[1][number];

describe("postsUsingImage", () => {
  it("finds the posts that show an image as featured image or in their text", () => {
    const image = {
      name: "posts/abc-10x10.png",
      bytes: 100,
      createdAt: "",
      path: "/storage/v1/object/public/blog-images/posts/abc-10x10.png",
    };
    const posts = [
      postWith("capa", image.path, "texto"),
      postWith("corpo", null, `![x](${image.path})`),
      postWith("outra", "/storage/v1/object/public/blog-images/posts/def-10x10.png", "nada"),
    ];
    expect(postsUsingImage(image, posts).map((p) => p.id)).toEqual(["capa", "corpo"]);
  });
});
