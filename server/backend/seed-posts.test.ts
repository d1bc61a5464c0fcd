// The sample posts are the first thing a new site shows on /blog: every link they make to this
// site must reach a real page (one once pointed at /plataforma, which never existed).
import { describe, expect, it } from "vitest";
import { sitePages } from "../../app/content/pages.ts";
import { SEED_POSTS } from "./seed-posts.ts";

function internalLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1] ?? "");
}

describe("sample posts", () => {
  const pages = new Set([...sitePages.map((page) => page.path), ...SEED_POSTS.map((post) => `/blog/${post.slug}`)]);

  it.each(SEED_POSTS.map((post) => [post.slug, post] as const))("%s links only to pages that exist", (_slug, post) => {
    for (const link of internalLinks(post.content)) {
      const path = link.replace(/[?#].*$/, "").replace(/(.)\/$/, "$1");
      expect(pages, `${link} in ${post.slug}`).toContain(path);
    }
  });

  it("do link to the site (the check above is not vacuous)", () => {
    expect(SEED_POSTS.flatMap((post) => internalLinks(post.content)).length).toBeGreaterThan(0);
  });
});
