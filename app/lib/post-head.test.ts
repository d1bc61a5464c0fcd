import { describe, expect, it } from "vitest";
import { blogCopy } from "~/content/blog";
import { postHead, truncateText } from "./post-head";

const post = {
  title: "Atendimento",
  excerpt: "Um resumo.",
  meta_title: null,
  meta_description: null,
  og_image: null,
  featured_image: null,
};

describe("postHead", () => {
  it("falls back to the title with the blog's suffix, the excerpt and the body", () => {
    expect(postHead(post, () => "corpo")).toEqual({
      title: `Atendimento${blogCopy.postTitleSuffix}`,
      description: "Um resumo.",
      image: null,
    });
    expect(postHead({ ...post, excerpt: " " }, () => "corpo").description).toBe("corpo");
  });

  it("prefers the SEO fields and the sharing image", () => {
    const head = postHead(
      { ...post, meta_title: "Título SEO", meta_description: "Descrição SEO", og_image: "https://x.example/a.jpg" },
      () => "corpo",
    );
    expect(head).toEqual({ title: "Título SEO", description: "Descrição SEO", image: "https://x.example/a.jpg" });
  });

  it("cuts a long text at a word, with an ellipsis", () => {
    expect(truncateText("um dois três quatro", 12)).toBe("um dois…");
  });
});
