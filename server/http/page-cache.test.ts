import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cachedRoutes, PAGE_CACHE_TAGS_HEADER, pageCacheTags, uncachedPaths } from "../../app/content/pages.ts";
import { compressedForGood } from "./compression.ts";
import { documentPipeline } from "./document.ts";
import { documents } from "./documents.ts";
import { PAGE_CACHE_CONTROL, PageCache } from "./page-cache.ts";
import { createRenderGate, type RenderGate } from "./render-gate.ts";

const newCache = (maxBytes = 1 << 20, onExpired?: () => void) =>
  new PageCache({ maxBytes, routes: cachedRoutes, neverCached: uncachedPaths, onExpired });

const TAG = "5b0c9f1e-7d2a-4c3b-9e8f-0a1b2c3d4e5f";
const OTHER_TAG = "6c1d0a2f-8e3b-4d4c-af90-1b2c3d4e5f60";
const AUTHOR = "7d2e1b30-9f4c-4e5d-b0a1-2c3d4e5f6071";

const VARIED = Array.from(
  { length: 3000 },
  (_, i) =>
    ["cliente", "atendimento", "equipe", "canal", "venda", "fila", "resposta", "dados"][(i * 7919 + (i >> 3)) % 8],
).join(" ");

/** A server whose pages say how often they were rendered, behind the cache and the document pipeline. */
function site(cache = newCache(), renderGate?: RenderGate) {
  const renders = new Map<string, number>();
  const rendering = { now: 0, most: 0 };
  const app = new Hono();
  app.use("*", documents({ pipeline: documentPipeline({ csp: {} }), pageCache: cache, renderGate }));
  app.get("*", async (c) => {
    rendering.most = Math.max(rendering.most, ++rendering.now);
    // A render takes turns of the event loop, as one that reads the database does.
    await new Promise((resolve) => setImmediate(resolve));
    rendering.now--;
    const key = c.req.url.replace(/^https?:\/\/[^/]+/, "");
    const n = (renders.get(key) ?? 0) + 1;
    renders.set(key, n);
    if (c.req.path === "/blog/nao-existe") return c.html("<h1>Página não encontrada</h1>", 404);
    // As the blog's list does (app/lib/blog.server.ts): a page number it does not have is a 404.
    if (!/^([1-9][0-9]*)?$/.test(c.req.query("pagina") ?? "")) return c.html("<h1>Página não encontrada</h1>", 404);
    if (c.req.path === "/blog/com-cookie") c.header("Set-Cookie", "sb=1");
    // A post page names the tags it links and the author it credits (app/routes/blog/post.tsx).
    if (c.req.path === "/blog/com-tags")
      c.header(PAGE_CACHE_TAGS_HEADER, pageCacheTags({ tags: [TAG], author: AUTHOR }));
    // Varied text, which more effort compresses better, as it does a real page.
    if (c.req.path.endsWith("/longo") || c.req.query("q") === "longo")
      return c.html(`<h1>${key} render ${n}</h1>${VARIED}`);
    // Large enough to be compressed (compression.ts leaves out bodies under 1 KiB).
    return c.html(`<h1>${key} render ${n}</h1>${"<p>Omnia</p>".repeat(200)}`, 200, {
      "Cache-Control": "public, max-age=300",
    });
  });
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  return { cache, renders, rendering, get, app };
}

const cacheEntryFor = (path: string, query: URLSearchParams) =>
  newCache().entryFor(new URL(`${path}${query.size ? `?${query}` : ""}`, "http://localhost"));

