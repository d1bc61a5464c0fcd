import { blogCopy } from "~/content/blog";
import { absoluteUrl, siteConfig } from "~/content/site-config";
import { blogPostSitemap, type SitemapSettings, type SitePage } from "~/content/pages";
import type { BlogPost } from "./blog-types";
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
  return absoluteUrl(`/blog/${encodeURIComponent(slug)}`, site.origin);
}

/** RSS 2.0 of the published posts, newest first. */
export function renderRss(posts: BlogPost[], site: SiteContext): string {
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
        `      <pubDate>${new Date(post.created_at).toUTCString()}</pubDate>`,
        `      <description>${escapeXml(description)}</description>`,
        `      <content:encoded>${cdata(renderMarkdown(post.content, { siteOrigin: site.origin }))}</content:encoded>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = posts[0] ? new Date(posts[0].updated_at ?? posts[0].created_at) : new Date();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeXml(blogCopy.title)}</title>
    <link>${escapeXml(absoluteUrl("/blog", site.origin))}</link>
    <description>${escapeXml(blogCopy.feedDescription)}</description>
    <language>${escapeXml(siteConfig.locale.toLowerCase())}</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${escapeXml(absoluteUrl("/rss.xml", site.origin))}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
}

/** Every public page and every published post (the latter with lastmod). */
export function renderSitemap(
  pages: SitePage[],
  posts: Pick<BlogPost, "slug" | "created_at" | "updated_at">[],
  site: SiteContext,
  postSettings: SitemapSettings = blogPostSitemap,
): string {
  const newestPost = posts.reduce<string | null>((latest, post) => {
    const changed = post.updated_at ?? post.created_at;
    return !latest || changed > latest ? changed : latest;
  }, null);
  const entries = [
    ...pages.map((page) => ({
      loc: absoluteUrl(page.path, site.origin),
      // A list of posts changes whenever a post does.
      lastmod: page.lastmodFromPosts ? newestPost : null,
      changefreq: page.changefreq,
      priority: page.priority,
    })),
    ...posts.map((post) => ({
      loc: postUrl(post.slug, site),
      lastmod: post.updated_at ?? post.created_at,
      changefreq: postSettings.changefreq,
      priority: postSettings.priority,
    })),
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
