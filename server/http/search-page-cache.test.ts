// The blog's search pages in the page cache (issue #36, ADR 089): a query's page is served from
// memory until the blog changes, so a post published, unpublished or reaching its scheduled
// moment shows in (or leaves) the results at once, never a draft or a post before its time. The
// chain runs on a real database, the registry's rules, the real page cache and a page that
// searches through supabase-js as /blog/busca does.
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cachedRoutes, uncachedPaths } from "../../app/content/pages.ts";
import { startTestBackend, type TestBackend } from "../backend/testing/backend.ts";
import { describeEachDatabase } from "../backend/testing/describe-each-database.ts";
import { documentPipeline } from "./document.ts";
import { documents } from "./documents.ts";
import { PageCache } from "./page-cache.ts";
import { msUntilNextScheduledPost, watchScheduledPosts } from "./scheduled-posts.ts";

describeEachDatabase("search pages in the page cache", (kind) => {
  let t: TestBackend;
  let adminClient: Awaited<ReturnType<TestBackend["user"]>>["client"];
  let cache: PageCache;
  let app: Hono;
  let notices = 0;
  let scheduled: Awaited<ReturnType<typeof watchScheduledPosts>> | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    adminClient = (await t.user("busca-cache@example.com", { admin: true })).client;
    cache = new PageCache({
      maxBytes: 1 << 20,
      routes: cachedRoutes,
      neverCached: uncachedPaths,
      onExpired: () => scheduled?.refresh(),
    });
    // As server/main.ts wires it.
    stopListening = await t.backend.db.listen("blog_posts_changed", (payload) => {
      notices += 1;
      cache.onNotification(payload);
      scheduled?.refresh();
    });
    scheduled = await watchScheduledPosts({ cache, msUntilNext: () => msUntilNextScheduledPost(t.backend.db) });
    const anon = t.client();
    app = new Hono();
    app.use("*", documents({ pipeline: documentPipeline({ csp: {} }), pageCache: cache }));
    app.get("/blog/busca", async (c) => {
      const { data, error } = await anon.rpc("search_posts", { q: c.req.query("q") ?? "" });
      if (error) return c.html(error.message, 503);
      const hits = (data ?? []) as { title: string }[];
      return c.html(`<ul>${hits.map((hit) => `<li>${hit.title}</li>`).join("")}</ul>`);
    });
  });
  afterAll(async () => {
    scheduled?.stop();
    await stopListening?.();
    await t?.close();
  });

  /** Writes through supabase-js as an admin, then waits for the database's notice of it. */
  async function change(write: () => PromiseLike<{ error: unknown }>): Promise<void> {
    const before = notices;
    const { error } = await write();
    expect(error).toBeNull();
    await expect.poll(() => notices, { timeout: 5_000 }).toBeGreaterThan(before);
  }

  async function search(q: string): Promise<{ cache: string | null; text: string }> {
    const res = await app.request(`/blog/busca?q=${encodeURIComponent(q)}`);
    return { cache: res.headers.get("X-Cache"), text: await res.text() };
  }

  it("serves a query's page from memory, and shows a post published or unpublished at once", async () => {
    expect((await search("quimera")).cache).toBe("miss");
    expect(await search("quimera")).toMatchObject({ cache: "hit", text: "<ul></ul>" });

    // A draft drops the page too, and is never shown.
    await change(() =>
      adminClient.from("blog_posts").insert({
        title: "A quimera do atendimento",
        slug: "quimera-do-atendimento",
        content: "Texto.",
        published: false,
      }),
    );
    expect((await search("quimera")).text).toBe("<ul></ul>");
    expect((await search("quimera")).cache).toBe("hit");

    await change(() => adminClient.from("blog_posts").update({ published: true }).eq("slug", "quimera-do-atendimento"));
    expect(await search("quimera")).toMatchObject({
      cache: "miss",
      text: "<ul><li>A quimera do atendimento</li></ul>",
    });
    expect((await search("quimera")).cache).toBe("hit");

    await change(() =>
      adminClient.from("blog_posts").update({ published: false }).eq("slug", "quimera-do-atendimento"),
    );
    expect(await search("quimera")).toMatchObject({ cache: "miss", text: "<ul></ul>" });
  });

  it("shows a scheduled post in the results from its moment, not before", async () => {
    const at = Date.now() + 4_000;
    await change(() =>
      adminClient.from("blog_posts").insert({
        title: "Ornitorrinco agendado",
        slug: "ornitorrinco-agendado",
        content: "Texto.",
        published: true,
        published_at: new Date(at).toISOString(),
      }),
    );
    expect((await search("ornitorrinco")).text).toBe("<ul></ul>");
    expect((await search("ornitorrinco")).cache).toBe("hit");
    // No request before the moment: the watcher's timer drops the cached page by itself.
    await expect.poll(() => cache.stats().apart.entries, { timeout: 10_000, interval: 50 }).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    expect((await search("ornitorrinco")).text).toBe("<ul><li>Ornitorrinco agendado</li></ul>");
  });
});
