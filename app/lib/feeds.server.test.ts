import { describe, expect, it } from "vitest";
import type { FeedPost } from "./blog.server";
import { absoluteLinks, renderRobots, renderRss, renderSitemap } from "./feeds.server";
import { PLACEHOLDER_SETTINGS } from "./site-settings";

const site = { origin: "https://omnia.example", year: 2026, settings: PLACEHOLDER_SETTINGS };

const post = (overrides: Partial<FeedPost>): FeedPost => ({
  title: "Título",
  slug: "titulo",
  excerpt: "Resumo",
  content: "Conteúdo",
  published_at: "2026-03-05T12:00:00+00:00",
  updated_at: "2026-03-06T08:00:00+00:00",
  ...overrides,
});

describe("renderRss", () => {
  it("is RSS 2.0 with one escaped item per post", () => {
    const xml = renderRss([post({ title: 'Vendas & <IA> "já"', excerpt: "A < B & C", slug: "vendas-ia" })], site);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain("<title>Vendas &amp; &lt;IA&gt; &quot;já&quot;</title>");
    expect(xml).toContain("<description>A &lt; B &amp; C</description>");
    expect(xml).toContain("<link>https://omnia.example/blog/vendas-ia</link>");
    expect(xml).toContain("<pubDate>Thu, 05 Mar 2026 12:00:00 GMT</pubDate>");
    expect(xml).not.toMatch(/<IA>/);
  });

  it("describes each item in plain text, and carries the sanitized post in content:encoded", () => {
    const xml = renderRss(
      [
        post({
          excerpt: "Um **resumo** com [link](https://example.com)",
          content: "## Parte\n\nTexto com <script>alert(1)</script> e ]]> no meio",
        }),
      ],
      site,
    );
    expect(xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
    expect(xml).toContain("<description>Um resumo com link</description>");
    const encoded = /<content:encoded>([\s\S]*?)<\/content:encoded>/.exec(xml)?.[1] ?? "";
    expect(encoded.startsWith("<![CDATA[")).toBe(true);
    const html = encoded.replace(/^<!\[CDATA\[|\]\]>$/g, "");
    expect(html).toContain("<h2>Parte</h2>");
    // The section ends once, at its end, whatever the post contains.
    expect(encoded.match(/\]\]>/g)).toHaveLength(1);
    expect(html).not.toContain("<script");
  });

  it("makes the post's links and images absolute, an in-page link to the post's page", () => {
    const xml = renderRss(
      [post({ slug: "guia", content: "[demonstração](#demo), [contato](/contato) e [fora](https://example.com)" })],
      site,
    );
    expect(xml).toContain('href="https://omnia.example/blog/guia#demo"');
    expect(xml).toContain('href="https://omnia.example/contato"');
    expect(xml).toContain('href="https://example.com"');
    expect(
      absoluteLinks(
        '<img src="/storage/a.webp" srcset="/storage/a-640.webp 640w, /storage/a-1280.webp 1280w" alt="">',
        "https://omnia.example/blog/guia",
        "https://omnia.example",
      ),
    ).toBe(
      '<img src="https://omnia.example/storage/a.webp" srcset="https://omnia.example/storage/a-640.webp 640w, https://omnia.example/storage/a-1280.webp 1280w" alt="">',
    );
    // A protocol-relative address is left as it is.
    expect(absoluteLinks('<a href="//cdn.example/x">x</a>', "https://o.example/p", "https://o.example")).toBe(
      '<a href="//cdn.example/x">x</a>',
    );
  });

  it("falls back to the text of the body when there is no excerpt", () => {
    expect(renderRss([post({ excerpt: null, content: "## Oi\n\n**Texto** do post" })], site)).toContain(
      "<description>Oi Texto do post</description>",
    );
  });
});

describe("renderSitemap", () => {
  it("lists the pages, then the posts, tags and authors with their lastmod", () => {
    const xml = renderSitemap(
      [
        { path: "/", prerender: true, changefreq: "weekly", priority: 1 },
        { path: "/blog", prerender: false, changefreq: "daily", priority: 0.8, lastmodFromPosts: true },
      ],
      {
        posts: [
          { slug: "um-post", lastmod: "2026-03-06T08:00:00+00:00" },
          { slug: "outro", lastmod: "2026-03-07T08:00:00+00:00" },
        ],
        tags: [{ slug: "whatsapp", lastmod: "2026-03-07T08:00:00+00:00" }],
        authors: [{ slug: "joana-silva", lastmod: "2026-02-01T10:00:00+00:00" }],
      },
      site,
    );
    expect(xml).toContain("<loc>https://omnia.example/</loc>");
    expect(xml).toContain("<loc>https://omnia.example/blog</loc>\n    <lastmod>2026-03-07T08:00:00.000Z</lastmod>");
    expect(xml).toContain(
      "<loc>https://omnia.example/blog/um-post</loc>\n    <lastmod>2026-03-06T08:00:00.000Z</lastmod>",
    );
    expect(xml).toContain(
      "<loc>https://omnia.example/blog/tag/whatsapp</loc>\n    <lastmod>2026-03-07T08:00:00.000Z</lastmod>\n    <changefreq>weekly</changefreq>",
    );
    expect(xml).toContain("<loc>https://omnia.example/blog/autor/joana-silva</loc>");
    expect(xml.indexOf("/blog/um-post")).toBeLessThan(xml.indexOf("/blog/tag/whatsapp"));
  });
});

describe("renderRobots", () => {
  it("keeps crawlers out of /admin and /auth and names the sitemap", () => {
    expect(renderRobots(site)).toBe(
      "User-agent: *\nDisallow: /admin\nDisallow: /auth\n\nSitemap: https://omnia.example/sitemap.xml\n",
    );
  });

  // Python's urllib.robotparser and other simple parsers apply the first rule that matches.
  it("gives the same answers to a first-match parser as to a longest-match one", () => {
    const rules = renderRobots(site)
      .split("\n")
      .map((line) => /^(Allow|Disallow): (.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({ allow: match[1] === "Allow", prefix: match[2] ?? "" }));
    const firstMatch = (path: string) => rules.find((rule) => path.startsWith(rule.prefix))?.allow ?? true;
    expect(firstMatch("/admin")).toBe(false);
    expect(firstMatch("/auth")).toBe(false);
    expect(firstMatch("/admin/preview")).toBe(false);
    expect(firstMatch("/blog")).toBe(true);
    expect(firstMatch("/")).toBe(true);
  });
});
