// Cookieless analytics end to end below the browser (docs/decisions/073-cookieless-analytics.md):
// the real routes and queue, the real backend (PGlite, and PostgreSQL where its binaries exist),
// the real migration's salts, rollups, retention and row-level security, and the dashboard's
// functions called as an admin with supabase-js.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { SupabaseClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackendAccess } from "../../app/lib/backend-context.ts";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../backend/testing/backend.ts";
import { describeEachDatabase } from "../backend/testing/describe-each-database.ts";
import { clientIpMiddleware } from "../http/client-ip.ts";
import { analyticsStore, type AnalyticsStore } from "./backend.ts";
import type { EventRow } from "./events.ts";
import { createAnalytics, EVENT_MAX_BYTES, type AnalyticsOptions } from "./index.ts";
import { analyticsDay } from "./visitor.ts";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" `days` from today (São Paulo). */
const dayFrom = (days: number) => analyticsDay(new Date(Date.now() + days * DAY_MS));
const hash = (letter: string) => letter.repeat(32);

/** An event as the queue hands it to the store. */
const eventRow = (who: string, extra: Partial<EventRow> = {}): EventRow => ({
  at: new Date().toISOString(),
  day: dayFrom(0),
  visitor: who,
  kind: "view",
  view_id: "w1",
  page: "/precos",
  path: "/precos?utm_source=newsletter",
  referrer_host: null,
  referrer_path: null,
  utm_source: "newsletter",
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  click_id: null,
  channel: "email",
  source: "newsletter",
  device: "mobile",
  browser: "Chrome",
  os: "Android",
  screen: 360,
  engaged_ms: null,
  lcp: null,
  inp: null,
  cls: null,
  fcp: null,
  ttfb: null,
  form: null,
  ...extra,
});
/** A stored row as JSON, without what differs between two writes of the same event. */
const withoutIds = (rows: { row: string }[]) =>
  rows.map(({ row: json }) => {
    const { id: _id, visitor: _visitor, ...rest } = JSON.parse(json) as Record<string, unknown>;
    return rest;
  });
async function dataOf<T>(call: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(error.message);
  return data;
}

/** What each panel's own function answers, as analytics_dashboard shapes it in one call. */
const panelsOneByOne = async (client: SupabaseClient, from: string, to: string, filters: object) => {
  const range = { p_from: from, p_to: to, p_filters: filters };
  const dimensions = ["page", "entry_page", "channel", "source", "campaign", "device", "browser", "os"];
  return {
    summary: await dataOf(client.rpc("analytics_summary", range)),
    series: ((await dataOf(client.rpc("analytics_timeseries", range))) as { bucket: string }[]).map((point) => ({
      ...point,
      bucket: Date.parse(point.bucket),
    })),
    breakdowns: Object.fromEntries(
      await Promise.all(
        dimensions.map(async (dimension) => [
          dimension,
          await dataOf(client.rpc("analytics_breakdown", { ...range, p_dimension: dimension })),
        ]),
      ),
    ),
    vitals: ((await dataOf(client.rpc("analytics_vitals", range))) as { page: string; metric: string }[]).toSorted(
      (a, b) => `${a.page} ${a.metric}`.localeCompare(`${b.page} ${b.metric}`),
    ),
    now: await dataOf(client.rpc("analytics_now")),
  };
};
const dashboard = async (client: SupabaseClient, from: string, to: string, filters: object) => {
  const { data, error } = await client.rpc("analytics_dashboard", { p_from: from, p_to: to, p_filters: filters });
  if (error) throw new Error(error.message);
  const answer = data as { series: { bucket: string }[]; vitals: { page: string; metric: string }[] };
  return {
    ...answer,
    series: answer.series.map((point) => ({ ...point, bucket: Date.parse(point.bucket) })),
    vitals: answer.vitals.toSorted((a, b) => `${a.page} ${a.metric}`.localeCompare(`${b.page} ${b.metric}`)),
  };
};

