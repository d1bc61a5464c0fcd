import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import MarkdownIt from "markdown-it";
import type { StateBlock, StateCore, StateInline, Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";

// Server-only (the .server suffix keeps markdown-it and sanitize-html out of every browser
// bundle): post pages render Markdown to HTML in their loader, and the admin's preview asks
// the server for the same HTML (docs/decisions/041-markdown-rendering.md). The parser is
// markdown-it because its time is linear in the input, with guards for what is not
// (docs/decisions/045-markdown-it-linear-rendering.md).

export interface MarkdownRenderer {
  /** Sanitized HTML; may throw (callers catch and fall back to escaped text). */
  toHtml(markdown: string, siteOrigin: string): string;
  /** Plain text, entities decoded, whitespace collapsed; may throw. */
  toText(markdown: string): string;
}

/**
 * The whole pipeline, built from the two libraries it is given. The preview's worker thread
 * rebuilds it from this function's source text (Function.prototype.toString), so the body must
 * not refer to anything outside it: no imports, no module-level constants or helpers.
 */
function createRenderer(MarkdownItClass: typeof MarkdownIt, sanitize: typeof sanitizeHtml): MarkdownRenderer {
  // The CommonMark preset's value. Nesting costs markdown-it recursion (and, past about 100,
  // time on bracket runs); 20 still allows lists nine levels deep inside a quote.
  const MAX_NESTING = 20;

  // An image kept in Storage gets a srcset of renditions, and its intrinsic size when its name
  // carries it (the admin's uploads are named <id>-<width>x<height>.<ext>), so the page reserves
  // its space. The same rules as app/lib/images.ts, restated here: this function may not import.
  const BODY_IMAGE_WIDTHS = [320, 480, 640, 800, 960, 1200, 1600];
  const BODY_IMAGE_SIZES = "(min-width: 768px) 720px, calc(100vw - 48px)";
  const bodyImage = (src: string): Record<string, string> => {
    const marker = "/storage/v1/object/public/";
    if (!src.includes(marker) || src.includes("?")) return {};
    const size = /-(\d{1,5})x(\d{1,5})\.[a-z0-9]+$/i.exec(src);
    const intrinsic = size ? Number(size[1]) : 1600;
    const widths = BODY_IMAGE_WIDTHS.filter((w) => w <= intrinsic);
    if (widths.length === 0) widths.push(BODY_IMAGE_WIDTHS[0]!);
    const at = (w: number) => `${src.replace(marker, "/storage/v1/render/image/public/")}?width=${w}`;
    return {
      src: at(widths[Math.min(3, widths.length - 1)]!),
      srcset: widths.map((w) => `${at(w)} ${w}w`).join(", "),
      sizes: BODY_IMAGE_SIZES,
      ...(size ? { width: size[1]!, height: size[2]! } : {}),
    };
  };
  // Emphasis, strikethrough and links nested deeper than this stay as their literal markers:
  // "*a **a *a ..." would otherwise open tens of thousands of elements for the sanitizer and
  // the browser. Nobody nests emphasis sixteen deep on purpose.
  const MAX_INLINE_DEPTH = 16;
  // markdown-it pads short table rows to the header's width, capped at 65,536 padded cells
  // per table but not per document, so a 20 KB body of wide tables made 8 MB of HTML. Past
  // this budget the remaining rows (and later tables) stay paragraphs.
  const MAX_TABLE_CELLS = 10_000;
  // "[r]: <long URL>" once and "[r]" many times repeats the URL in the output each time.
  // Links may spend the body's own length on destinations and titles, plus this much.
  const EXTRA_LINK_CHARS = 64 * 1024;
  // Emphasis and strikethrough markers ("*", "_", "~") and links and images per document; past
  // them the rest stay literal text. Each marker is a token and a delimiter for markdown-it and
  // each pair an element for sanitize-html: "**_* " repeated to 200,000 characters (40,000
  // <em>) took 280 ms, "![[]()" (33,000 empty links) 230 ms. A long post uses a few hundred.
  const MAX_EMPHASIS_MARKERS = 20_000;
  const MAX_LINKS = 10_000;
  const EXTERNAL_REL = "noopener noreferrer nofollow";

  const md = new MarkdownItClass({
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

  // Counts what an inline rule produced in the document (state.env, shared by its paragraphs),
  // and once `max` is reached lets the characters through as text. A run of markers that does
  // not fit is text as a whole ("***" never splits), and is consumed at once, not per character.
  const bounded = (name: string, counter: "emphasisMarkers" | "links", max: number, marker?: number[]) => {
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
  };
  bounded("strikethrough", "emphasisMarkers", MAX_EMPHASIS_MARKERS, [0x7e]);
  bounded("emphasis", "emphasisMarkers", MAX_EMPHASIS_MARKERS, [0x2a, 0x5f]);
  bounded("link", "links", MAX_LINKS);
  bounded("image", "links", MAX_LINKS);

  // Helpers stay inside: the worker rebuilds the pipeline from this function's text alone.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const asText = (token: Token, content: string) => {
    token.type = "text";
    token.tag = "";
    token.nesting = 0;
    token.attrs = null;
    token.children = null;
    token.content = content;
  };

  md.core.ruler.after("inline", "omnia_limits", (state: StateCore) => {
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
  });

  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const isExternal = (href: string, siteOrigin: string): boolean => {
    if (!/^https?:\/\//i.test(href)) return false;
    try {
      return new URL(href).origin !== new URL(siteOrigin).origin;
    } catch {
      return true;
    }
  };

  const sanitizeOptions = (siteOrigin: string): sanitizeHtml.IOptions => ({
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
  });

  return {
    toHtml: (markdown, siteOrigin) => sanitize(md.render(markdown, {}), sanitizeOptions(siteOrigin)),
    toText: (markdown) => {
      const text = sanitize(md.render(markdown, {}), { allowedTags: [], allowedAttributes: {} });
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

let renderer: MarkdownRenderer | undefined;
const inProcess = (): MarkdownRenderer => (renderer ??= createMarkdownRenderer());

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replaceAll("\u0000", "\ufffd");
}

/** What a body shows when rendering failed: its text, escaped, one paragraph per blank line. */
function plainTextHtml(markdown: string): string {
  return markdown
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((part) => part.trim() !== "")
    .map((part) => `<p>${escapeHtml(part.trim())}</p>`)
    .join("\n");
}

function logFailure(what: string, err: unknown): void {
  console.error(`[markdown] ${what}; showing the text unformatted:`, err instanceof Error ? err.message : err);
}

// Rendered bodies by content hash. A post page, the RSS feed and the preview of an unchanged
// body render the same text again and again; with the cache a slow body costs once per edit
// instead of once per visit. Bounded by the characters held, oldest out first.
const CACHE_MAX_CHARS = 8_000_000;
const cache = new Map<string, string>();
let cachedChars = 0;

function cacheKey(kind: "html" | "text", markdown: string, siteOrigin = ""): string {
  return createHash("sha256").update(`${kind}\u0000${siteOrigin}\u0000`).update(markdown).digest("base64");
}

function cacheGet(key: string): string | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

function cacheSet(key: string, value: string): void {
  if (value.length > CACHE_MAX_CHARS / 4 || cache.has(key)) return;
  cache.set(key, value);
  cachedChars += value.length;
  for (const [oldKey, old] of cache) {
    if (cachedChars <= CACHE_MAX_CHARS) break;
    cache.delete(oldKey);
    cachedChars -= old.length;
  }
}

export interface RenderOptions {
  /** Origin of this site (the site context's): links elsewhere open in a new tab and carry no referrer or ranking. */
  siteOrigin: string;
}

/**
 * Markdown (an editor's post body) to HTML that is safe to inject into the page. Never throws:
 * if the renderer fails, the text comes back escaped, so a post page shows its words rather
 * than an error page.
 */
export function renderMarkdown(markdown: string, options: RenderOptions): string {
  try {
    const { siteOrigin } = options;
    const key = cacheKey("html", markdown, siteOrigin);
    const cached = cacheGet(key);
    if (cached !== undefined) return cached;
    const html = inProcess().toHtml(markdown, siteOrigin);
    cacheSet(key, html);
    return html;
  } catch (err) {
    logFailure("render failed", err);
    return plainTextHtml(String(markdown));
  }
}

/** Plain text of a Markdown body (meta descriptions when a post has no excerpt). Never throws. */
export function markdownToText(markdown: string): string {
  try {
    const key = cacheKey("text", markdown);
    const cached = cacheGet(key);
    if (cached !== undefined) return cached;
    const text = inProcess().toText(markdown);
    cacheSet(key, text);
    return text;
  } catch (err) {
    logFailure("text extraction failed", err);
    return String(markdown).replaceAll("\u0000", "\ufffd").replace(/\s+/g, " ").trim();
  }
}

/** A fresh pipeline without the cache or the fallback (benchmarks and tests measure it bare). */
export function createMarkdownRenderer(): MarkdownRenderer {
  return createRenderer(MarkdownIt, sanitizeHtml);
}

// ---------------------------------------------------------------------------------------------
// Off the event loop: the admin preview renders whatever an editor pastes, as often as they
// ask, so it runs in one worker thread with a time budget; the rest of the server keeps
// answering meanwhile. Post pages keep the synchronous path (and the cache above).

export type OffThreadResult = { ok: true; html: string } | { ok: false; reason: "busy" | "too_complex" | "aborted" };

export interface OffThreadOptions extends RenderOptions {
  /** Longest a render may take before the worker is stopped (default 2 s). */
  timeoutMs?: number;
  /** The request's signal: a preview nobody waits for any more leaves the queue. */
  signal?: AbortSignal;
}

/** Renders waiting or running at once; more are refused rather than queued without bound. */
const MAX_PENDING = 4;
const DEFAULT_TIMEOUT_MS = 2_000;

// The worker is a CommonJS script given as text (eval), so it works the same from the
// production bundle, under Vite in development and under Vitest: it loads the two libraries
// by the paths this module resolves, and rebuilds the pipeline from createRenderer's source.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const createRenderer = (0, eval)("(" + workerData.factory + ")");
const renderer = createRenderer(require(workerData.markdownIt), require(workerData.sanitizeHtml));
parentPort.on("message", (job) => {
  let html = null;
  try { html = renderer.toHtml(job.markdown, job.siteOrigin); } catch {}
  parentPort.postMessage({ id: job.id, html });
});
parentPort.postMessage({ ready: true });
`;

interface Job {
  id: number;
  markdown: string;
  siteOrigin: string;
  timeoutMs: number;
  key: string;
  resolve: (result: OffThreadResult) => void;
}

interface WorkerState {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const queue: Job[] = [];
let current: WorkerState | null = null;
let workerUnavailable = false;
let nextJobId = 1;

function startWorker(): WorkerState {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    env: {},
    workerData: {
      factory: createRenderer.toString(),
      markdownIt: require.resolve("markdown-it"),
      sanitizeHtml: require.resolve("sanitize-html"),
    },
    // A body that makes markdown-it allocate without end fails alone, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  const state: WorkerState = { worker, ready: false, job: null, timer: null };
  worker.on("message", (message: { ready?: true; id?: number; html?: string | null }) => {
    if (current !== state) return;
    if (message.ready) {
      state.ready = true;
      pump();
      return;
    }
    const job = state.job;
    if (!job || message.id !== job.id) return;
    finish(state, message.html ?? null);
  });
  const onGone = (err: unknown) => {
    if (current !== state) return;
    current = null;
    if (state.timer) clearTimeout(state.timer);
    if (!state.ready) {
      // It never started: a broken install, not a hostile body. Render here from now on.
      workerUnavailable = true;
      logFailure("preview worker did not start", err);
    }
    const job = state.job;
    state.job = null;
    if (job) job.resolve({ ok: false, reason: "too_complex" });
    pump();
  };
  worker.on("error", onGone);
  worker.on("exit", (code) => onGone(new Error(`worker exited with code ${code}`)));
  return state;
}

function finish(state: WorkerState, html: string | null): void {
  const job = state.job!;
  state.job = null;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (html === null) {
    logFailure("render failed in the preview worker", new Error(`job ${job.id}`));
    job.resolve({ ok: true, html: plainTextHtml(job.markdown) });
  } else {
    cacheSet(job.key, html);
    job.resolve({ ok: true, html });
  }
  pump();
}

function pump(): void {
  if (workerUnavailable) {
    for (const job of queue.splice(0)) job.resolve({ ok: true, html: renderMarkdown(job.markdown, job) });
    return;
  }
  if (queue.length === 0) {
    // An idle worker must not keep the process (tests, scripts) alive.
    if (current && !current.job) current.worker.unref();
    return;
  }
  current ??= startWorker();
  const state = current;
  state.worker.ref();
  if (!state.ready || state.job) return;
  const job = queue.shift()!;
  state.job = job;
  state.timer = setTimeout(() => {
    if (state.job !== job) return;
    // Terminating is the only way to stop a synchronous render; the next job gets a new worker.
    current = null;
    state.job = null;
    void state.worker.terminate();
    job.resolve({ ok: false, reason: "too_complex" });
    pump();
  }, job.timeoutMs);
  // A worker_threads port, not a window: there is no target origin to give.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  state.worker.postMessage({ id: job.id, markdown: job.markdown, siteOrigin: job.siteOrigin });
}

/**
 * renderMarkdown on a worker thread, for input nobody has reviewed yet (the admin preview).
 * Answers from the cache when it can; "busy" when MAX_PENDING renders are already waiting;
 * "too_complex" when the render ran past its time budget or crashed the worker.
 */
export function renderMarkdownOffThread(markdown: string, options: OffThreadOptions): Promise<OffThreadResult> {
  const { siteOrigin } = options;
  const key = cacheKey("html", markdown, siteOrigin);
  const cached = cacheGet(key);
  if (cached !== undefined) return Promise.resolve({ ok: true, html: cached });
  if (options.signal?.aborted) return Promise.resolve({ ok: false, reason: "aborted" });
  const pending = queue.length + (current?.job ? 1 : 0);
  if (pending >= MAX_PENDING) return Promise.resolve({ ok: false, reason: "busy" });
  return new Promise((resolve) => {
    const job: Job = {
      id: nextJobId++,
      markdown,
      siteOrigin,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      key,
      resolve,
    };
    // Only while waiting: a render already running is not worth a new worker to stop.
    options.signal?.addEventListener(
      "abort",
      () => {
        const at = queue.indexOf(job);
        if (at === -1) return;
        queue.splice(at, 1);
        resolve({ ok: false, reason: "aborted" });
      },
      { once: true },
    );
    queue.push(job);
    pump();
  });
}
