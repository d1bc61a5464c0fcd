// The Markdown pipeline, markdown-it then sanitize-html, with the guards that keep its time
// linear in the input (docs/decisions/045-markdown-it-linear-rendering.md). Post pages run it in
// the request (markdown.server.ts); the admin's preview runs it on a worker thread
// (markdown-worker.server.ts), which Node loads from this file as it is, so its imports name
// packages or files with their `.ts` extension, never the `~` alias.
import MarkdownIt from "markdown-it";
import type { StateBlock, StateCore, StateInline, Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { dimensionsFromName, isStorageImage, responsiveImage } from "./images.ts";

type Parser = InstanceType<typeof MarkdownIt>;

export interface MarkdownRenderer {
  /** Sanitized HTML; may throw (callers catch and fall back to escaped text). */
  toHtml(markdown: string, siteOrigin: string): string;
  /** Plain text, entities decoded, whitespace collapsed; may throw. */
  toText(markdown: string): string;
}

// The CommonMark preset's value. Nesting costs markdown-it recursion (and, past about 100,
// time on bracket runs); 20 still allows lists nine levels deep inside a quote.
const MAX_NESTING = 20;
// Emphasis, strikethrough and links nested deeper than this stay as their literal markers:
// "*a **a *a ..." would otherwise open tens of thousands of elements for the sanitizer and
// the browser. Nobody nests emphasis sixteen deep on purpose.
const MAX_INLINE_DEPTH = 16;
// markdown-it pads short table rows to the header's width, capped at 65,536 padded cells
// per table but not per document, so a 20 KB body of wide tables made megabytes of HTML. Past
// this budget the remaining rows (and later tables) stay paragraphs.
const MAX_TABLE_CELLS = 10_000;
// "[r]: <long URL>" once and "[r]" many times repeats the URL in the output each time.
// Links may spend the body's own length on destinations and titles, plus this much.
const EXTRA_LINK_CHARS = 64 * 1024;
// Emphasis and strikethrough markers ("*", "_", "~") and links and images per document; past
// them the rest stay literal text. Each marker is a token and a delimiter for markdown-it and
// each pair an element for sanitize-html, so long runs of them cost time out of proportion to
// their size. A long post uses a few hundred.
const MAX_EMPHASIS_MARKERS = 20_000;
const MAX_LINKS = 10_000;
const EXTERNAL_REL = "noopener noreferrer nofollow";
/** The column a post's body is shown in (app/components/blog/post-article.tsx). */
const BODY_IMAGE_SIZES = "(min-width: 768px) 720px, calc(100vw - 48px)";

/** A fresh pipeline, without the cache or the fallback of markdown.server.ts. */
export function createMarkdownRenderer(): MarkdownRenderer {
  const md = createParser();
  return {
    toHtml: (markdown, siteOrigin) => sanitizeHtml(md.render(markdown, {}), sanitizeOptions(siteOrigin)),
    toText: (markdown) => {
      const text = sanitizeHtml(md.render(markdown, {}), { allowedTags: [], allowedAttributes: {} });
      // sanitize-html escapes its text output; React escapes again, so decode the five entities.
      return text
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;|&#x27;/g, "'")
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ")
        .trim();
    },
  };
}

function createParser(): Parser {
  const md = new MarkdownIt({
    // Raw HTML is parsed, and then filtered by sanitize-html below, as it always has been:
    // editors may paste a <br> or a table, never a script (docs/admin.md).
    html: true,
    linkify: true,
    typographer: false,
    breaks: false,
    maxNesting: MAX_NESTING,
  });
  // One URL policy, sanitize-html's allow-list: a javascript: link loses its href there
  // instead of showing its source as text here.
  md.validateLink = () => true;
  // GFM links "www.host" as well as "https://host"; linkify-it's fuzzy mode would also link
  // bare "host.com.br", which GFM does not, so "www." is added as a scheme of its own.
  md.linkify.add("www.", {
    validate: (text, pos, self) => {
      const host = self.re.get_relative_proto_validator();
      host.lastIndex = pos;
      return host.exec(text)?.[0].length ?? 0;
    },
    normalize: (match) => {
      match.url = `http://${match.url}`;
    },
  });
  boundTableCells(md);
  boundInlineRule(md, "strikethrough", "emphasisMarkers", MAX_EMPHASIS_MARKERS, [0x7e]);
  boundInlineRule(md, "emphasis", "emphasisMarkers", MAX_EMPHASIS_MARKERS, [0x2a, 0x5f]);
  boundInlineRule(md, "link", "links", MAX_LINKS);
  boundInlineRule(md, "image", "links", MAX_LINKS);
  md.core.ruler.after("inline", "omnia_limits", applyInlineLimits);
  return md;
}

/** markdown-it's table rule, given only as many rows as the document's cell budget has left. */
function boundTableCells(md: Parser): void {
  // Ruler has no getter for a built-in rule's function; the wrapper below needs the original.
  // oxlint-disable-next-line no-underscore-dangle
  const tableRule = md.block.ruler.__rules__.find((rule) => rule.name === "table");
  if (!tableRule) throw new Error("markdown-it has no table rule");
  const originalTable = tableRule.fn;
  md.block.ruler.at(
    "table",
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const delimiterLine = startLine + 1;
      if (delimiterLine >= endLine) return false;
      const from = state.bMarks[delimiterLine]! + state.tShift[delimiterLine]!;
      const first = state.src.charCodeAt(from);
      // The same first test as markdown-it's rule ("|", "-" or ":"), before paying for a split.
      if (first !== 0x7c && first !== 0x2d && first !== 0x3a) return false;
      const parts = state.src.slice(from, state.eMarks[delimiterLine]).split("|");
      let columns = parts.length;
      if (parts[0]!.trim() === "") columns--;
      if (parts.length > 1 && parts[parts.length - 1]!.trim() === "") columns--;
      const used = typeof state.env.tableCells === "number" ? state.env.tableCells : 0;
      const rows = Math.floor((MAX_TABLE_CELLS - used) / Math.max(1, columns));
      if (rows < 1) return false;
      const before = state.tokens.length;
      const matched = originalTable(state, startLine, Math.min(endLine, startLine + 1 + rows), silent);
      if (matched && !silent) {
        let cells = 0;
        for (let i = before; i < state.tokens.length; i++) {
          const type = state.tokens[i]!.type;
          if (type === "td_open" || type === "th_open") cells++;
        }
        state.env.tableCells = used + cells;
      }
      return matched;
    },
    { alt: tableRule.alt },
  );
}