describe("entryFor, with the page registry's rules: what is cached, under which key", () => {
  it.each([
    ["/blog", "", "/blog"],
    ["/blog", "?pagina=2", "/blog?pagina=2"],
    ["/blog/ia-no-atendimento", "", "/blog/ia-no-atendimento"],
    ["/rss.xml", "", "/rss.xml"],
    ["/sitemap.xml", "", "/sitemap.xml"],
    // A newsletter's campaign tags do not split the cache.
    ["/blog", "?utm_source=newsletter&utm_medium=email", "/blog"],
    ["/blog", "?pagina=2&utm_campaign=novembro", "/blog?pagina=2"],
    ["/blog/ia-no-atendimento", "?fbclid=abc", "/blog/ia-no-atendimento"],
    ["/blog/tag/whatsapp", "", "/blog/tag/whatsapp"],
    ["/blog/tag/whatsapp", "?pagina=2", "/blog/tag/whatsapp?pagina=2"],
    ["/blog/autor/joana", "", "/blog/autor/joana"],
    ["/blog/tag/whatsapp/rss.xml", "", "/blog/tag/whatsapp/rss.xml"],
    ["/blog/autor/joana/rss.xml", "", "/blog/autor/joana/rss.xml"],
    // The search, though /blog/:slug would match its path: the router's fixed path wins, in the
    // cache too. The words as sent, the parameters in one order.
    ["/blog/busca", "", "/blog/busca"],
    ["/blog/busca", "?q=whatsapp", "/blog/busca?q=whatsapp"],
    ["/blog/busca", "?pagina=2&q=gest%C3%A3o+de+equipes", "/blog/busca?pagina=2&q=gest%C3%A3o+de+equipes"],
    ["/blog/busca", "?q=ia&utm_source=newsletter", "/blog/busca?q=ia"],
  ])("%s%s", (path, query, key) => {
    expect(cacheEntryFor(path, new URLSearchParams(query))?.key).toBe(key);
  });

  it.each([
    ["/", ""],
    ["/precos", ""],
    ["/admin", ""],
    ["/auth", ""],
    ["/status", ""],
    ["/blog", "?pagina=2&pagina=3"],
    ["/blog", "?plano=scale"],
    ["/blog", "?pagina=2&plano=scale"],
    ["/blog/post", "?x=1"],
    ["/blog/a/b", ""],
    ["/rss.xml", "?v=2"],
    ["/blog/busca", "?q=a&q=b"],
    ["/blog/%62usca", ""],
    ["/blog/busca", "?q=ia&ordem=data"],
    ["/blog/tag/whatsapp", "?q=x"],
  ])("not %s%s", (path, query) => {
    expect(cacheEntryFor(path, new URLSearchParams(query))).toBeNull();
  });

  it("tags a post page with its post as the database names it", () => {
    expect(cacheEntryFor("/blog/%61bc", new URLSearchParams())?.tags).toEqual(["post:abc"]);
    expect(cacheEntryFor("/blog", new URLSearchParams())?.tags).toEqual(["lists"]);
    expect(cacheEntryFor("/blog/tag/ia", new URLSearchParams())?.tags).toEqual(["lists"]);
    // The search's pages are lists, kept apart.
    expect(cacheEntryFor("/blog/busca", new URLSearchParams("q=ia"))).toEqual({
      key: "/blog/busca?q=ia",
      tags: ["lists"],
      apart: true,
    });
    expect(cacheEntryFor("/blog", new URLSearchParams())?.apart).toBeUndefined();
  });
});

