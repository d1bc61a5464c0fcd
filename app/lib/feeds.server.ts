import { authorPath, postPath, tagPath } from "~/lib/blog-links";
import { blogCopy } from "~/content/blog";
import { absoluteUrl, siteConfig } from "~/content/site-config";
import {
  authorPageSitemap,
  blogPostSitemap,
  tagPageSitemap,
  type SitemapSettings,
  type SitePage,
} from "~/content/pages";
import type { FeedPost, SitemapItem, SitemapItems } from "./blog.server";
import { markdownToText, renderMarkdown } from "./markdown.server";
import type { SiteContext } from "./site-context";
import { escapeXml } from "./xml";

// XML documents for search engines and feed readers. Pure functions of their inputs, so the
// escaping is unit-tested without a server.

const FEED_ITEM_DESCRIPTION_LENGTH = 300;

function truncateText(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length - 1).replace(/\s+\S*$/, "")}…`;
}

/** HTML inside a CDATA section; a "]]>" in it is split across two sections. */
function cdata(html: string): string {
  return `<![CDATA[${html.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

function postUrl(slug: string, site: SiteContext): string {
  return absoluteUrl(postPath(encodeURIComponent(slug)), site.origin);
}

/** What a feed is about: the whole blog, a tag or an author. */
export interface FeedChannel {
  title: string;
  description: string;
  /** The page it follows ("/blog", a tag's page) and its own address. */
  link: string;
  self: string;
}

const BLOG_CHANNEL: FeedChannel = {
  title: blogCopy.title,
  description: blogCopy.feedDescription,
  link: "/blog",
  self: "/rss.xml",
};

/**
 * A post's HTML with its links and images made absolute: a feed reader resolves a relative one
 * against the feed's address, not the post's, so "#demo" would point into rss.xml and "/contato"
 * to the reader's own site. In-page links go to the post's page.
 */
export function absoluteLinks(html: string, pageUrl: string, origin: string): string {
  const absolute = (value: string) =>
    value.startsWith("#") ? pageUrl + value : value.startsWith("/") && !value.startsWith("//") ? origin + value : value;
  return html.replace(/\s(href|src|srcset)="([^"]*)"/g, (_whole, attribute: string, value: string) => {
    // A srcset lists "url width" candidates, each made absolute.
    const made =
      attribute === "srcset"
        ? value
            .split(",")
            .map((candidate) => candidate.trim().replace(/^\S+/, absolute))
            .join(", ")
        : absolute(value);
    return ` ${attribute}="${made}"`;
  });
}

/** RSS 2.0 of visible posts, newest first: the blog's, or a tag's or an author's (`channel`). */
export function renderRss(posts: FeedPost[], site: SiteContext, channel: FeedChannel = BLOG_CHANNEL): string {
  const items = posts
    .map((post) => {
      const url = postUrl(post.slug, site);
      // Readers show <description> as a summary: plain text (an excerpt may hold Markdown too);
      // the whole post, as sanitized HTML, goes in content:encoded.
      const description = truncateText(
        markdownToText(post.excerpt?.trim() || post.content),
        FEED_ITEM_DESCRIPTION_LENGTH,
      );
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${new Date(post.published_at).toUTCString()}</pubDate>`,
        `      <description>${escapeXml(description)}</description>`,
        `      <content:encoded>${cdata(absoluteLinks(renderMarkdown(post.content, { siteOrigin: site.origin }), url, site.origin))}</content:encoded>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = posts.reduce<Date | null>((latest, post) => {
    const changed = new Date(post.updated_at > post.published_at ? post.updated_at : post.published_at);
    return !latest || changed > latest ? changed : latest;
  }, null);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(absoluteUrl(channel.link, site.origin))}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>${escapeXml(siteConfig.locale.toLowerCase())}</language>
    <lastBuildDate>${(lastBuild ?? new Date()).toUTCString()}</lastBuildDate>
    <atom:link href="${escapeXml(absoluteUrl(channel.self, site.origin))}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
}

/** Every public page, then every visible post that may be indexed, tag and author (with lastmod). */
export function renderSitemap(
  pages: SitePage[],
  items: SitemapItems,
  site: SiteContext,
  settings: { posts: SitemapSettings; tags: SitemapSettings; authors: SitemapSettings } = {
    posts: blogPostSitemap,
    tags: tagPageSitemap,
    authors: authorPageSitemap,
  },
): string {
  const newestPost = items.posts.reduce<string | null>(
    (latest, post) => (!latest || post.lastmod > latest ? post.lastmod : latest),
    null,
  );
  const each = (list: SitemapItem[], path: (slug: string) => string, with_: SitemapSettings) =>
    list.map((item) => ({
      loc: absoluteUrl(path(encodeURIComponent(item.slug)), site.origin),
      lastmod: item.lastmod || null,
      changefreq: with_.changefreq,
      priority: with_.priority,
    }));
  const entries = [
    ...pages.map((page) => ({
      loc: absoluteUrl(page.path, site.origin),
      // A list of posts changes whenever a post does.
      lastmod: page.lastmodFromPosts ? newestPost : null,
      changefreq: page.changefreq,
      priority: page.priority,
    })),
    ...each(items.posts, postPath, settings.posts),
    ...each(items.tags, tagPath, settings.tags),
    ...each(items.authors, authorPath, settings.authors),
  ];
  const urls = entries
    .map((entry) =>
      [
        "  <url>",
        `    <loc>${escapeXml(entry.loc)}</loc>`,
        entry.lastmod ? `    <lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>` : null,
        `    <changefreq>${entry.changefreq}</changefreq>`,
        `    <priority>${entry.priority.toFixed(1)}</priority>`,
        "  </url>",
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
}

/**
 * A feed's answer: the RSS `render` gives, a 404 when it gives null (a tag or author without
 * visible posts), or a 503 when the backend fails.
 */
export async function feedResponse(render: () => Promise<string | null>): Promise<Response> {
  try {
    const xml = await render();
    if (xml === null) return new Response("Not found", { status: 404 });
    return new Response(xml, {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    // A feed without its posts would make readers drop them; ask them to come back instead.
    return new Response("Service unavailable", { status: 503, headers: { "Retry-After": "60" } });
  }
}

/** Crawl rules: the whole site except the private screens, and where the sitemap is. */
export function renderRobots(site: SiteContext): string {
  return [
    // No "Allow: /" line: parsers that take the first matching rule (Python's urllib.robotparser
    // among them) would read it as allowing /admin and /auth. Everything not disallowed is allowed.
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /auth",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml", site.origin)}`,
    "",
  ].join("\n");
}
