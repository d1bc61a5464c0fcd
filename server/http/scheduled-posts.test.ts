// A scheduled post shows up on the cached pages within seconds of its moment, on every
// instance, without a restart (issue #36): the watcher asks the database for the next moment
// and the page cache drops everything then. The whole chain runs here on a real database, a
// real page cache and a page that reads through supabase-js, as the blog's list does.
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedRoutes, uncachedPaths } from "../../app/content/pages.ts";
import { startTestBackend, type TestBackend } from "../backend/testing/backend.ts";
import { describeEachDatabase } from "../backend/testing/describe-each-database.ts";
import { documentPipeline } from "./document.ts";
import { documents } from "./documents.ts";
import { PageCache } from "./page-cache.ts";
import { msUntilNextScheduledPost, watchScheduledPosts, type ExpiringCache } from "./scheduled-posts.ts";

function fakeCache() {
  const moments: (number | null)[] = [];
  let checks = 0;
  const cache: ExpiringCache = {
    expireBy: (at) => void moments.push(at),
    expireIfDue: () => {
      checks += 1;
      return true;
    },
  };
  return { cache, moments, checks: () => checks };
}

describe("watchScheduledPosts", () => {
  it("tells the cache the next moment by the database's clock, and asks again when it comes", async () => {
    const { cache, moments, checks } = fakeCache();
    const answers = [40, null];
    let asked = 0;
    const before = Date.now();
    const watcher = await watchScheduledPosts({
      cache,
      msUntilNext: async () => answers[asked++] ?? null,
      recheckMs: 60_000,
    });
    try {
      expect(moments[0]).toBeGreaterThanOrEqual(before + 40);
      // The timer at the moment: the cache checks, then the database is asked again.
      await expect.poll(() => asked, { timeout: 5_000 }).toBe(2);
      expect(checks()).toBe(1);
      expect(moments[1]).toBeNull();
    } finally {
      watcher.stop();
    }
  });

  it("asks again at least every recheck interval, once at a time however many changes arrive", async () => {
    const { cache } = fakeCache();
    let asked = 0;
    let inFlight = 0;
    let most = 0;
    const watcher = await watchScheduledPosts({
      cache,
      msUntilNext: async () => {
        asked += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        return null;
      },
      recheckMs: 50,
    });
    try {
      for (let i = 0; i < 20; i++) watcher.refresh();
      await expect.poll(() => asked, { timeout: 5_000 }).toBeGreaterThanOrEqual(5);
      expect(most).toBe(1);
    } finally {
      watcher.stop();
    }
  });

  it("keeps watching when the database cannot answer", async () => {
    const { cache } = fakeCache();
    let asked = 0;
    const lines: string[] = [];
    const watcher = await watchScheduledPosts({
      cache,
      msUntilNext: async () => {
        asked += 1;
        throw new Error("database unavailable");
      },
      recheckMs: 20,
      log: (line) => lines.push(line),
    });
    try {
      await expect.poll(() => asked, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      expect(lines[0]).toBe("Scheduled posts: database unavailable");
    } finally {
      watcher.stop();
    }
  });
});

describeEachDatabase("a scheduled post on cached pages", (kind) => {
  let t: TestBackend;
  let adminClient: Awaited<ReturnType<TestBackend["user"]>>["client"];

  beforeAll(async () => {
    t = await startTestBackend(kind);
    adminClient = (await t.user("agenda@example.com", { admin: true })).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("knows the next scheduled moment, and none when nothing is scheduled", async () => {
    await t.backend.db.query("update public.blog_posts set published_at = now() - interval '1 day'");
    expect(await msUntilNextScheduledPost(t.backend.db)).toBeNull();
    const { error } = await adminClient.from("blog_posts").insert({
      title: "Daqui a uma hora",
      slug: "daqui-a-uma-hora",
      content: "Texto.",
      published: true,
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(error).toBeNull();
    const ms = await msUntilNextScheduledPost(t.backend.db);
    expect(ms).toBeGreaterThan(3_500_000);
    expect(ms).toBeLessThanOrEqual(3_600_000);
    // A draft with a date is not scheduled.
    await adminClient.from("blog_posts").update({ published: false }).eq("slug", "daqui-a-uma-hora");
    expect(await msUntilNextScheduledPost(t.backend.db)).toBeNull();
  });

  it("shows up on a cached list within a second of its moment, with no request needed to notice", async () => {
    let scheduled: Awaited<ReturnType<typeof watchScheduledPosts>> | undefined;
    const cache = new PageCache({
      maxBytes: 1 << 20,
      routes: cachedRoutes,
      neverCached: uncachedPaths,
      onExpired: () => scheduled?.refresh(),
    });
    let notices = 0;
    const stopListening = await t.backend.db.listen("blog_posts_changed", (payload) => {
      notices += 1;
      cache.onNotification(payload);
      scheduled?.refresh();
    });
    scheduled = await watchScheduledPosts({ cache, msUntilNext: () => msUntilNextScheduledPost(t.backend.db) });
    const anon = t.client();
    const app = new Hono();
    app.use("*", documents({ pipeline: documentPipeline({ csp: {} }), pageCache: cache }));
    app.get("/blog", async (c) => {
      const { data } = await anon.from("visible_posts").select("title").order("published_at", { ascending: false });
      return c.html(`<ul>${(data ?? []).map((post) => `<li>${String(post.title)}</li>`).join("")}</ul>`);
    });
    try {
      const at = Date.now() + 2_500;
      const { error } = await adminClient.from("blog_posts").insert({
        title: "Agendado para daqui a pouco",
        slug: "agendado-daqui-a-pouco",
        content: "Texto.",
        published: true,
        published_at: new Date(at).toISOString(),
      });
      expect(error).toBeNull();
      // On PostgreSQL the notice comes on its own connection: let it arrive before rendering.
      await expect.poll(() => notices, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      const first = await app.request("/blog");
      expect(await first.text()).not.toContain("Agendado para daqui a pouco");
      expect((await app.request("/blog")).headers.get("X-Cache")).toBe("hit");

      // No request before the moment: the watcher's timer drops the cached list by itself.
      await expect.poll(() => cache.stats().entries, { timeout: 10_000, interval: 50 }).toBe(0);
      expect(Date.now()).toBeGreaterThanOrEqual(at);
      expect(Date.now()).toBeLessThan(at + 1_000 + 2_000);
      const after = await app.request("/blog");
      expect(await after.text()).toContain("Agendado para daqui a pouco");
    } finally {
      scheduled.stop();
      await stopListening();
    }
  });
});
