// The rendered-page cache (docs/decisions/052-rendered-page-cache.md): the pages that show blog
// posts (/blog and its pages, each post, /rss.xml, /sitemap.xml) are rendered once and then
// served from memory, compressed and with their security headers, until a change to
// blog_posts says otherwise. The database announces every change (migration
// 20260101000600_blog_posts_notify.sql); each instance LISTENs and drops exactly the pages the
// change affects, so a published post shows up, and an unpublished one disappears, within a
// second on every instance. Nothing that depends on a session is ever stored: only GET
// answers with status 200 and no Set-Cookie, on these paths.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { chooseEncoding } from "./compression.ts";

/**
 * Browsers revalidate every time (max-age=0: a 304 from memory costs next to nothing), a CDN
 * may keep a page 10 s and serve it stale for up to 10 min while it revalidates. 10 s rather
 * than the common 60 s: an unpublished post leaves a CDN within seconds too.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=600";

/** The NOTIFY channel of blog_posts changes. */
export const BLOG_POSTS_CHANNEL = "blog_posts_changed";

/** A change as the trigger describes it; TRUNCATE carries no slug. */
export interface BlogPostsChange {
  op: "INSERT" | "UPDATE" | "DELETE" | "TRUNCATE";
  slug?: string | null;
  old_slug?: string | null;
}

// Every list of posts (the blog's pages, the feeds) shows up in this tag; a post page in its own.
const LISTS = "lists";
const postTag = (slug: string) => `post:${slug}`;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;
const CAMPAIGN_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|msclkid|mc_cid|mc_eid)$/;

/**
 * The cache key (path and the query it depends on) and tags of a cacheable request, or null.
 * A query the page does not read is not cached: whoever sends random parameters gets the page
 * rendered for them, and cannot push real pages out of memory.
 */
export function cacheEntryFor(path: string, query: URLSearchParams): { key: string; tags: string[] } | null {
  // Campaign tags (a newsletter's links carry them: the very traffic spike this cache is for)
  // are read by no page, so they do not make a page different. Any other parameter may be read
  // (the demo form preselects ?plano=), so it is rendered for its request and not stored.
  const names = [...query.keys()].filter((name) => !CAMPAIGN_PARAMETER.test(name));
  if (path === "/rss.xml" || path === "/sitemap.xml") return names.length === 0 ? { key: path, tags: [LISTS] } : null;
  if (path === "/blog") {
    if (names.length === 0) return { key: path, tags: [LISTS] };
    const page = query.getAll("pagina");
    if (names.some((name) => name !== "pagina") || page.length !== 1 || !PAGE_NUMBER.test(page[0]!)) return null;
    return { key: `${path}?pagina=${page[0]}`, tags: [LISTS] };
  }
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (slug && SLUG.test(slug) && names.length === 0) return { key: path, tags: [postTag(slug)] };
  return null;
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  tags: readonly string[];
}

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, "");

/** If-None-Match matches (RFC 9110 §13.1.2: weak comparison, "*" matches any). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaqueTag(tag) === opaqueTag(etag));
}

// A 304 repeats what a cache needs to update its copy, without the body's own headers.
const NOT_ON_304 = new Set(["content-length", "content-encoding", "content-type"]);

function answer(page: CachedPage, method: string, ifNoneMatch: string | undefined, state: "hit" | "miss"): Response {
  const headers = new Headers(page.headers);
  headers.set("X-Cache", state);
  if (etagMatches(ifNoneMatch, page.etag)) {
    for (const name of NOT_ON_304) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(page.body.byteLength));
  return new Response(method === "HEAD" ? null : page.body, { status: page.status, headers });
}

export interface PageCacheOptions {
  /** Upper bound of the bytes kept (bodies plus a per-entry allowance for headers). */
  maxBytes: number;
  /** A safety net: an entry older than this is rendered again even without a change. */
  ttlMs?: number;
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  // Bumped by every invalidation: a render that began before it may hold old content, so it
  // is answered but not stored.
  private generation = 0;
  // The renders under way, by key: a request for a page that is being rendered waits for that
  // render instead of starting its own, so a spike on a cold or just-invalidated page (the
  // sitemap of 10,000 posts after a publication) costs one render, not one per request.
  // Resolves to null when the render's answer cannot be shared (not a 200, a Set-Cookie).
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();

  constructor(options: PageCacheOptions) {
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      sizeCalculation: (page) => page.body.byteLength + 1024,
      ttl: options.ttlMs ?? 10 * 60_000,
    });
  }

  /** Entries and bytes held, for the benchmark and tests. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.pages.calculatedSize };
  }

  /** Drops the pages a change affects: every list, and the page of the post's old and new slug. */
  invalidate(change: BlogPostsChange | "everything"): void {
    this.generation++;
    // A render under way may show the content from before the change: later requests start
    // their own.
    this.rendering.clear();
    if (change === "everything" || change.op === "TRUNCATE") {
      this.pages.clear();
      return;
    }
    const tags = new Set([LISTS]);
    for (const slug of [change.slug, change.old_slug]) if (slug) tags.add(postTag(slug));
    for (const [key, page] of this.pages.entries()) {
      if (page.tags.some((tag) => tags.has(tag))) this.pages.delete(key);
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

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const method = c.req.method;
      if (method !== "GET" && method !== "HEAD") return next();
      const url = new URL(c.req.url);
      const entry = cacheEntryFor(url.pathname, url.searchParams);
      if (!entry) return next();
      // One stored copy per encoding, as the compression middleware would choose it.
      const key = `${chooseEncoding(c.req.header("Accept-Encoding")) ?? "identity"} ${entry.key}`;
      const ifNoneMatch = c.req.header("If-None-Match");
      const cached = this.pages.get(key);
      if (cached) return answer(cached, method, ifNoneMatch, "hit");
      const underway = this.rendering.get(key);
      if (underway) {
        const page = await underway;
        if (page) return answer(page, method, ifNoneMatch, "hit");
      }

      const startedAt = this.generation;
      let settle: ((page: CachedPage | null) => void) | undefined;
      // Only a GET's render is shared: a HEAD's response has no body to keep.
      if (method === "GET" && !underway) {
        const render = new Promise<CachedPage | null>((resolve) => (settle = resolve));
        this.rendering.set(key, render);
        void render.finally(() => {
          if (this.rendering.get(key) === render) this.rendering.delete(key);
        });
      }
      let page: CachedPage | null = null;
      try {
        await next();
        const res = c.res;
        if (method !== "GET" || res.status !== 200 || res.headers.has("Set-Cookie")) return;
        const body = new Uint8Array(await res.arrayBuffer());
        const headers = new Headers(res.headers);
        const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
        headers.set("ETag", etag);
        headers.set("Cache-Control", PAGE_CACHE_CONTROL);
        page = { status: res.status, headers: [...headers], body, etag, tags: entry.tags };
      } finally {
        settle?.(page);
      }
      if (startedAt === this.generation) this.pages.set(key, page);
      // Hono copies the old response's headers onto a new one assigned to c.res (its setter);
      // clearing it first keeps exactly the headers stored above, as a hit will send them.
      c.res = undefined;
      c.res = answer(page, method, ifNoneMatch, "miss");
    };
  }
}
