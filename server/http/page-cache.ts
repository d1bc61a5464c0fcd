// The rendered-page cache (docs/decisions/052-rendered-page-cache.md): the pages that the page
// registry marks as cacheable (`cache` in app/content/pages.ts: the blog's lists and posts, the
// feeds) are rendered once and then served from memory, compressed and with their CSP, until a
// change to the blog says otherwise. The database announces every change to posts, tags, a
// post's tags, author profiles and old slugs (migrations 20260101000600 and 20260101001610);
// each instance LISTENs and drops exactly the pages the change affects, so a published post
// shows up, and an unpublished one disappears, within a second on every instance. A scheduled
// post goes live without a change: scheduled-posts.ts drops everything at its moment. Nothing
// that depends on a session is ever stored: only GET answers with status 200 and no
// Set-Cookie, on those routes. The search's pages (a rule marked `apart`) are lists too, kept
// in a store of their own (docs/decisions/089-search-pages-in-the-page-cache.md). A page asked
// for often is compressed again, as hard as a prerendered page, in the background
// (docs/decisions/101-popular-cached-pages-compressed-for-good.md).
import { LRUCache } from "lru-cache";
// Types only, erased before Node runs this file.
import type { PageCacheRule } from "../../app/content/pages.ts";
import type { Encoding } from "./compression.ts";
import type { DocumentAnswer } from "./document.ts";

/**
 * Browsers revalidate every time (max-age=0: a 304 from memory costs next to nothing), a CDN
 * may keep a page 10 s and serve it stale for up to 10 min while it revalidates. 10 s rather
 * than the common 60 s: an unpublished post leaves a CDN within seconds too.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=600";

/** The NOTIFY channel of blog_posts changes. */
export const BLOG_POSTS_CHANNEL = "blog_posts_changed";

/**
 * A change as the trigger describes it (migrations 20260101000600 and 20260101001610): the table
 * written, the post's slug (and its old one), the tags and the author whose pages show it.
 * TRUNCATE carries none of them.
 */
export interface BlogPostsChange {
  op: "INSERT" | "UPDATE" | "DELETE" | "TRUNCATE";
  table?: string;
  slug?: string | null;
  old_slug?: string | null;
  tags?: readonly string[] | null;
  author?: string | null;
}

/** A route the registry lets the cache keep, by its React Router path ("/blog/:slug"). */
export interface CacheableRoute {
  path: string;
  cache: PageCacheRule;
}

/** A cacheable request: the key of its page (path and the query it reads) and what drops it. */
export interface CacheEntry {
  key: string;
  tags: readonly string[];
  /** Kept in the store apart (a rule with `apart`: any query is possible). */
  apart?: boolean;
}

// Every list of posts shows up in this tag; a post page in its own, and in those of the tags it
// links and the author it credits (which the render names, PAGE_CACHE_TAGS_HEADER).
const LISTS = "lists";
const postTag = (slug: string) => `post:${slug}`;
const tagTag = (id: string) => `tag:${id}`;
const authorTag = (id: string) => `author:${id}`;
/** A name the render may give: what app/content/pages.ts's pageCacheTags writes. */
const RENDER_TAG = /^(tag|author):[0-9a-f-]{36}$/;
const CAMPAIGN_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|msclkid|mc_cid|mc_eid)$/;

interface CompiledRoute {
  pattern: RegExp;
  rule: PageCacheRule;
}

