import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { siteConfig } from "~/content/site-config";

// Server-only (the .server suffix keeps marked and sanitize-html out of every browser
// bundle): post pages render Markdown to HTML in their loader, and the admin's preview asks
// the server for the same HTML (docs/decisions/041-markdown-rendering.md).

const marked = new Marked({ gfm: true, breaks: false, async: false });

const EXTERNAL_REL = "noopener noreferrer nofollow";

function isExternal(href: string, siteOrigin: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

function sanitizeOptions(siteOrigin: string): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "p",
      "br",
      "hr",
      "blockquote",
      "pre",
      "code",
      "ul",
      "ol",
      "li",
      "strong",
      "em",
      "del",
      "s",
      "a",
      "img",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
      ol: ["start"],
      th: ["align"],
      td: ["align"],
      code: ["class"],
    },
    allowedClasses: { code: [/^language-[\w-]+$/] },
    // No javascript:, data: or vbscript: URLs, and no protocol-relative ones ("//host").
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    // Script and style bodies are dropped with their tags, not kept as text.
    disallowedTagsMode: "discard",
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
    transformTags: {
      // The page's title is its only h1; a "# Heading" in the body becomes a section heading.
      h1: "h2",
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        const external = isExternal(href, siteOrigin);
        const { rel: _rel, target: _target, ...rest } = attribs;
        return {
          tagName,
          attribs: external ? { ...rest, rel: EXTERNAL_REL, target: "_blank" } : rest,
        };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy", decoding: "async" },
      }),
    },
  };
}

export interface RenderOptions {
  /** Origin of this site: links elsewhere open in a new tab and carry no referrer or ranking. */
  siteOrigin?: string;
}

/** Markdown (an editor's post body) to HTML that is safe to inject into the page. */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, sanitizeOptions(options.siteOrigin ?? siteConfig.url));
}

/** Plain text of a Markdown body (meta descriptions when a post has no excerpt). */
export function markdownToText(markdown: string): string {
  const html = marked.parse(markdown) as string;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html escapes its text output; React escapes again, so decode the five entities.
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