describe("PageCache", () => {
  it("renders a page once, then serves it from memory with a strong ETag and its Cache-Control", async () => {
    const { get, renders } = site();
    const first = await get("/blog/um-post", { "Accept-Encoding": "br" });
    const second = await get("/blog/um-post", { "Accept-Encoding": "br" });
    expect([first.headers.get("X-Cache"), second.headers.get("X-Cache")]).toEqual(["miss", "hit"]);
    expect(renders.get("/blog/um-post")).toBe(1);
    expect(second.headers.get("Content-Encoding")).toBe("br");
    expect(second.headers.get("ETag")).toMatch(/^"[\w-]{32}"$/);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("Cache-Control")).toBe(PAGE_CACHE_CONTROL);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
  });

  it("renders a page once for a spike of requests that arrive while it is being rendered", async () => {
    const { get, renders } = site();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => get("/sitemap.xml", { "Accept-Encoding": "br" })),
    );
    expect(renders.get("/sitemap.xml")).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.headers.get("ETag"))).size).toBe(1);
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer()).length));
    expect(new Set(bodies).size).toBe(1);
  });

  it("renders pages it has no copy of as many at a time as its gate lets, answering every request", async () => {
    const { get, renders, rendering } = site(newCache(), createRenderGate(2));
    const paths = ["/blog", "/blog?pagina=2", "/blog/um", "/blog/dois", "/blog/com-cookie", "/blog/nao-existe"];
    const answers = await Promise.all(paths.map((path) => get(path)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 404]);
    expect(rendering.most).toBe(2);
    expect([...renders.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    const ungated = site();
    await Promise.all(paths.map((path) => ungated.get(path)));
    expect(ungated.rendering.most).toBe(paths.length);
  });

  it("lets requests waiting on an answer that is not shared (a cookie, not a 200) render their own", async () => {
    const { get, renders } = site();
    const withCookie = await Promise.all(Array.from({ length: 3 }, () => get("/blog/com-cookie")));
    expect(renders.get("/blog/com-cookie")).toBe(3);
    expect(withCookie.map((answer) => answer.headers.get("Set-Cookie"))).toEqual(["sb=1", "sb=1", "sb=1"]);
    const missing = await Promise.all(Array.from({ length: 3 }, () => get("/blog/nao-existe")));
    expect(renders.get("/blog/nao-existe")).toBe(3);
    expect(missing.map((answer) => answer.status)).toEqual([404, 404, 404]);
  });

  it("keeps one copy per encoding, each with the ETag of its content", async () => {
    const { get, renders } = site();
    const br = await get("/blog", { "Accept-Encoding": "br" });
    const plain = await get("/blog");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toContain("render 2");
    expect(plain.headers.get("ETag")).not.toBe(br.headers.get("ETag"));
    await get("/blog");
    expect(renders.get("/blog")).toBe(2);
  });

  it("drops a post's page asked for with its slug percent-encoded, when that post changes", async () => {
    const { get, cache, renders } = site();
    await get("/blog/%61bc");
    cache.onNotification(JSON.stringify({ op: "UPDATE", slug: "abc", old_slug: "abc" }));
    expect((await get("/blog/%61bc")).headers.get("X-Cache")).toBe("miss");
    expect(renders.get("/blog/%61bc")).toBe(2);
  });

  it("answers 304 to a matching If-None-Match, and the full page to garbage", async () => {
    const { get } = site();
    const etag = (await get("/rss.xml")).headers.get("ETag")!;
    const notModified = await get("/rss.xml", { "If-None-Match": `W/"x", ${etag}` });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(notModified.headers.get("Content-Length")).toBeNull();
    const garbage = await get("/rss.xml", { "If-None-Match": '"%%%not-an-etag' });
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).toContain("render 1");
  });

  it("answers HEAD from memory with the headers of GET and no body", async () => {
    const { get, app } = site();
    const page = await get("/sitemap.xml");
    const head = await app.request("/sitemap.xml", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("ETag")).toBe(page.headers.get("ETag"));
    expect(head.headers.get("Content-Length")).toBe(String((await page.arrayBuffer()).byteLength));
  });

  it("a change to a post drops the lists and that post's page (old and new slug), not other posts", async () => {
    const { get, cache, renders } = site();
    for (const path of ["/blog", "/blog?pagina=2", "/rss.xml", "/sitemap.xml", "/blog/antigo", "/blog/outro"]) {
      await get(path);
    }
    cache.onNotification(JSON.stringify({ op: "UPDATE", slug: "novo", old_slug: "antigo" }));
    for (const path of ["/blog", "/blog?pagina=2", "/rss.xml", "/sitemap.xml", "/blog/antigo", "/blog/outro"]) {
      await get(path);
    }
    expect(Object.fromEntries(renders)).toEqual({
      "/blog": 2,
      "/blog?pagina=2": 2,
      "/rss.xml": 2,
      "/sitemap.xml": 2,
      "/blog/antigo": 2,
      "/blog/outro": 1,
    });
  });

  it("drops a post page when a tag it links or the author it credits changes, and never sends their names", async () => {
    const { get, cache, renders } = site();
    const first = await get("/blog/com-tags");
    expect(first.headers.get(PAGE_CACHE_TAGS_HEADER)).toBeNull();
    await get("/blog/outro");
    cache.onNotification(JSON.stringify({ op: "UPDATE", table: "tags", tags: [OTHER_TAG] }));
    expect((await get("/blog/com-tags")).headers.get("X-Cache")).toBe("hit");
    for (const change of [
      { op: "UPDATE", table: "tags", tags: [TAG] },
      { op: "INSERT", table: "post_tags", slug: "terceiro", tags: [TAG] },
      { op: "UPDATE", table: "blog_posts", slug: "relacionado", tags: [OTHER_TAG, TAG] },
      { op: "UPDATE", table: "author_profiles", author: AUTHOR },
    ]) {
      cache.onNotification(JSON.stringify(change));
      const again = await get("/blog/com-tags");
      expect(again.headers.get("X-Cache")).toBe("miss");
      expect(again.headers.get(PAGE_CACHE_TAGS_HEADER)).toBeNull();
    }
    expect(renders.get("/blog/com-tags")).toBe(5);
    expect((await get("/blog/outro")).headers.get("X-Cache")).toBe("hit");
  });

  it("drops everything once a scheduled moment has passed, at the first lookup after it", async () => {
    let expired = 0;
    const { get, cache } = site(newCache(1 << 20, () => (expired += 1)));
    await get("/blog");
    await get("/blog/outro");
    cache.expireBy(Date.now() + 60_000);
    // An earlier moment wins; a later one does not push it back.
    cache.expireBy(Date.now() - 1);
    cache.expireBy(Date.now() + 120_000);
    expect(cache.stats().entries).toBe(2);
    expect((await get("/blog")).headers.get("X-Cache")).toBe("miss");
    expect(cache.stats().entries).toBe(1);
    expect(expired).toBe(1);
    // Done: the next lookup keeps what it has.
    expect((await get("/blog")).headers.get("X-Cache")).toBe("hit");
    expect(cache.expireIfDue(Date.now() + 59_000)).toBe(false);
  });

  it("TRUNCATE, a reconnect or an unreadable payload drop everything", async () => {
    const { get, cache } = site();
    for (const reason of [JSON.stringify({ op: "TRUNCATE" }), "not json", "everything"] as const) {
      await get("/blog/outro");
      expect(cache.stats().entries).toBe(1);
      if (reason === "everything") cache.invalidate(reason);
      else cache.onNotification(reason);
      expect(cache.stats().entries).toBe(0);
    }
  });

  it("does not store a page whose render began before a change (it may hold old content)", async () => {
    const cache = newCache();
    const app = new Hono();
    app.use("*", documents({ pipeline: documentPipeline({ csp: {} }), pageCache: cache }));
    app.get("*", (c) => {
      // The change arrives while this render runs.
      cache.onNotification(JSON.stringify({ op: "INSERT", slug: "novo" }));
      return c.html("<h1>lista</h1>");
    });
    expect((await app.request("/blog")).status).toBe(200);
    expect(cache.stats().entries).toBe(0);
  });

  it("stores only 200 answers without Set-Cookie, to GET, on its paths", async () => {
    const { get, cache, app } = site();
    expect((await get("/blog/nao-existe")).status).toBe(404);
    // Values the page refuses: made-up page numbers cannot fill the memory.
    for (const page of ["0", "abc", "1e9"]) expect((await get(`/blog?pagina=${page}`)).status).toBe(404);
    await get("/blog/com-cookie");
    await get("/precos");
    await app.request("/blog", { method: "HEAD" });
    expect(cache.stats().entries).toBe(0);
  });

  it("stays within its memory bound, dropping the least recently used pages", async () => {
    const { get, cache } = site(newCache(12_000));
    for (let n = 1; n <= 20; n++) await get(`/blog/post-${n}`);
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(12_000);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(20);
    expect((await get("/blog/post-20")).headers.get("X-Cache")).toBe("hit");
    expect((await get("/blog/post-1")).headers.get("X-Cache")).toBe("miss");
  });

  it("keeps the search's pages apart, bounded in entries and bytes, so searches never push out other pages", async () => {
    const { get, cache } = site(
      new PageCache({
        maxBytes: 40_000,
        routes: cachedRoutes,
        neverCached: uncachedPaths,
        apart: { maxEntries: 5, maxBytes: 10_000 },
      }),
    );
    await get("/blog");
    await get("/blog/um-post");
    for (let n = 1; n <= 50; n++) await get(`/blog/busca?q=palavra-${n}`);
    const { apart, entries, bytes } = cache.stats();
    expect(apart.entries).toBeLessThanOrEqual(5);
    expect(apart.bytes).toBeLessThanOrEqual(10_000);
    expect(entries).toBe(apart.entries + 2);
    expect(bytes).toBeLessThanOrEqual(40_000);
    expect((await get("/blog")).headers.get("X-Cache")).toBe("hit");
    expect((await get("/blog/um-post")).headers.get("X-Cache")).toBe("hit");
    expect((await get("/blog/busca?q=palavra-50")).headers.get("X-Cache")).toBe("hit");
    expect((await get("/blog/busca?q=palavra-1")).headers.get("X-Cache")).toBe("miss");
    // Entries bound it too: five small pages fill it.
    const small = new PageCache({
      maxBytes: 1 << 20,
      routes: cachedRoutes,
      apart: { maxEntries: 5, maxBytes: 1 << 18 },
    });
    const tiny = site(small);
    for (let n = 1; n <= 20; n++) await tiny.get(`/blog/busca?q=p${n}`);
    expect(small.stats().apart.entries).toBe(5);
  });

  it("drops the search's pages on any change to the blog and at a scheduled moment", async () => {
    const { get, cache } = site();
    await get("/blog/busca?q=ia");
    expect((await get("/blog/busca?q=ia")).headers.get("X-Cache")).toBe("hit");
    // A change to any post (its slug unrelated to the query) may change any search's results.
    cache.onNotification(JSON.stringify({ op: "UPDATE", table: "blog_posts", slug: "outro-post" }));
    expect((await get("/blog/busca?q=ia")).headers.get("X-Cache")).toBe("miss");
    cache.expireBy(Date.now() - 1);
    expect((await get("/blog/busca?q=ia")).headers.get("X-Cache")).toBe("miss");
    expect((await get("/blog/busca?q=ia")).headers.get("X-Cache")).toBe("hit");
  });
});

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("popular pages compressed for good", () => {
  const popular = { hits: 3, ageMs: 60_000, spacingMs: 5_000 };
  function popularSite() {
    const clock = { now: 1_000_000 };
    const recompressions: string[] = [];
    const cache = new PageCache({
      maxBytes: 1 << 20,
      routes: cachedRoutes,
      neverCached: uncachedPaths,
      recompress: (body, encoding) => {
        recompressions.push(encoding);
        return compressedForGood(body, encoding);
      },
      popular,
      now: () => clock.now,
    });
    return { ...site(cache), clock, recompressions };
  }
  const br = { "Accept-Encoding": "br" };

  it("compresses a page asked for often, once it has lived a while, as hard as a prerendered page", async () => {
    const { get, cache, clock } = popularSite();
    const first = await get("/blog/longo", br);
    const perResponse = await bytes(first);
    // Asked for often but young: left as it is.
    for (let i = 0; i < popular.hits; i++) await get("/blog/longo", br);
    await cache.recompressed();
    expect(await bytes(await get("/blog/longo", br))).toEqual(perResponse);
    clock.now += popular.ageMs;
    await get("/blog/longo", br);
    await cache.recompressed();
    const again = await get("/blog/longo", br);
    expect(again.headers.get("X-Cache")).toBe("hit");
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    const body = await bytes(again);
    expect(body.byteLength).toBeLessThan(perResponse.byteLength);
    expect(again.headers.get("Content-Length")).toBe(String(body.byteLength));
    expect(brotliDecompressSync(body)).toEqual(brotliDecompressSync(perResponse));
    // What compression.ts makes of the first body, as hard as a prerendered page.
    expect(await compressedForGood(perResponse, "br")).toEqual(Buffer.from(body));
  });

  it("does not put back a page dropped while it was being compressed again", async () => {
    const { get, cache, clock, renders } = popularSite();
    await get("/blog/longo", br);
    clock.now += popular.ageMs;
    for (let i = 0; i < popular.hits; i++) await get("/blog/longo", br);
    cache.invalidate({ op: "UPDATE", table: "blog_posts", slug: "longo" });
    await cache.recompressed();
    expect((await get("/blog/longo", br)).headers.get("X-Cache")).toBe("miss");
    expect(renders.get("/blog/longo")).toBe(2);
  });

  it("compresses one page at a time, at most one per spacing", async () => {
    const { get, cache, clock } = popularSite();
    const size = async (path: string) => (await bytes(await get(path, br))).byteLength;
    const [post, tag] = [await size("/blog/longo"), await size("/blog/tag/longo")];
    clock.now += popular.ageMs;
    for (let i = 0; i < popular.hits; i++) for (const path of ["/blog/longo", "/blog/tag/longo"]) await get(path, br);
    await cache.recompressed();
    expect(await size("/blog/longo")).toBeLessThan(post);
    // Asked for again once the first is done, but within the spacing: not yet.
    await get("/blog/tag/longo", br);
    await cache.recompressed();
    expect(await size("/blog/tag/longo")).toBe(tag);
    clock.now += popular.spacingMs;
    await get("/blog/tag/longo", br);
    await cache.recompressed();
    expect(await size("/blog/tag/longo")).toBeLessThan(tag);
  });

  it("gives no turn to a copy sent uncompressed", async () => {
    const { get, cache, clock, recompressions } = popularSite();
    const size = async () => (await bytes(await get("/blog/longo", br))).byteLength;
    await get("/blog/longo");
    const before = await size();
    clock.now += popular.ageMs;
    for (let i = 0; i < popular.hits; i++) await get("/blog/longo");
    for (let i = 0; i < popular.hits; i++) await get("/blog/longo", br);
    await cache.recompressed();
    expect(recompressions).toEqual(["br"]);
    expect(await size()).toBeLessThan(before);
  });

  it("leaves the search's pages as they are: any query may be popular for a while", async () => {
    const { get, cache, clock, recompressions } = popularSite();
    const size = async () => (await bytes(await get("/blog/busca?q=longo", br))).byteLength;
    const before = await size();
    clock.now += popular.ageMs;
    for (let i = 0; i < popular.hits; i++) await get("/blog/busca?q=longo", br);
    await cache.recompressed();
    expect(await size()).toBe(before);
    expect(recompressions).toEqual([]);
  });
});