/** "/blog/:slug" as a regular expression whose named group `slug` is the segment. */
function compile(route: CacheableRoute): CompiledRoute {
  const segments = route.path.split("/").map((segment) => {
    if (segment.startsWith(":")) return `(?<${segment.slice(1)}>[^/]+)`;
    return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  const pattern = new RegExp(`^${segments.join("/")}$`);
  if (route.cache.shows === "post" && !segments.some((segment) => segment.includes("(?<slug>"))) {
    throw new Error(`${route.path}: a cached page that shows one post needs a :slug in its path`);
  }
  return { pattern, rule: route.cache };
}

interface StoredPage {
  answer: DocumentAnswer;
  tags: readonly string[];
  storedAt: number;
  hits: number;
  /** Compressed again already, or tried: it is not tried twice. */
  settled: boolean;
}

/**
 * When a stored page is compressed again: once this many requests got it and it has lived this
 * long (pages dropped soon after they are rendered, the lists while posts are being published,
 * are left as they are), and at most one page per `spacingMs`, so that the work stays a small
 * share of one core however many pages are popular.
 */
export const POPULAR_PAGE = { hits: 100, ageMs: 2_000, spacingMs: 1_000 };

/** One render of a page under way: requests for the same page wait for it. */
export interface PageRender {
  /**
   * Hands the render's answer (null when it may not be shared) to its waiters and stores it,
   * also under the tags the render named (the value of PAGE_CACHE_TAGS_HEADER).
   */
  settle(answer: DocumentAnswer | null, renderTags?: string | null): void;
}

export interface PageCacheOptions {
  /** Upper bound of the bytes kept (bodies plus a per-entry allowance for headers). */
  maxBytes: number;
  /** A safety net: an entry older than this is rendered again even without a change. */
  ttlMs?: number;
  /** The routes it may keep (`cachedRoutes` of app/content/pages.ts). */
  routes: readonly CacheableRoute[];
  /**
   * Paths of pages it never keeps that one of `routes` would match (/blog/busca and /blog/:slug):
   * the router prefers the fixed path, and so does the cache (`uncachedPaths` of pages.ts).
   */
  neverCached?: readonly string[];
  /** Called when a scheduled expiry (expireBy) has dropped everything. */
  onExpired?: () => void;
  /**
   * The store of the routes marked `apart` (the search): at most this many answers (one per
   * page and encoding) and this many bytes, taken out of `maxBytes`. Default: 2,000 answers and
   * a quarter of `maxBytes`.
   */
  apart?: { maxEntries: number; maxBytes: number };
  /**
   * A body compressed per response, compressed as hard as a prerendered page
   * (compression.ts's compressedForGood); without it, pages stay as they were first compressed.
   */
  recompress?: (body: Uint8Array, encoding: Encoding) => Promise<Uint8Array<ArrayBuffer>>;
  /** When a page is popular enough to be compressed again (default POPULAR_PAGE). */
  popular?: typeof POPULAR_PAGE;
  /** The clock (Date.now() terms); tests move it. */
  now?: () => number;
}

/** The answers one store keeps, bounded in bytes (and in entries for the store apart). */
function newStore(maxBytes: number, ttlMs: number, maxEntries?: number): LRUCache<string, StoredPage> {
  return new LRUCache<string, StoredPage>({
    maxSize: Math.max(1, maxBytes),
    ...(maxEntries ? { max: maxEntries } : {}),
    // The key counts too: a search's words can be long.
    sizeCalculation: (page, key) => page.answer.body.byteLength + key.length * 2 + 1024,
    ttl: ttlMs,
  });
}

export class PageCache {
  private readonly pages: LRUCache<string, StoredPage>;
  private readonly apartPages: LRUCache<string, StoredPage>;
  private readonly routes: CompiledRoute[];
  // Bumped by every invalidation: a render that began before it may hold old content, so it
  // is answered but not stored.
  private generation = 0;
  // The renders under way, by key: a request for a page that is being rendered waits for that
  // render instead of starting its own, so a spike on a cold or just-invalidated page (the
  // sitemap of 10,000 posts after a publication) costs one render, not one per request.
  // Resolves to null when the render's answer cannot be shared (not a 200, a Set-Cookie).
  private readonly rendering = new Map<string, Promise<DocumentAnswer | null>>();
  private readonly neverCached: ReadonlySet<string>;
  private readonly fixedPaths: ReadonlySet<string>;
  private readonly onExpired: (() => void) | undefined;
  // When a scheduled post goes live (Date.now() terms): everything is dropped then, by the
  // caller's timer or by the first lookup after it, whichever comes first.
  private expiresAt: number | null = null;
  private readonly recompress: PageCacheOptions["recompress"];
  private readonly popular: typeof POPULAR_PAGE;
  private readonly now: () => number;
  // One page compressed again at a time, on libuv's threads, and not before this moment: the
  // rest wait for a later request.
  private recompressing: Promise<void> | null = null;
  private nextRecompressAt = 0;

  constructor(options: PageCacheOptions) {
    // Fixed paths first: the router prefers /blog/busca to /blog/:slug, and so does the cache.
    this.routes = options.routes
      .toSorted((a, b) => Number(a.path.includes(":")) - Number(b.path.includes(":")))
      .map(compile);
    this.neverCached = new Set(options.neverCached ?? []);
    this.fixedPaths = new Set(options.routes.filter((route) => !route.path.includes(":")).map((route) => route.path));
    this.onExpired = options.onExpired;
    this.recompress = options.recompress;
    this.popular = options.popular ?? POPULAR_PAGE;
    this.now = options.now ?? Date.now;
    const ttl = options.ttlMs ?? 10 * 60_000;
    const apart = options.apart ?? { maxEntries: 2_000, maxBytes: Math.floor(options.maxBytes / 4) };
    this.pages = newStore(options.maxBytes - apart.maxBytes, ttl);
    this.apartPages = newStore(apart.maxBytes, ttl, apart.maxEntries);
  }

  /**
   * The cache key and tags of a request for a cacheable route, or null. A query the page does
   * not read is not cached: whoever sends random parameters gets the page rendered for them,
   * and cannot push real pages out of memory.
   */
  entryFor(url: URL): CacheEntry | null {
    const decoded = safelyDecoded(url.pathname);
    if (this.neverCached.has(url.pathname) || this.neverCached.has(decoded)) return null;
    // /blog/%62usca is the search to the router, not a post: rendered for itself, not kept.
    if (decoded !== url.pathname && this.fixedPaths.has(decoded)) return null;
    for (const { pattern, rule } of this.routes) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      // Campaign tags (a newsletter's links carry them: the very traffic spike this cache is
      // for) are read by no page, so they do not make a page different. Any other parameter
      // may be read (the demo form preselects ?plano=), so it is rendered for its request.
      const query = [...url.searchParams].filter(([name]) => !CAMPAIGN_PARAMETER.test(name));
      const names = query.map(([name]) => name);
      if (names.some((name, i) => !rule.query?.includes(name) || names.indexOf(name) !== i)) return null;
      const search = new URLSearchParams(query.toSorted(([a], [b]) => (a < b ? -1 : 1))).toString();
      const key = search ? `${url.pathname}?${search}` : url.pathname;
      if (rule.shows === "posts") return { key, tags: [LISTS], ...(rule.apart ? { apart: true } : {}) };
      try {
        // The tag names the post as the database does: /blog/%61bc shows the post "abc".
        return { key, tags: [postTag(decodeURIComponent(match.groups?.slug ?? ""))] };
      } catch {
        return null;
      }
    }
    return null;
  }

  /** Entries and bytes held (both stores), for the benchmark and tests. */
  stats(): { entries: number; bytes: number; apart: { entries: number; bytes: number } } {
    return {
      entries: this.pages.size + this.apartPages.size,
      bytes: this.pages.calculatedSize + this.apartPages.calculatedSize,
      apart: { entries: this.apartPages.size, bytes: this.apartPages.calculatedSize },
    };
  }

  /**
   * The stored answer of a page in an encoding (one copy per encoding), or that of a render of
   * it under way; else the render the caller starts, shared with later requests when `share`.
   */
  async lookup(
    entry: CacheEntry,
    encoding: Encoding | null,
    share: boolean,
  ): Promise<{ hit: DocumentAnswer } | { render: PageRender }> {
    this.expireIfDue();
    const key = `${encoding ?? "identity"} ${entry.key}`;
    const store = entry.apart ? this.apartPages : this.pages;
    const cached = store.get(key);
    if (cached) {
      // Not the search's pages: any query can be popular for a while, and a change drops them all.
      if (++cached.hits >= this.popular.hits && !cached.settled && store === this.pages) {
        this.compressForGood(key, cached);
      }
      return { hit: cached.answer };
    }
    const underway = this.rendering.get(key);
    if (underway) {
      const answer = await underway;
      if (answer) return { hit: answer };
    }
    return { render: this.begin(store, key, entry.tags, share && !underway) };
  }

  private begin(store: LRUCache<string, StoredPage>, key: string, tags: readonly string[], share: boolean): PageRender {
    const startedAt = this.generation;
    let resolve: ((answer: DocumentAnswer | null) => void) | undefined;
    if (share) {
      const render = new Promise<DocumentAnswer | null>((done) => (resolve = done));
      this.rendering.set(key, render);
      void render.finally(() => {
        if (this.rendering.get(key) === render) this.rendering.delete(key);
      });
    }
    return {
      settle: (answer, renderTags) => {
        resolve?.(answer);
        if (!answer || startedAt !== this.generation) return;
        const named = (renderTags ?? "").split(/\s+/).filter((tag) => RENDER_TAG.test(tag));
        store.set(key, { answer, tags: [...tags, ...named], storedAt: this.now(), hits: 0, settled: false });
      },
    };
  }

  /**
   * Compresses a popular page's body again, as hard as a prerendered page (about a tenth fewer
   * bytes for every later request), and keeps the new body if the page is still the one stored.
   */
  private compressForGood(key: string, page: StoredPage): void {
    const now = this.now();
    if (!this.recompress || this.recompressing || now < this.nextRecompressAt) return;
    if (now - page.storedAt < this.popular.ageMs) return;
    page.settled = true;
    const { encoding, body } = page.answer;
    // A body sent as it is (a client that takes no compression, or a tiny page) stays so.
    if (!encoding) return;
    this.nextRecompressAt = now + this.popular.spacingMs;
    this.recompressing = this.recompress(body, encoding)
      .then((smaller) => {
        if (this.pages.peek(key) !== page || smaller.byteLength >= body.byteLength) return;
        this.pages.set(key, { ...page, answer: { ...page.answer, body: smaller } }, { noUpdateTTL: true });
      })
      .catch((error: unknown) => {
        console.error(`Compressing ${key} again failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        this.recompressing = null;
      });
  }

  /** Settles when the page being compressed again, if any, is stored (for tests and the bench). */
  async recompressed(): Promise<void> {
    await this.recompressing;
  }

  /**
   * Drops everything at `at` (Date.now() terms), the moment a scheduled post goes live, when
   * every list and the pages of its tags change. An earlier moment still to come stays: the
   * database may already count its post as live when asked again, and say nothing of it.
   */
  expireBy(at: number | null): void {
    if (at !== null && (this.expiresAt === null || at < this.expiresAt)) this.expiresAt = at;
  }

  /** Drops everything if the scheduled moment has come; true when it did. */
  expireIfDue(now = Date.now()): boolean {
    if (this.expiresAt === null || now < this.expiresAt) return false;
    this.expiresAt = null;
    this.invalidate("everything");
    this.onExpired?.();
    return true;
  }

  /**
   * Drops the pages a change affects: every list, the page of the post's old and new slug, and
   * the pages that show its tags or its author.
   */
  invalidate(change: BlogPostsChange | "everything"): void {
    this.generation++;
    // A render under way may show the content from before the change: later requests start
    // their own.
    this.rendering.clear();
    if (change === "everything" || change.op === "TRUNCATE") {
      this.pages.clear();
      this.apartPages.clear();
      return;
    }
    const tags = new Set([LISTS]);
    for (const slug of [change.slug, change.old_slug]) if (typeof slug === "string") tags.add(postTag(slug));
    for (const id of Array.isArray(change.tags) ? change.tags : []) if (typeof id === "string") tags.add(tagTag(id));
    if (typeof change.author === "string") tags.add(authorTag(change.author));
    for (const store of [this.pages, this.apartPages]) {
      for (const [key, page] of store.entries()) {
        if (page.tags.some((tag) => tags.has(tag))) store.delete(key);
      }
    }
  }

  /** Parses a NOTIFY payload of BLOG_POSTS_CHANNEL; anything unreadable drops everything. */
  onNotification(payload: string): void {
    let change: BlogPostsChange | "everything" = "everything";
    try {
      const parsed = JSON.parse(payload) as BlogPostsChange;
      if (parsed && typeof parsed.op === "string") change = parsed;
    } catch {
      // Keep "everything": a stale page is worse than one more render.
    }
    this.invalidate(change);
  }
}

function safelyDecoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
