import { describe, expect, it } from "vitest";
import { pageMetaFor } from "./page-meta";
import { PLACEHOLDER_SETTINGS } from "./site-settings";

const site = { origin: "https://omnia.example", year: 2026, settings: PLACEHOLDER_SETTINGS };

type Tags = ReturnType<typeof pageMetaFor>;
const jsonLd = (tags: Tags) =>
  tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"] as Record<string, unknown>] : []));
const jsonLdTypes = (tags: Tags) => jsonLd(tags).map((data) => data["@type"]);

describe("pageMetaFor", () => {
  it("adds the canonical URL and, after the page's own structured data, its breadcrumb", () => {
    const tags = pageMetaFor("/precos", { title: "T", description: "D", jsonLd: [{ "@type": "FAQPage" }] }, site);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://omnia.example/precos" });
    expect(jsonLdTypes(tags)).toEqual(["FAQPage", "BreadcrumbList"]);
    const breadcrumb = jsonLd(tags).at(-1) as { itemListElement: { name: string; item: string }[] };
    expect(breadcrumb.itemListElement.map(({ name, item }) => [name, item])).toEqual([
      ["Início", "https://omnia.example/"],
      ["Preços", "https://omnia.example/precos"],
    ]);
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("keeps the home page without a breadcrumb and a noindex page out of search results", () => {
    expect(jsonLdTypes(pageMetaFor("/", { title: "T", description: "D" }, site))).toEqual([]);
    expect(pageMetaFor("/solicitar-demo", { title: "T", description: "D" }, site)).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });
});