/**
 * Counts what an inline rule produced in the document (state.env, shared by its paragraphs),
 * and once `max` is reached lets the characters through as text. A run of markers that does
 * not fit is text as a whole ("***" never splits), and is consumed at once, not per character.
 */
function boundInlineRule(
  md: Parser,
  name: string,
  counter: "emphasisMarkers" | "links",
  max: number,
  marker?: number[],
): void {
  // oxlint-disable-next-line no-underscore-dangle
  const rule = md.inline.ruler.__rules__.find((candidate) => candidate.name === name);
  if (!rule) throw new Error(`markdown-it has no ${name} rule`);
  const original = rule.fn;
  md.inline.ruler.at(
    name,
    (state: StateInline, silent: boolean) => {
      const used = typeof state.env[counter] === "number" ? (state.env[counter] as number) : 0;
      const start = state.pos;
      if (marker) {
        const code = state.src.charCodeAt(start);
        // These rules never match in silent mode (link labels scan ahead that way).
        if (silent || !marker.includes(code)) return original(state, silent);
        let end = start + 1;
        while (end < state.posMax && state.src.charCodeAt(end) === code) end++;
        if (used + (end - start) > max) {
          state.pending += state.src.slice(start, end);
          state.pos = end;
          return true;
        }
      } else if (used >= max) {
        return false;
      }
      const matched = original(state, silent);
      if (matched && !silent) state.env[counter] = used + (marker ? state.pos - start : 1);
      return matched;
    },
    { alt: rule.alt },
  );
}

function asText(token: Token, content: string): void {
  token.type = "text";
  token.tag = "";
  token.nesting = 0;
  token.attrs = null;
  token.children = null;
  token.content = content;
}

/** After inline parsing: inline depth and link expansion bounded, table alignment and `<del>` kept. */
function applyInlineLimits(state: StateCore): void {
  let linkBudget = state.src.length + EXTRA_LINK_CHARS;
  for (const block of state.tokens) {
    // sanitize-html drops style attributes, so alignment travels as the older align attribute.
    if (block.type === "th_open" || block.type === "td_open") {
      const style = String(block.attrGet("style") ?? "");
      if (style.startsWith("text-align:")) block.attrs = [["align", style.slice("text-align:".length)]];
      continue;
    }
    if (block.type !== "inline" || !block.children) continue;
    // For each open element: whether it was turned into text (its close must be too).
    const open: boolean[] = [];
    for (const token of block.children) {
      if (token.type === "s_open" || token.type === "s_close") token.tag = "del";
      if (token.type === "link_open" || token.type === "image") {
        linkBudget -= String(token.attrGet(token.type === "image" ? "src" : "href") ?? "").length;
        linkBudget -= String(token.attrGet("title") ?? "").length;
      }
      if (token.nesting === 1) {
        const flatten = open.length >= MAX_INLINE_DEPTH || (token.type === "link_open" && linkBudget < 0);
        open.push(flatten);
        if (flatten) asText(token, token.type === "link_open" ? "" : token.markup);
      } else if (token.nesting === -1) {
        if (open.pop()) asText(token, token.type === "link_close" ? "" : token.markup);
      } else if (token.type === "image" && linkBudget < 0) {
        asText(token, token.content);
      }
    }
  }
}

function isExternal(href: string, siteOrigin: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

/**
 * An image kept in Storage gets a srcset of renditions (app/lib/images.ts), and its intrinsic
 * size when its name carries it (the admin's uploads are named <id>-<width>x<height>.<ext>), so
 * the page reserves its space.
 */
function bodyImage(src: string): Record<string, string> {
  if (!isStorageImage(src)) return {};
  const size = dimensionsFromName(src);
  const image = responsiveImage(src, { sizes: BODY_IMAGE_SIZES, maxWidth: size?.width });
  return {
    src: image.src,
    srcset: image.srcSet ?? "",
    sizes: BODY_IMAGE_SIZES,
    ...(size ? { width: String(size.width), height: String(size.height) } : {}),
  };
}

const ALLOWED_TAGS = [
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
];

function sanitizeOptions(siteOrigin: string): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading", "decoding"],
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
        attribs: {
          ...attribs,
          ...bodyImage(attribs.src ?? ""),
          alt: attribs.alt ?? "",
          loading: "lazy",
          decoding: "async",
        },
      }),
    },
  };
}