describeEachDatabase("cookieless analytics", (kind) => {
  let t: TestBackend;
  let store: AnalyticsStore;
  /** As the server writes with the embedded backend: straight to its database (ADR 090). */
  let embedded: AnalyticsStore;
  let admin: SupabaseClient;
  let member: SupabaseClient;
  let clock: Date;
  let nextAddress = 1;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    const access: BackendAccess = {
      url: TEST_SITE_URL,
      anonKey: t.backend.anonKey,
      serviceRoleKey: t.backend.serviceRoleKey,
      fetch: (input, init) => t.backend.fetch(new Request(input, init)),
      publicUrl: null,
    };
    store = analyticsStore(access, kind);
    embedded = analyticsStore(access, kind, t.backend.db);
    admin = (await t.user(`admin-${kind}@example.com`, { admin: true })).client;
    member = (await t.user(`member-${kind}@example.com`)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** As if the open days were last rewritten a minute ago: the server spaces the dashboard's asks. */
  const aged = (seconds = 60) =>
    t.backend.db.query(
      `update public.analytics_rollups set rolled_at = now() - make_interval(secs => $1) where not final`,
      [seconds],
    );

  /** One instance of the server's analytics on its own Hono app, as server/app.ts mounts it. */
  function instance(extra: Partial<AnalyticsOptions> = {}) {
    const analytics = createAnalytics({
      siteUrl: "https://omnia.com.br",
      salts: (day) => store.salts(day),
      write: (batch) => embedded.write(batch),
      isPermanent: embedded.isPermanent,
      now: () => clock,
      queue: { intervalMs: 60_000 },
      log: () => {},
      ...extra,
    });
    const app = new Hono();
    app.use("*", clientIpMiddleware(1));
    analytics.register(app);
    return { analytics, app };
  }

  function visitor(userAgent = CHROME) {
    const address = `203.0.113.${nextAddress++}`;
    const headers = { "User-Agent": userAgent, "X-Forwarded-For": address, Host: "omnia.com.br" };
    return {
      address,
      send(app: Hono, body: unknown, extra: Record<string, string> = {}) {
        return app.request("/_a", {
          method: "POST",
          headers: { "Content-Type": "text/plain;charset=UTF-8", ...headers, ...extra },
          body: typeof body === "string" ? body : JSON.stringify(body),
        });
      },
      pixel(app: Hono, extra: Record<string, string> = {}, query = "") {
        return app.request(`/_a.gif${query}`, { headers: { ...headers, ...extra } });
      },
    };
  }

  async function storedFor(visitorHash: string) {
    const { rows } = await t.backend.db.query<EventRow & { row: string }>(
      "select e.*, row_to_json(e)::text as row from public.analytics_events e where visitor = $1 order by id",
      [visitorHash],
    );
    return rows;
  }

  async function newest(): Promise<EventRow & { row: string }> {
    const { rows } = await t.backend.db.query<EventRow & { row: string }>(
      "select e.*, row_to_json(e)::text as row from public.analytics_events e order by id desc limit 1",
    );
    return rows[0]!;
  }

  describe("counting", () => {
    it("counts a view and its engagement under one daily hash, and stores neither address nor User-Agent", async () => {
      clock = new Date();
      const { analytics, app } = instance();
      const ana = visitor(IPHONE);
      const view = await ana.send(app, {
        k: "v",
        i: "view1",
        u: "/precos/?utm_source=newsletter&utm_campaign=dezembro&email=ana@empresa.example",
        r: "https://www.google.com.br/",
        w: 390,
      });
      expect(view.status).toBe(204);
      expect(view.headers.get("Set-Cookie")).toBeNull();
      const leave = await ana.send(app, { k: "e", i: "view1", u: "/precos/", e: 4200, lcp: 1234.5, cls: 0.01 });
      expect(leave.status).toBe(204);
      await analytics.queue.flush();
      const stored = await newest();
      const rows = await storedFor(stored.visitor);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        kind: "view",
        day: expect.anything(),
        view_id: "view1",
        page: "/precos",
        path: "/precos?utm_source=newsletter&utm_campaign=dezembro",
        referrer_host: "www.google.com.br",
        utm_source: "newsletter",
        utm_campaign: "dezembro",
        channel: "email",
        source: "newsletter",
        device: "mobile",
        browser: "Mobile Safari",
        os: "iOS",
        screen: 360,
      });
      expect(rows[1]).toMatchObject({ kind: "engagement", view_id: "view1", page: "/precos", engaged_ms: 4200 });
      expect(rows[1]!.lcp).toBeCloseTo(1234.5);
      expect(stored.visitor).toMatch(/^[0-9a-f]{32}$/);
      for (const row of rows) {
        expect(row.row).not.toContain(ana.address);
        expect(row.row).not.toContain("iPhone OS");
        expect(row.row).not.toContain("ana@empresa");
      }
    });

    it("does not count bots, prefetches and prerenders never shown, or the admin's pages", async () => {
      const { analytics, app } = instance();
      const before = (await t.backend.db.query("select count(*)::int as n from public.analytics_events")).rows[0];
      const view = { k: "v", i: "x1", u: "/precos", r: "" };
      expect((await visitor(GOOGLEBOT).send(app, view)).status).toBe(202);
      expect((await visitor().send(app, view, { "Sec-Purpose": "prefetch;prerender" })).status).toBe(202);
      expect((await visitor().send(app, view, { "Sec-Purpose": "prefetch" })).status).toBe(202);
      expect((await visitor().send(app, { ...view, u: "/admin" })).status).toBe(202);
      expect((await visitor().send(app, { k: "e", i: "x1", u: "/auth/nova-senha", e: 10 })).status).toBe(202);
      // Whatever their case or escapes: the router reads them as the same pages.
      const spelled = ["/Admin", "/%61dmin/posts", "/ADMIN/", "/%41uth?next=/"];
      const answers = await Promise.all(spelled.map((u) => visitor().send(app, { ...view, u })));
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
      expect((await visitor().send(app, { k: "e", i: "x1", u: "/Auth/nova-senha", e: 10 })).status).toBe(202);
      expect((await visitor().pixel(app, {}, "?p=%2FAdmin")).status).toBe(200);
      expect((await visitor(GOOGLEBOT).pixel(app, { Referer: "https://omnia.com.br/precos" })).status).toBe(200);
      await analytics.queue.flush();
      expect((await t.backend.db.query("select count(*)::int as n from public.analytics_events")).rows[0]).toEqual(
        before,
      );
    });

    it("refuses malformed events with 4xx and bounds the body", async () => {
      const { app } = instance();
      const ana = visitor();
      const statuses = await Promise.all([
        ana.send(app, "not json"),
        ana.send(app, { k: "v", i: "x", u: "/", extra: 1 }),
        ana.send(app, { k: "v", i: "x", u: "//evil.example/" }),
        ana.send(app, { k: "e", i: "x", u: "/", e: -1 }),
        ana.send(app, { k: "e", i: "x", u: "/", e: 10, lcp: "fast" }),
        ana.send(app, { k: "x", i: "x", u: "/" }),
        ana.send(app, { k: "v", i: "x", u: "/" }, { Origin: "https://another.example" }),
        ana.send(app, { k: "v", i: "x", u: "/" }, { "Content-Type": "application/x-www-form-urlencoded" }),
        ana.send(app, { k: "v", i: "x", u: "/", r: "x".repeat(EVENT_MAX_BYTES) }),
        app.request("/_a"),
        ana.send(app, { k: "e", i: "x", u: "/\u0000", e: 1000 }),
        ana.send(app, { k: "v", i: "x", u: "/", r: "https://a.example/\u0000" }),
      ]).then((answers) => answers.map((answer) => answer.status));
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 403, 415, 413, 405, 400, 400]);
    });

    it("keeps everyone's events when one carries a value the database refuses", async () => {
      clock = new Date();
      const { analytics, app } = instance();
      const ana = visitor();
      expect((await ana.send(app, { k: "v", i: "legit1", u: "/precos" })).status).toBe(204);
      // A row the checks above would let through and the table refuses (23514), in the same batch.
      expect(analytics.queue.push(eventRow(hash("4"), { page: "no slash" }))).toBe(true);
      expect((await ana.send(app, { k: "e", i: "legit1", u: "/precos", e: 1500 })).status).toBe(204);
      await analytics.queue.flush();
      const stored = await t.backend.db.query<{ view_id: string; kind: string }>(
        "select view_id, kind from public.analytics_events where view_id = 'legit1' order by id",
      );
      expect(stored.rows).toEqual([
        { view_id: "legit1", kind: "view" },
        { view_id: "legit1", kind: "engagement" },
      ]);
      expect(await storedFor(hash("4"))).toEqual([]);
    });

    it("answers events on the server's own listener as the app does, before the app", async () => {
      const { analytics, app } = instance({ limits: { analyticsVisitor: { max: 2, windowMs: 60_000 } } });
      const early = analytics.answerEarly({ trustedHops: 1, https: true });
      const pages = getRequestListener(app.fetch);
      const server = createServer((req, res) => early(req, res) || void pages(req, res));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const ana = visitor();
        const post = (body: BodyInit, extra: Record<string, string> = {}) =>
          fetch(`${origin}/_a`, {
            method: "POST",
            headers: {
              "Content-Type": "text/plain;charset=UTF-8",
              "User-Agent": CHROME,
              "X-Forwarded-For": ana.address,
              ...extra,
            },
            body,
            duplex: "half",
          } as RequestInit);
        const counted = await post(JSON.stringify({ k: "v", i: "early1", u: "/sobre?utm_source=parceiro" }));
        expect(counted.status).toBe(204);
        expect(Object.fromEntries(counted.headers)).toMatchObject({
          "cache-control": "no-store",
          "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
          "strict-transport-security": expect.stringContaining("max-age="),
          "x-content-type-options": "nosniff",
          "x-frame-options": "DENY",
          "x-request-id": expect.any(String),
        });
        expect(counted.headers.get("Set-Cookie")).toBeNull();
        await analytics.queue.flush();
        expect(await newest()).toMatchObject({ view_id: "early1", page: "/sobre", utm_source: "parceiro" });
        // Refused as the app refuses them; a body without a length is cut off past the limit.
        const chunked = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let n = 0; n < 3; n++) controller.enqueue(new TextEncoder().encode("x".repeat(EVENT_MAX_BYTES / 2)));
            controller.close();
          },
        });
        const statuses = await Promise.all([
          post("not json"),
          post(JSON.stringify({ k: "v", i: "x", u: "//evil.example/" })),
          post(JSON.stringify({ k: "v", i: "x", u: "/" }), { Origin: "https://another.example" }),
          post("{}", { "Content-Type": "application/x-www-form-urlencoded" }),
          post(JSON.stringify({ k: "v", i: "x", u: "/", r: "x".repeat(EVENT_MAX_BYTES) })),
          post(chunked),
          post(JSON.stringify({ k: "v", i: "x", u: "/" }), { "User-Agent": GOOGLEBOT }),
          post(JSON.stringify({ k: "v", i: "x", u: "/" }), { "Sec-Purpose": "prefetch" }),
          fetch(`${origin}/_a`),
        ]).then((answers) => answers.map((answer) => answer.status));
        expect(statuses).toEqual([400, 400, 403, 415, 413, 413, 202, 202, 405]);
        // The visitor's limit: its second event passes, the third waits.
        expect((await post(JSON.stringify({ k: "v", i: "early2", u: "/" }))).status).toBe(204);
        const limited = await post(JSON.stringify({ k: "v", i: "early3", u: "/" }));
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it("limits each visitor, and says when to come back", async () => {
      const { app } = instance({ limits: { analyticsVisitor: { max: 3, windowMs: 60_000 } } });
      const ana = visitor();
      const answers = [];
      for (let n = 0; n < 4; n++) answers.push(await ana.send(app, { k: "v", i: `v${n}`, u: "/" }));
      expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 429]);
      expect(Number(answers[3]!.headers.get("Retry-After"))).toBeGreaterThan(0);
      // Another visitor is not affected.
      expect((await visitor().send(app, { k: "v", i: "v9", u: "/" })).status).toBe(204);
    });

    it("counts a visitor without JavaScript through the pixel, from its Referer or its page parameter", async () => {
      const { analytics, app } = instance();
      const ana = visitor();
      const answer = await ana.pixel(app, {
        Referer: "https://omnia.com.br/sobre?utm_source=parceiro&utm_campaign=q4",
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("image/gif");
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      await analytics.queue.flush();
      expect(await newest()).toMatchObject({
        kind: "view",
        page: "/sobre",
        path: "/sobre?utm_source=parceiro&utm_campaign=q4",
        view_id: null,
        channel: "referral",
      });
      // Without campaign tags a pixel's view says nothing of where the visitor came from (no
      // document referrer): no new arrival for a lead, and a visit it starts counts as direct.
      expect((await visitor().pixel(app, {}, "?p=%2Fblog%2Fum-post")).status).toBe(200);
      await analytics.queue.flush();
      const untagged = await newest();
      expect(untagged).toMatchObject({ page: "/blog/um-post", channel: "internal", source: null });
      const { rows: visits } = await t.backend.db.query<{ channel: string; source: string; entry_page: string }>(
        "select channel, source, entry_page from public.analytics_live_visitors($1) where visitor = $2",
        [untagged.day, untagged.visitor],
      );
      expect(visits).toEqual([{ channel: "direct", source: "", entry_page: "/blog/um-post" }]);
    });

    it("keeps a view whose address carries a very long campaign tag, cut as every tag is", async () => {
      clock = new Date();
      const { analytics, app } = instance();
      const ana = visitor();
      const u = `/precos?utm_source=GOOGLE&utm_medium=cpc&utm_content=${"x".repeat(1500)}`;
      expect((await ana.send(app, { k: "v", i: "long1", u, r: "https://www.google.com/" })).status).toBe(204);
      expect((await ana.send(app, { k: "e", i: "long1", u, e: 1200 })).status).toBe(204);
      // The pixel's page, from its Referer, with tags whose escapes alone are past the path's bound.
      const accents = encodeURIComponent("ç".repeat(300));
      const tags = `utm_source=${accents}&utm_campaign=${accents}&utm_content=${accents}`;
      expect((await visitor().pixel(app, { Referer: `https://omnia.com.br/sobre?${tags}` })).status).toBe(200);
      await analytics.queue.flush();
      const long = await t.backend.db.query<EventRow>(
        "select * from public.analytics_events where view_id = 'long1' order by id",
      );
      expect(long.rows.map((row) => row.kind)).toEqual(["view", "engagement"]);
      expect(long.rows[0]).toMatchObject({ page: "/precos", source: "Google", utm_source: "Google", channel: "paid" });
      expect(long.rows[0]!.utm_content).toBe("x".repeat(200));
      const pixel = await newest();
      expect(pixel).toMatchObject({ page: "/sobre", utm_campaign: "ç".repeat(200) });
      expect(pixel.path.length).toBeLessThanOrEqual(1500);
    });
  });

  describe("writing", () => {
    it("stores a batch straight in the embedded database as through the REST API, and refuses the same values", async () => {
      const viaRest = eventRow(hash("1"));
      const direct = { ...viaRest, visitor: hash("2") };
      await store.write([viaRest]);
      await embedded.write([direct]);
      const [restRows, directRows] = [await storedFor(hash("1")), await storedFor(hash("2"))];
      expect(restRows).toHaveLength(1);
      expect(withoutIds(directRows)).toEqual(withoutIds(restRows));
      // A value the table refuses fails the same way on both: dropped by the queue, not retried.
      const bad = [eventRow(hash("3")), eventRow(hash("3"), { page: "no slash" })];
      for (const target of [store, embedded]) {
        const error = await target.write(bad).then(
          () => null,
          (failure: unknown) => failure,
        );
        expect(error).toMatchObject({ name: "AnalyticsWriteError", code: "23514" });
        expect(target.isPermanent(error)).toBe(true);
      }
      expect(await storedFor(hash("3"))).toEqual([]);
    });
  });

  describe("the daily visitor", () => {
    it("is the same on two instances sharing the database", async () => {
      clock = new Date();
      const one = instance();
      const two = instance();
      const ana = visitor();
      await ana.send(one.app, { k: "v", i: "a1", u: "/" });
      await one.analytics.queue.flush();
      const first = await newest();
      await ana.send(two.app, { k: "v", i: "a2", u: "/precos" });
      await two.analytics.queue.flush();
      expect((await newest()).visitor).toBe(first.visitor);
    });

    it("changes with the day's salt; salts older than yesterday's are deleted and never come back", async () => {
      const { analytics, app } = instance();
      const ana = visitor();
      clock = new Date();
      await ana.send(app, { k: "v", i: "d1", u: "/" });
      await analytics.queue.flush();
      const today = await newest();
      clock = new Date(Date.now() + DAY_MS);
      await ana.send(app, { k: "v", i: "d2", u: "/" });
      await analytics.queue.flush();
      const tomorrow = await newest();
      expect(tomorrow.day).not.toEqual(today.day);
      expect(tomorrow.visitor).not.toBe(today.visitor);

      await t.backend.db.query("insert into public.analytics_salts (day) values ($1), ($2) on conflict do nothing", [
        dayFrom(-2),
        dayFrom(-1),
      ]);
      await store.maintain(90);
      const { rows } = await t.backend.db.query<{ day: string }>(
        "select to_char(day, 'YYYY-MM-DD') as day from public.analytics_salts order by day",
      );
      expect(rows.map((row) => row.day)).toEqual([dayFrom(-1), dayFrom(0), dayFrom(1)]);
      await expect(store.salts(dayFrom(-2))).rejects.toThrow(/22023/);
    });
  });

  describe("rollups, retention and the dashboard", () => {
    const D = dayFrom(-3);
    const OLD = dayFrom(-100);
    const MIDNIGHT = dayFrom(-6);
    const WEEK_AGO = dayFrom(-10);
    const base = {
      kind: "view",
      view_id: null,
      referrer_host: null,
      referrer_path: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      click_id: null,
      source: null,
      device: "desktop",
      browser: "Chrome",
      os: "Windows",
      screen: 1280,
      engaged_ms: null,
      lcp: null,
      inp: null,
      cls: null,
      fcp: null,
      ttfb: null,
      form: null,
    } as const;
    const event = (day: string, time: string, who: string, fields: Partial<EventRow>): EventRow =>
      ({ ...base, at: `${day}T${time}-03:00`, day, visitor: hash(who), path: fields.page, ...fields }) as EventRow;

    const period = { p_from: D, p_to: D, p_filters: {} };
    const summary = async (filters = {}) => {
      const { data, error } = await admin.rpc("analytics_summary", { ...period, p_filters: filters });
      if (error) throw new Error(error.message);
      return (data as { current: Record<string, number> }).current;
    };
    const breakdown = async (dimension: string, filters = {}) => {
      const { data, error } = await admin.rpc("analytics_breakdown", {
        ...period,
        p_dimension: dimension,
        p_filters: filters,
      });
      if (error) throw new Error(error.message);
      return Object.fromEntries(
        (data as { value: string; visitors: number; views: number; conversions: number }[]).map((row) => [
          row.value,
          [row.visitors, row.views, row.conversions],
        ]),
      );
    };
    const everyPanel = async () => ({
      summary: await summary(),
      byPage: await breakdown("page"),
      byChannel: await breakdown("channel"),
      email: await summary({ channel: "email" }),
      precos: await summary({ page: "/precos" }),
      sourcesOfPrecos: await breakdown("source", { page: "/precos" }),
      entries: await breakdown("entry_page"),
      vitals: (await admin.rpc("analytics_vitals", period)).data,
      mobileVitals: (await admin.rpc("analytics_vitals", { ...period, p_filters: { device: "mobile" } })).data,
      // A month: its whole weeks are read from their sums once rolled up.
      monthVitals: (await admin.rpc("analytics_vitals", { p_from: dayFrom(-30), p_to: dayFrom(0) })).data,
    });

    /** The periods and filters the dashboard is compared on: one day (by hour) and a week (by day). */
    const VIEWS: [string, string, object][] = [
      [D, D, {}],
      [dayFrom(-7), dayFrom(0), {}],
      [dayFrom(-7), dayFrom(0), { channel: "email" }],
      [dayFrom(-7), dayFrom(0), { page: "/precos" }],
      [D, D, { page: "/precos", source: "Google" }],
      [dayFrom(-7), dayFrom(0), { device: "mobile" }],
      [dayFrom(-120), dayFrom(0), {}],
    ];
    const expectDashboardAsPanels = async () => {
      for (const [from, to, filters] of VIEWS) {
        expect({ from, to, filters, ...(await dashboard(admin, from, to, filters)) }).toEqual({
          from,
          to,
          filters,
          ...(await panelsOneByOne(admin, from, to, filters)),
        });
      }
    };

    beforeAll(async () => {
      await store.write([
        // Ana: newsletter campaign, two pages, a demo request.
        event(D, "10:00:00", "a", {
          page: "/",
          path: "/?utm_source=newsletter&utm_campaign=dezembro",
          channel: "email",
          source: "newsletter",
          utm_source: "newsletter",
          utm_campaign: "dezembro",
          view_id: "a1",
        }),
        event(D, "10:01:00", "a", {
          kind: "engagement",
          page: "/",
          channel: "internal",
          engaged_ms: 5000,
          lcp: 1000,
          view_id: "a1",
        }),
        event(D, "10:01:00", "a", { page: "/precos", channel: "internal", view_id: "a2" }),
        event(D, "10:03:00", "a", {
          kind: "engagement",
          page: "/precos",
          channel: "internal",
          engaged_ms: 3000,
          lcp: 2000,
          view_id: "a2",
        }),
        event(D, "10:03:30", "a", { kind: "lead", page: "/precos", channel: "internal", form: "demo" }),
        // Bruno: from Google on a phone, one page.
        event(D, "10:10:00", "b", {
          page: "/precos",
          channel: "search",
          source: "Google",
          referrer_host: "www.google.com",
          device: "mobile",
          view_id: "b1",
        }),
        event(D, "10:11:00", "b", {
          kind: "engagement",
          page: "/precos",
          channel: "internal",
          engaged_ms: 1000,
          lcp: 4000,
          device: "mobile",
          view_id: "b1",
        }),
        // Carla: typed the address, one page.
        event(D, "10:20:00", "c", { page: "/", channel: "direct" }),
        // Dora viewed /contato the day before; its engagement arrived after midnight.
        event(MIDNIGHT, "00:00:10", "d", {
          kind: "engagement",
          page: "/contato",
          channel: "internal",
          engaged_ms: 2000,
          view_id: "d0",
        }),
        event(MIDNIGHT, "00:00:20", "d", { page: "/sobre", channel: "internal", view_id: "d1" }),
        // Long ago: past the retention.
        event(OLD, "09:00:00", "e", { page: "/blog", channel: "direct" }),
        // Fernanda, a week and a half ago: her LCP is in a week that is over.
        event(WEEK_AGO, "11:00:00", "f", { page: "/precos", channel: "direct", view_id: "f1" }),
        event(WEEK_AGO, "11:01:00", "f", {
          kind: "engagement",
          page: "/precos",
          channel: "internal",
          engaged_ms: 1000,
          lcp: 3000,
          view_id: "f1",
        }),
      ]);
    });

    it("answers each panel from the raw events before the day is rolled up", async () => {
      expect(await summary()).toEqual({
        visitors: 3,
        views: 4,
        bounces: 2,
        engaged_ms: 9000,
        conversions: 1,
        leads_contact: 0,
        leads_demo: 1,
      });
      expect(await breakdown("page")).toEqual({ "/": [2, 2, 1], "/precos": [2, 2, 1] });
      // Ana read / and sent the demo form on /precos: the lead is /precos's, the conversion both's.
      const { data: pages } = await admin.rpc("analytics_breakdown", { ...period, p_dimension: "page" });
      expect(
        Object.fromEntries((pages as { value: string; leads: number }[]).map((row) => [row.value, row.leads])),
      ).toEqual({ "/": 0, "/precos": 1 });
      expect(await summary({ page: "/" })).toMatchObject({ conversions: 1, leads_demo: 0 });
      expect(await breakdown("channel")).toEqual({ email: [1, 2, 1], search: [1, 1, 0], direct: [1, 1, 0] });
      expect(await summary({ channel: "email" })).toMatchObject({ visitors: 1, views: 2, conversions: 1 });
      expect(await summary({ page: "/precos" })).toMatchObject({ visitors: 2, views: 2, conversions: 1, bounces: 1 });
      expect(await breakdown("source", { page: "/precos" })).toEqual({ newsletter: [1, 1, 1], Google: [1, 1, 0] });
      const { data: hours } = await admin.rpc("analytics_timeseries", period);
      expect((hours as { visitors: number }[]).map((hour) => hour.visitors)).toEqual(
        Array.from({ length: 24 }, (_, hour) => (hour === 10 ? 3 : 0)),
      );
      const { data: vitals } = await admin.rpc("analytics_vitals", period);
      const lcp = (vitals as { page: string; metric: string; p75: number; samples: number }[]).filter(
        (row) => row.metric === "lcp",
      );
      expect(lcp.map((row) => [row.page, row.samples])).toEqual([
        ["/", 1],
        ["/precos", 2],
      ]);
      // p75 of 2000 and 4000 ms is 4000, read from ~13% wide buckets.
      expect(lcp[1]!.p75).toBeGreaterThan(4000 * 0.935);
      expect(lcp[1]!.p75).toBeLessThan(4000 * 1.065);
    });

    it("answers every panel in one call, as each panel's own function does", async () => {
      await expectDashboardAsPanels();
      // As the raw events say (the test above).
      const answer = (await dashboard(admin, D, D, {})) as unknown as { summary: { current: object } };
      expect(answer.summary.current).toEqual({
        visitors: 3,
        views: 4,
        bounces: 2,
        engaged_ms: 9000,
        conversions: 1,
        leads_contact: 0,
        leads_demo: 1,
      });
    });

    it("rolls up each closed day once, with the same answers, and drops raw events past the retention", async () => {
      const live = await everyPanel();
      expect(live.mobileVitals).toMatchObject([{ page: "/precos", metric: "lcp", samples: 1 }]);
      // The month's LCP of /precos counts Fernanda's too (and today's of the tests above).
      const monthLcp = (live.monthVitals as { page: string; metric: string; samples: number }[]).find(
        (row) => row.page === "/precos" && row.metric === "lcp",
      );
      expect(monthLcp?.samples).toBeGreaterThanOrEqual(3);
      const first = await store.maintain(90);
      expect(first.rolled_up).toBeGreaterThanOrEqual(2);
      expect(first.events_deleted).toBe(1);
      expect((await store.maintain(90)).rolled_up).toBe(0);
      const { rows } = await t.backend.db.query<{ n: number }>(
        "select count(*)::int as n from public.analytics_daily_visits where day = $1",
        [D],
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
      // The rollup answers what the raw events did, and so does the dashboard's one call. The
      // week that is over was summed, and the month's Web Vitals read it.
      const { rows: weeks } = await t.backend.db.query<{ n: number }>(
        "select count(*)::int as n from public.analytics_weekly_page_vitals where week <= $1 and week + 6 >= $1",
        [WEEK_AGO],
      );
      expect(weeks[0]!.n).toBe(1);
      expect(await everyPanel()).toEqual(live);
      await expectDashboardAsPanels();
      // The old day's raw events are gone, its totals stay.
      const { rows: old } = await t.backend.db.query("select 1 from public.analytics_events where day = $1", [OLD]);
      expect(old).toEqual([]);
      const { data } = await admin.rpc("analytics_summary", { p_from: OLD, p_to: OLD, p_filters: {} });
      expect((data as { current: { visitors: number } }).current.visitors).toBe(1);
      // A page with only an engagement that day is rolled up with zeros.
      const { data: midnight } = await admin.rpc("analytics_breakdown", {
        p_dimension: "page",
        p_from: MIDNIGHT,
        p_to: MIDNIGHT,
      });
      expect(midnight).toMatchObject([
        { value: "/sobre", visitors: 1, views: 1, leads: 0 },
        { value: "/contato", visitors: 0, views: 0, engaged_ms: 2000, leads: 0 },
      ]);
      // A day that is not over yet is never rolled up.
      const { rows: today } = await t.backend.db.query(
        "select 1 from public.analytics_rollups where day = $1 and final",
        [dayFrom(0)],
      );
      expect(today).toEqual([]);
    });

    it("compares with the period just before", async () => {
      const { data } = await admin.rpc("analytics_summary", { p_from: dayFrom(-2), p_to: dayFrom(0), p_filters: {} });
      expect((data as { previous: { visitors: number } }).previous.visitors).toBe(3);
    });

    it("refuses unknown dimensions, filters and periods", async () => {
      const bad = [
        await admin.rpc("analytics_breakdown", { ...period, p_dimension: "ip" }),
        await admin.rpc("analytics_summary", { ...period, p_filters: { visitor: "a" } }),
        await admin.rpc("analytics_summary", { p_from: D, p_to: dayFrom(-4), p_filters: {} }),
      ];
      expect(bad.map((answer) => [answer.status, answer.error?.code])).toEqual([
        [400, "22023"],
        [400, "22023"],
        [400, "22023"],
      ]);
    });
  });

  describe("today in the rollups", () => {
    const TODAY = dayFrom(0);
    const period = { p_from: TODAY, p_to: TODAY, p_filters: {} };
    const view = (who: string, page: string, extra: Partial<EventRow> = {}): EventRow =>
      ({
        at: new Date().toISOString(),
        day: TODAY,
        visitor: hash(who),
        kind: "view",
        view_id: `${who}-${page.length}`,
        page,
        path: page,
        referrer_host: null,
        referrer_path: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        click_id: null,
        channel: "direct",
        source: null,
        device: "mobile",
        browser: "Chrome",
        os: "Android",
        screen: 360,
        engaged_ms: null,
        lcp: null,
        inp: null,
        cls: null,
        fcp: null,
        ttfb: null,
        form: null,
        ...extra,
      }) as EventRow;
    const visitorsToday = async () => {
      const { data, error } = await admin.rpc("analytics_summary", period);
      if (error) throw new Error(error.message);
      return (data as { current: { visitors: number } }).current.visitors;
    };
    /** Each daily table's rows of today, and what its raw events compute, in one order. */
    const rowsOf = async (from: string) =>
      (await t.backend.db.query<Record<string, unknown>>(`select * from ${from}`, [TODAY])).rows
        .map((row) => JSON.stringify(row))
        .toSorted();
    const rolledAndLive = async () => {
      const pairs: { name: string; rolled: string[]; live: string[] }[] = [];
      for (const name of ["visits", "pages", "vitals"]) {
        const rolled = await rowsOf(`public.analytics_daily_${name} where day = $1`);
        pairs.push({ name, rolled, live: await rowsOf(`public.analytics_live_${name}($1)`) });
      }
      return pairs;
    };

    it("writes today's figures from its raw events when the dashboard opens, only when newer events exist", async () => {
      // The open days written so far (a clock ahead counted views tomorrow), so only today is newer.
      await admin.rpc("analytics_refresh");
      await store.write([
        view("e", "/", { channel: "email", source: "newsletter", utm_campaign: "hoje" }),
        view("e", "/precos", { channel: "internal" }),
        view("e", "/precos", { kind: "engagement", channel: "internal", engaged_ms: 4000, lcp: 1800, cls: 0.05 }),
        view("f", "/blog", { channel: "search", source: "Google", device: "desktop" }),
        view("f", "/blog", { kind: "engagement", channel: "internal", engaged_ms: 1500, inp: 120, device: "desktop" }),
      ]);
      const { rows: raw } = await t.backend.db.query<{ n: number }>(
        "select count(*)::int as n from public.analytics_live_visitors($1)",
        [TODAY],
      );
      const before = raw[0]!.n;
      expect(before).toBeGreaterThanOrEqual(2);
      await aged();
      expect((await admin.rpc("analytics_refresh")).data).toBe(1);
      for (const { rolled, live } of await rolledAndLive()) {
        expect(rolled.length).toBeGreaterThan(0);
        expect(rolled).toEqual(live);
      }
      expect(await visitorsToday()).toBe(before);
      // Nothing newer: nothing rewritten.
      await aged();
      expect((await admin.rpc("analytics_refresh")).data).toBe(0);

      // The panels read the rollup: an event written after it counts at the next refresh.
      await store.write([view("7", "/sobre")]);
      expect(await visitorsToday()).toBe(before);
      // Asked again under ten seconds after the last rewrite (a client in a loop), the server
      // rewrites nothing: on PGlite a busy day's rewrite holds the only thread.
      await aged(5);
      expect((await admin.rpc("analytics_refresh")).data).toBe(0);
      expect(await visitorsToday()).toBe(before);
      // The upkeep leaves a day rewritten under a minute ago; the dashboard's ask, ten seconds later, does not.
      await aged(15);
      expect((await store.maintain(90)).refreshed).toBe(0);
      expect((await admin.rpc("analytics_refresh")).data).toBe(1);
      expect(await visitorsToday()).toBe(before + 1);
      for (const { rolled, live } of await rolledAndLive()) expect(rolled).toEqual(live);
      const { rows } = await t.backend.db.query<{ final: boolean }>(
        "select final from public.analytics_rollups where day = $1",
        [TODAY],
      );
      expect(rows).toEqual([{ final: false }]);
    });

    it("rewrites today in the upkeep on PostgreSQL; on PGlite only when the dashboard asks", async () => {
      // A rollup of today exists, rewritten over a minute ago, and an event is newer than it.
      await store.write([view("8", "/contato")]);
      await aged();
      await admin.rpc("analytics_refresh");
      await store.write([view("9", "/contato")]);
      await t.backend.db.query(
        "update public.analytics_rollups set rolled_at = now() - interval '2 minutes' where day = $1",
        [TODAY],
      );
      const before = await visitorsToday();
      // PGlite runs on the server's thread: its minute's upkeep must not stall every request.
      const onPostgres = kind === "postgres";
      const tick = await store.maintain(90);
      expect({ refreshed: tick.refreshed, visitors: await visitorsToday() }).toEqual(
        onPostgres ? { refreshed: 1, visitors: before + 1 } : { refreshed: 0, visitors: before },
      );
      // On PGlite the dashboard's ask rewrites it (on PostgreSQL the upkeep already has).
      expect((await admin.rpc("analytics_refresh")).data).toBe(onPostgres ? 0 : 1);
      expect(await visitorsToday()).toBe(before + 1);
      for (const { rolled, live } of await rolledAndLive()) expect(rolled).toEqual(live);
    });

    it("lets only admins ask for it", async () => {
      expect((await member.rpc("analytics_refresh")).error?.code).toBe("42501");
      expect((await t.client().rpc("analytics_refresh")).error?.code).toBe("42501");
    });
  });

  describe("row-level security", () => {
    it("lets admins read, and nobody else; salts and writes are the server's", async () => {
      const anon = t.client();
      expect((await anon.rpc("analytics_summary", { p_from: dayFrom(-3), p_to: dayFrom(0) })).error?.code).toBe(
        "42501",
      );
      expect((await anon.from("analytics_events").select("id").limit(1)).error?.code).toBe("42501");

      const { data: memberSummary } = await member.rpc("analytics_summary", { p_from: dayFrom(-3), p_to: dayFrom(0) });
      expect((memberSummary as { current: { visitors: number } }).current.visitors).toBe(0);
      const tables = [
        "analytics_events",
        "analytics_daily_visits",
        "analytics_daily_pages",
        "analytics_daily_vitals",
        "analytics_daily_page_vitals",
        "analytics_weekly_page_vitals",
        "analytics_vital_weeks",
      ];
      const rowsOf = async (client: SupabaseClient) =>
        Object.fromEntries(
          await Promise.all(
            tables.map(async (table) => [table, ((await client.from(table).select("*").limit(1)).data ?? []).length]),
          ),
        );
      expect(await rowsOf(member)).toEqual(Object.fromEntries(tables.map((table) => [table, 0])));
      expect(await rowsOf(admin)).toEqual(Object.fromEntries(tables.map((table) => [table, 1])));
      expect((await member.rpc("analytics_now")).data).toBe(0);
      // The dashboard's one call answers as the tables allow: nothing to a member, nothing to a visitor.
      const range = { p_from: dayFrom(-30), p_to: dayFrom(0) };
      const { data: memberDashboard } = await member.rpc("analytics_dashboard", range);
      expect(memberDashboard).toMatchObject({
        summary: { current: { visitors: 0, views: 0 } },
        breakdowns: { page: [], channel: [] },
        vitals: [],
        now: 0,
      });
      expect((await anon.rpc("analytics_dashboard", range)).error?.code).toBe("42501");

      expect((await admin.from("analytics_salts").select("*")).error?.code).toBe("42501");
      expect((await admin.rpc("analytics_salt", { p_day: dayFrom(0) })).error?.code).toBe("42501");
      expect((await admin.rpc("analytics_ingest", { p_events: [] })).error?.code).toBe("42501");
      expect((await admin.rpc("analytics_maintain", { p_retention_days: 1 })).error?.code).toBe("42501");
      expect((await admin.from("analytics_events").delete().gt("id", 0)).error?.code).toBe("42501");
    });
  });
});
