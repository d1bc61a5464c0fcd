// Cookieless analytics (issue #38, ADR 073), for `npm run bench`:
// - ingestion: the production server takes page-view events from many visitors for 20 s while
//   /blog is read beside them, first as fast as 32 connections send them (the most it takes),
//   then at the issue's 2,000 events/s (/blog's p99 at that rate); events/s, /blog's p99, and
//   whether every event answered 2xx is in the database once the queue has been written;
// - the dashboard: 30 days over 1,000,000 events (closed days rolled up, today raw), each panel
//   of "Análises" with the exact calls the admin screen makes (app/lib/admin/analytics.ts,
//   supabase-js as a signed-in admin, row-level security applied): the tab's one call (ADR 091),
//   cold after a restart and warm, beside the twelve calls it made before, on PGlite and (where
//   its binaries exist) PostgreSQL 15;
// - two instances on one PostgreSQL: one visitor's events sent to both count one visitor.
//   node scripts/bench/analytics.ts [ingestion|ingestion-cpu|dashboard|instances]
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import { Hono } from "hono";
import pg from "pg";
import {
  fetchBreakdown,
  fetchDashboard,
  fetchSummary,
  fetchTimeseries,
  fetchVisitorsNow,
  fetchVitals,
  presetPeriod,
  type AnalyticsFilters,
  type Dimension,
} from "../../app/lib/admin/analytics.ts";
import type { AppSupabaseClient } from "../../app/lib/database.types.ts";
import { analyticsStore } from "../../server/analytics/backend.ts";
import { createAnalytics } from "../../server/analytics/index.ts";
import { readStoredSigningKey } from "../../server/backend/keys.ts";
import {
  DB_KINDS,
  POSTGRES_SKIP_REASON,
  startTestBackend,
  TEST_SITE_URL,
} from "../../server/backend/testing/backend.ts";
import type { DbKind, TestBackend } from "../../server/backend/testing/backend.ts";
import {
  freePort,
  postgresUnavailableReason,
  startPostgresCluster,
} from "../../server/backend/testing/postgres-cluster.ts";
import { clientIpMiddleware } from "../../server/http/client-ip.ts";
import { measureFor, send, type HttpRequest, type LoadResult } from "./load.ts";
import { emitSection, sectionArgs } from "./section.ts";
import { startServer, type RunningServer } from "./serve.ts";

/** The issue's targets. */
export const INGESTION_TARGET_PER_SECOND = 2000;
export const BLOG_P99_TARGET_MS = 50;
export const PANEL_P95_TARGET_MS = 500;

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const portOf = (server: RunningServer) => Number(new URL(server.origin).port);

/** Visitor `n` of the load: its own User-Agent and address (the server trusts one proxy). */
function visitorHeaders(n: number): Record<string, string> {
  return {
    "Content-Type": "text/plain;charset=UTF-8",
    "User-Agent": `${CHROME} Bench/${n}`,
    "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}

/** A page view of visitor `n`, as the script sends it. */
function viewEvent(n: number, i: number): HttpRequest {
  const body = JSON.stringify({
    k: "v",
    i: `b${i.toString(36)}`,
    u: i % 5 === 0 ? "/?utm_source=newsletter&utm_campaign=bench" : ["/blog", "/precos", "/recursos", "/sobre"][i % 4],
    r: i % 3 === 0 ? "https://www.google.com/" : "",
    w: 390,
  });
  return { method: "POST", path: "/_a", headers: visitorHeaders(n), body };
}

async function storedEventCount(server: RunningServer): Promise<number> {
  const key = await readStoredSigningKey(server.dataDir);
  if (!key) throw new Error("bench: no signing key in the data directory");
  const response = await fetch(`${server.origin}/rest/v1/analytics_events?select=id&limit=1`, {
    headers: { apikey: key.service_role_key, Authorization: `Bearer ${key.service_role_key}`, Prefer: "count=exact" },
  });
  await response.arrayBuffer();
  const total = /\/(\d+)$/.exec(response.headers.get("content-range") ?? "")?.[1];
  if (total === undefined) throw new Error(`bench: no count of analytics_events (${response.status})`);
  return Number(total);
}

/** Waits until the stored events stop changing (the queue writes about once a second). */
async function settledEventCount(server: RunningServer, expected: number): Promise<number> {
  let last = -1;
  let stableSince = performance.now();
  const deadline = performance.now() + 60_000;
  for (;;) {
    const count = await storedEventCount(server);
    if (count !== last) [last, stableSince] = [count, performance.now()];
    if (count === expected || performance.now() - stableSince > 5_000 || performance.now() > deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface IngestionResult {
  blogAlone: LoadResult;
  blog: LoadResult;
  events: LoadResult;
  /** Events sent at the target rate, and `/blog` beside them. */
  paced: LoadResult;
  blogPaced: LoadResult;
  accepted: number;
  refused: Record<number, number>;
  stored: number;
  /** The server's CPU time per `/blog` request alone, and per event beside them (less `/blog`'s share). */
  cpuPerBlogMs: number;
  cpuPerEventMs: number;
  /** Events answered 2xx right before SIGTERM, and how many of them the database has after it. */
  shutdown: { burst: number; stored: number };
  /** The load average after each phase. */
  load: string;
  pacedLoad: string;
}

/** CPU time (user + system) the process has used, in ms, from /proc (Linux clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * `perSecond` requests a second for `durationMs`, each sent on time whether or not earlier ones
 * were answered (open loop, at most `maxInFlight` waiting), so the rate is the one asked for.
 */
async function pacedFor(
  durationMs: number,
  perSecond: number,
  maxInFlight: number,
  one: (i: number) => Promise<number>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let [sent, inFlight, errors] = [0, 0, 0];
  const started = performance.now();
  const pending = new Set<Promise<void>>();
  while (performance.now() - started < durationMs) {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    while (sent < due && inFlight < maxInFlight) {
      const t0 = performance.now();
      inFlight++;
      const request = one(sent++)
        .catch(() => 0)
        .then((status) => {
          latencies.push(performance.now() - t0);
          if (status === 0 || status >= 400) errors++;
          inFlight--;
          pending.delete(request);
        });
      pending.add(request);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), errors };
}

const VISITORS = 2000;
const SERVER_ENV = { TRUST_PROXY: "1", LOG_LEVEL: "warn" };
/** Events sent just before SIGTERM. */
const SHUTDOWN_BURST = 1_050;
const EVENT_CONNECTIONS = 32;
const BLOG_CONNECTIONS = 2;

export async function benchIngestion(durationMs = 20_000): Promise<IngestionResult> {
  const server = await startServer(await freePort(), SERVER_ENV);
  const blogAgent = new http.Agent({ keepAlive: true, maxSockets: BLOG_CONNECTIONS });
  const eventAgent = new http.Agent({ keepAlive: true, maxSockets: EVENT_CONNECTIONS });
  const port = portOf(server);
  const readBlog = () =>
    send(blogAgent, port, { method: "GET", path: "/blog", headers: { Accept: "text/html", "Accept-Encoding": "br" } });
  try {
    // Warm-up: the blog page into its cache, the day's salt, JIT.
    await measureFor(2_000, BLOG_CONNECTIONS, readBlog);
    await measureFor(2_000, 8, (i) => send(eventAgent, port, viewEvent(VISITORS + (i % 50), i)));
    let cpu = cpuMsOf(server.pid);
    const blogAlone = await measureFor(5_000, BLOG_CONNECTIONS, readBlog);
    const cpuPerBlogMs = (cpuMsOf(server.pid) - cpu) / blogAlone.requests;
    const before = await settledEventCount(server, -1);

    let accepted = 0;
    const refused: Record<number, number> = {};
    const sendEvent = async (i: number) => {
      const status = await send(eventAgent, port, viewEvent(i % VISITORS, i));
      if (status >= 200 && status < 300) accepted++;
      else refused[status] = (refused[status] ?? 0) + 1;
      return status;
    };
    cpu = cpuMsOf(server.pid);
    const [events, blog] = await Promise.all([
      measureFor(durationMs, EVENT_CONNECTIONS, sendEvent),
      measureFor(durationMs, BLOG_CONNECTIONS, readBlog),
    ]);
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(", ");
    await settledEventCount(server, before + accepted);
    // After the queue is written: the events' share of the database's work is counted too.
    const cpuPerEventMs = (cpuMsOf(server.pid) - cpu - blog.requests * cpuPerBlogMs) / events.requests;
    // View ids apart from the first part's (i from a million); each visitor stays far below its limit.
    const [paced, blogPaced] = await Promise.all([
      pacedFor(durationMs, INGESTION_TARGET_PER_SECOND, 4 * EVENT_CONNECTIONS, (i) => sendEvent(1_000_000 + i)),
      measureFor(durationMs, BLOG_CONNECTIONS, readBlog),
    ]);
    const pacedLoad = loadavg()
      .map((value) => value.toFixed(2))
      .join(", ");
    const stored = (await settledEventCount(server, before + accepted)) - before;
    // A burst answered 2xx and SIGTERM at once: the graceful stop must write what is still queued
    // (up to a second's events); the server started again on the same data counts them.
    const beforeBurst = before + stored;
    let burst = 0;
    await Promise.all(
      Array.from({ length: SHUTDOWN_BURST }, async (_, k) => {
        const status = await send(eventAgent, port, viewEvent(k % VISITORS, 2_000_000 + k));
        if (status >= 200 && status < 300) burst++;
      }),
    );
    server.signal("SIGTERM");
    await server.exited;
    const again = await startServer(await freePort(), { ...SERVER_ENV, DATA_DIR: server.dataDir });
    let afterRestart: number;
    try {
      afterRestart = (await storedEventCount(again)) - beforeBurst;
    } finally {
      await again.stop();
    }
    return {
      shutdown: { burst, stored: afterRestart },
      blogAlone,
      blog,
      events,
      paced,
      blogPaced,
      accepted,
      refused,
      stored,
      cpuPerBlogMs,
      cpuPerEventMs,
      load,
      pacedLoad,
    };
  } finally {
    blogAgent.destroy();
    eventAgent.destroy();
    await server.stop();
  }
}

export function ingestionSection(r: IngestionResult, durationMs = 20_000): string {
  const refused = Object.entries(r.refused)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
  return [
    "## Analytics ingestion",
    "",
    `The production server on PGlite takes page-view events (\`POST /_a\`) from ${VISITORS.toLocaleString("en")} visitors (each its own User-Agent and address) for ${durationMs / 1000} s while ${BLOG_CONNECTIONS} connections read \`/blog\`: first as fast as ${EVENT_CONNECTIONS} keep-alive connections send them (each sends its next event once the last is answered: the most the server takes, every core busy), then ${INGESTION_TARGET_PER_SECOND.toLocaleString("en")} a second, each sent on time (\`/blog\`'s p99 at the issue's rate). Then the events in the database are counted once the queue has written them (scripts/bench/analytics.ts). Targets: ${INGESTION_TARGET_PER_SECOND.toLocaleString("en")} events/s, \`/blog\` p99 under ${BLOG_P99_TARGET_MS} ms, no event answered 2xx lost.`,
    "",
    "| measured | requests | per second | p50 | p99 |",
    "|---|---|---|---|---|",
    `| \`/blog\` alone | ${r.blogAlone.requests} | ${r.blogAlone.rps.toFixed(0)} | ${r.blogAlone.p50.toFixed(1)} ms | ${r.blogAlone.p99.toFixed(1)} ms |`,
    `| events | ${r.events.requests} | ${r.events.rps.toFixed(0)} | ${r.events.p50.toFixed(1)} ms | ${r.events.p99.toFixed(1)} ms |`,
    `| \`/blog\` beside them | ${r.blog.requests} | ${r.blog.rps.toFixed(0)} | ${r.blog.p50.toFixed(1)} ms | ${r.blog.p99.toFixed(1)} ms |`,
    `| events at ${INGESTION_TARGET_PER_SECOND.toLocaleString("en")}/s | ${r.paced.requests} | ${r.paced.rps.toFixed(0)} | ${r.paced.p50.toFixed(1)} ms | ${r.paced.p99.toFixed(1)} ms |`,
    `| \`/blog\` beside them | ${r.blogPaced.requests} | ${r.blogPaced.rps.toFixed(0)} | ${r.blogPaced.p50.toFixed(1)} ms | ${r.blogPaced.p99.toFixed(1)} ms |`,
    "",
    `Events answered 2xx: ${r.accepted.toLocaleString("en")}; stored: ${r.stored.toLocaleString("en")} (${r.stored === r.accepted ? "none lost" : `**${r.accepted - r.stored} missing**`}); refused: ${refused || "none"}. SIGTERM right after ${r.shutdown.burst.toLocaleString("en")} more answered 2xx: ${r.shutdown.stored.toLocaleString("en")} of them in the database when the server is started again (${r.shutdown.stored === r.shutdown.burst ? "none lost" : `**${r.shutdown.burst - r.shutdown.stored} missing**`}).`,
    `Server CPU time: ${r.cpuPerBlogMs.toFixed(2)} ms per \`/blog\` request alone, ${r.cpuPerEventMs.toFixed(3)} ms per event as fast as they come (written included, \`/blog\`'s share beside them taken off); load average after each part: ${r.load}; ${r.pacedLoad}.`,
  ].join("\n");
}

/**
 * The CPU time one event costs, less sensitive to a busy machine than events per second: the
 * analytics' routes on a Hono app in this process (no sockets) with the real queue writing to
 * PGlite, `events` page views from 2,000 visitors 32 at a time, until all are written.
 */
export async function benchIngestionCpu(events = 20_000): Promise<string> {
  const t = await startTestBackend("pglite");
  try {
    const store = analyticsStore(
      {
        url: TEST_SITE_URL,
        anonKey: t.backend.anonKey,
        serviceRoleKey: t.backend.serviceRoleKey,
        fetch: (input, init) => t.backend.fetch(new Request(input, init)),
        publicUrl: null,
      },
      "pglite",
      t.backend.db,
    );
    const analytics = createAnalytics({
      siteUrl: "https://omnia.com.br",
      salts: (day) => store.salts(day),
      write: (batch) => store.write(batch),
      isPermanent: store.isPermanent,
    });
    const app = new Hono();
    app.use("*", clientIpMiddleware(1));
    analytics.register(app);
    const sendAll = async (from: number, count: number) => {
      for (let i = from; i < from + count; i += EVENT_CONNECTIONS) {
        await Promise.all(
          Array.from({ length: Math.min(EVENT_CONNECTIONS, from + count - i) }, async (_, k) => {
            const { headers, body } = viewEvent((i + k) % VISITORS, i + k);
            const answer = await app.request("/_a", {
              method: "POST",
              headers: { ...headers, Host: "omnia.com.br" },
              body,
            });
            if (answer.status !== 204) throw new Error(`bench: an event answered ${answer.status}`);
          }),
        );
      }
      await analytics.queue.flush();
    };
    await sendAll(0, 2_000); // warm-up: JIT, the salt, the User-Agents
    const started = process.cpuUsage();
    const wall = performance.now();
    await sendAll(2_000, events);
    const { user, system } = process.cpuUsage(started);
    const seconds = (performance.now() - wall) / 1000;
    await analytics.stop();
    const perEvent = (user + system) / 1000 / events;
    return `In process (no sockets): ${events.toLocaleString("en")} events cost ${perEvent.toFixed(3)} ms of CPU each, written included (${(events / seconds).toFixed(0)} events/s on one thread; load average ${loadavg()[0]!.toFixed(2)}).`;
  } finally {
    await t.close();
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * `events` rows over the 30 days up to now, four per visit (a view from outside, its
 * engagement with Web Vitals, a second page, its engagement or every 50th visit a lead), as
 * visitors of several channels, campaigns, devices and browsers would leave them.
 */
const SEED_SQL = `
INSERT INTO public.analytics_events (at, day, visitor, kind, view_id, page, path, referrer_host, utm_source,
  utm_medium, utm_campaign, channel, source, device, browser, os, screen, engaged_ms, lcp, inp, cls, fcp, ttfb, form)
SELECT at, (at AT TIME ZONE 'America/Sao_Paulo')::date, md5('visitor' || v), kind,
       CASE WHEN kind <> 'lead' THEN 'v' || v || '-' || (i / 2) END,
       page, page || CASE WHEN i = 0 AND ch IN ('email', 'paid') THEN '?utm_campaign=campanha-' || (v % 20) ELSE '' END,
       CASE WHEN i = 0 AND ch IN ('search', 'social', 'referral') THEN
         (ARRAY['www.google.com', 'l.instagram.com', 'parceiro.example'])[CASE ch WHEN 'search' THEN 1 WHEN 'social' THEN 2 ELSE 3 END] END,
       CASE WHEN i = 0 AND ch IN ('email', 'paid') THEN (CASE ch WHEN 'email' THEN 'newsletter' ELSE 'google' END) END,
       CASE WHEN i = 0 AND ch = 'paid' THEN 'cpc' END,
       CASE WHEN i = 0 AND ch IN ('email', 'paid') THEN 'campanha-' || (v % 20) END,
       CASE WHEN i = 0 THEN ch ELSE 'internal' END,
       CASE WHEN i = 0 THEN (CASE ch WHEN 'search' THEN 'Google' WHEN 'social' THEN 'Instagram' WHEN 'email' THEN 'newsletter'
                                      WHEN 'paid' THEN 'google' WHEN 'referral' THEN 'parceiro.example' END) END,
       (ARRAY['mobile', 'desktop', 'tablet'])[1 + v % 3], (ARRAY['Chrome', 'Safari', 'Firefox', 'Edge'])[1 + v % 4],
       (ARRAY['Android', 'iOS', 'Windows', 'macOS'])[1 + (v / 3) % 4], (ARRAY[360, 390, 768, 1280])[1 + v % 4],
       CASE WHEN kind = 'engagement' THEN 1000 + (g * 37) % 60000 END,
       CASE WHEN kind = 'engagement' THEN 800 + (g * 13) % 4000 END,
       CASE WHEN kind = 'engagement' THEN 40 + (g * 7) % 600 END,
       CASE WHEN kind = 'engagement' THEN ((g * 11) % 40) / 100.0 END,
       CASE WHEN kind = 'engagement' THEN 500 + (g * 17) % 2500 END,
       CASE WHEN kind = 'engagement' THEN 50 + (g * 19) % 900 END,
       CASE WHEN kind = 'lead' THEN (ARRAY['demo', 'contact'])[1 + v % 2] END
  FROM (
    SELECT g, v, i, ch,
           CASE WHEN i IN (0, 2) THEN 'view' WHEN i = 3 AND v % 50 = 0 THEN 'lead' ELSE 'engagement' END AS kind,
           (ARRAY['/', '/precos', '/recursos', '/sobre', '/blog', '/contato', '/integracoes', '/casos-de-sucesso',
                  '/seguranca', '/blog/post-' || (v % 40), '/blog/post-' || (v % 7), '/solicitar-demo'])
             [1 + (CASE WHEN i < 2 THEN v ELSE v * 7 + 3 END) % 12] AS page,
           now() - make_interval(secs => (v::double precision / $2) * 30 * 86400 + 200 - i * 40) AS at
      FROM (SELECT g, g / 4 AS v, g % 4 AS i,
                   (ARRAY['direct', 'search', 'social', 'email', 'paid', 'referral'])[1 + (g / 4) % 6] AS ch
              FROM generate_series(0, $1::int - 1) AS g) AS s
  ) AS e`;

const DIMENSIONS: Dimension[] = ["page", "entry_page", "channel", "source", "campaign", "device", "browser", "os"];

/** Each panel's own call, as the tab made them before ADR 091: twelve at once. */
function panels(client: AppSupabaseClient, filters: AnalyticsFilters): [string, () => Promise<unknown>][] {
  const period = presetPeriod("month");
  return [
    ["summary", () => fetchSummary(client, period, filters)],
    ["chart", () => fetchTimeseries(client, period, filters)],
    ["Web Vitals", () => fetchVitals(client, period, filters)],
    ["visitors now", () => fetchVisitorsNow(client)],
    ...DIMENSIONS.map((dimension): [string, () => Promise<unknown>] => [
      dimension,
      () => fetchBreakdown(client, dimension, period, filters),
    ]),
  ];
}

/** What the tab asks when it opens: every panel in one call (ADR 091). */
const openTab = (client: AppSupabaseClient, filters: AnalyticsFilters) => () =>
  fetchDashboard(client, presetPeriod("month"), filters);

const p95 = (times: number[]) => times.toSorted((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;
const load = () => loadavg()[0]!.toFixed(1);

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** A process's /proc stat fields from its state on (state, ppid, … utime at 11, stime at 12). */
function statOf(pid: number | string): number[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
}

/**
 * CPU time (ms) the database has used: on PGlite this process's, on PostgreSQL its server's
 * (the postmaster, the backends it reaped and those alive), read from /proc.
 */
async function databaseCpuMs(t: TestBackend): Promise<number> {
  if (t.kind === "pglite") {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  const { rows } = await t.backend.db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const postmaster = statOf(rows[0]!.pid)[1]!;
  const own = statOf(postmaster);
  let ticks = own[11]! + own[12]! + own[13]! + own[14]!;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = statOf(entry);
      if (stat[1] === postmaster) ticks += stat[11]! + stat[12]!;
    } catch {
      // The process ended while the list was read.
    }
  }
  return ticks * 10;
}

/** p95 of `runs` calls, and the database's CPU time per call. */
async function measure(
  t: TestBackend,
  runs: number,
  run: () => Promise<unknown>,
): Promise<{ p95: number; cpu: number }> {
  await run(); // warm-up: plans, schema cache, pages
  const times: number[] = [];
  const cpu = await databaseCpuMs(t);
  for (let i = 0; i < runs; i++) times.push(await timed(run));
  return { p95: p95(times), cpu: ((await databaseCpuMs(t)) - cpu) / runs };
}

const VIEWS: [string, AnalyticsFilters][] = [
  ["", {}],
  [" (filtered: e-mail)", { channel: "email" }],
];
const COLD_ROUNDS = 3;

/**
 * PGlite's autovacuum (ADR 105), which holds every other query while it runs: its first pass over
 * the seeded events (a server that gathered them over 30 days spreads this over many passes), then
 * the pass after retention deleted the raw events of the eight oldest days, past the fifth of the
 * table autovacuum waits for (with 90 days kept, one day in eighteen).
 */
async function autovacuumPasses(t: TestBackend): Promise<string | null> {
  const { autovacuum } = t.backend;
  if (!autovacuum) return null;
  let started = performance.now();
  const first = await autovacuum.runPass();
  const firstMs = performance.now() - started;
  const { data, error } = await t
    .client(t.backend.serviceRoleKey)
    .rpc("analytics_maintain", { p_retention_days: 22, p_refresh_open_days: false });
  if (error) throw new Error(error.message);
  const deleted = (data as { events_deleted: number }).events_deleted;
  started = performance.now();
  const next = await autovacuum.runPass();
  const nextMs = performance.now() - started;
  const line = `autovacuum: first pass ${firstMs.toFixed(0)} ms (${first.vacuumed.length} tables vacuumed, ${first.analyzed.length} analyzed); after retention deleted ${deleted.toLocaleString("en")} events, ${nextMs.toFixed(0)} ms (${next.vacuumed.join(", ") || "nothing"} vacuumed)`;
  console.log(line);
  return line;
}

async function benchDashboardOn(kind: DbKind, events: number, runs: number): Promise<string[]> {
  const t = await startTestBackend(kind);
  try {
    let started = performance.now();
    await t.backend.db.query(SEED_SQL, [events, events / 4]);
    const seeded = performance.now() - started;
    started = performance.now();
    const { data, error } = await t.client(t.backend.serviceRoleKey).rpc("analytics_maintain", {
      p_retention_days: 90,
    });
    if (error) throw new Error(error.message);
    const rolledUp = performance.now() - started;
    console.log(
      `${kind}: ${events} events seeded in ${seeded.toFixed(0)} ms; rollup ${JSON.stringify(data)} in ${rolledUp.toFixed(0)} ms`,
    );
    // What the upkeep and an opening tab pay once a minute when events arrived: today rewritten.
    await t.backend.db.query(
      `INSERT INTO public.analytics_events (day, visitor, kind, page, path, channel)
       VALUES (public.analytics_today(), md5('one more'), 'view', '/', '/', 'direct')`,
    );
    // As a minute later: the server spaces two rewrites of a day asked by the dashboard.
    await t.backend.db.query(
      "UPDATE public.analytics_rollups SET rolled_at = now() - interval '1 minute' WHERE NOT final",
    );
    let { client } = await t.user("bench-analytics@example.com", { admin: true });
    started = performance.now();
    const refresh = await client.rpc("analytics_refresh");
    if (refresh.error || refresh.data !== 1) throw new Error(`bench: refresh answered ${JSON.stringify(refresh)}`);
    const refreshed = performance.now() - started;
    console.log(`${kind}: today's rollup rewritten in ${refreshed.toFixed(0)} ms`);
    const upkeep = await autovacuumPasses(t);

    // Cold: the first tab opened after the server starts (no plan or cache of this process).
    const cold: number[] = [];
    for (let round = 0; round < COLD_ROUNDS; round++) {
      await t.restart();
      ({ client } = await t.user(`bench-analytics-${round}@example.com`, { admin: true }));
      cold.push(await timed(openTab(client, {})));
    }
    console.log(
      `${kind}: first tab after a restart: ${cold.map((ms) => ms.toFixed(0)).join(", ")} ms (load ${load()})`,
    );

    const rows: string[] = [];
    for (const [label, filters] of VIEWS) {
      const now = await measure(t, runs, openTab(client, filters));
      const list = panels(client, filters);
      const before = await measure(t, runs, () => Promise.all(list.map(([, run]) => run())));
      console.log(
        `${kind}${label}: one call p95 ${now.p95.toFixed(0)} ms, CPU ${now.cpu.toFixed(1)} ms; twelve at once p95 ${before.p95.toFixed(0)} ms, CPU ${before.cpu.toFixed(1)} ms (load ${load()})`,
      );
      const coldWithin = label !== "" || Math.max(...cold) < PANEL_P95_TARGET_MS;
      const within = now.p95 < PANEL_P95_TARGET_MS && coldWithin;
      rows.push(
        `| ${kind}${label} | ${events.toLocaleString("en")} | ${label ? "" : `${Math.max(...cold).toFixed(0)} ms`} | ${now.p95.toFixed(0)} ms (${now.cpu.toFixed(0)} ms CPU) | ${before.p95.toFixed(0)} ms (${before.cpu.toFixed(0)} ms CPU) | ${within ? "within" : "OVER"} ${PANEL_P95_TARGET_MS} ms |`,
      );
    }
    rows.push(
      `| ${kind}: seeding; rolling up the closed days; rewriting today | | ${seeded.toFixed(0)} ms; ${rolledUp.toFixed(0)} ms; ${refreshed.toFixed(0)} ms | | | |`,
    );
    if (upkeep) rows.push(`| ${kind}: ${upkeep} | | | | | |`);
    return rows;
  } finally {
    await t.close();
  }
}

export async function benchDashboard(events = 1_000_000, runs = 20): Promise<string> {
  const rows: string[] = [];
  const loads: string[] = [load()];
  for (const kind of DB_KINDS.toReversed()) {
    console.log(`analytics dashboard benchmark on ${kind} (${events} events)…`);
    rows.push(...(await benchDashboardOn(kind, events, runs)));
    loads.push(load());
  }
  return [
    "## Analytics dashboard",
    "",
    `"Análises" over 30 days of ${events.toLocaleString("en")} events (four per visit; closed days rolled up and today's provisional rollup written as the upkeep does, ADR 087), in process (scripts/bench/analytics.ts). Every panel of the tab comes in one call (ADR 091), so each panel answers when that call does: the figure is the p95 of ${runs} tab openings, and the first opening after a restart (cold, the slowest of ${COLD_ROUNDS}). Beside it, the twelve calls the tab made before, at once, until the last answers. CPU is the database's per opening (on PGlite this process's, the REST layer's included; on PostgreSQL its server processes'). Target: every panel under ${PANEL_P95_TARGET_MS} ms (p95). Load average: ${loads.join(", ")}.`,
    "",
    "| database | events | every panel, cold | every panel, p95 | twelve calls at once, p95 | target |",
    "|---|---|---|---|---|---|",
    ...rows,
    ...(POSTGRES_SKIP_REASON ? ["", `PostgreSQL not measured: ${POSTGRES_SKIP_REASON}.`] : []),
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------

/** Two production servers on one throwaway PostgreSQL; one visitor's views alternate between them. */
export async function benchTwoInstances(): Promise<string> {
  const reason = postgresUnavailableReason();
  if (reason) return `## Analytics on two instances\n\nNot measured: ${reason}.`;
  const cluster = await startPostgresCluster();
  const env = { DATABASE_URL: cluster.url, TRUST_PROXY: "1", LOG_LEVEL: "warn" };
  try {
    const first = await startServer(await freePort(), env);
    const second = await startServer(await freePort(), { ...env, DATA_DIR: first.dataDir });
    try {
      const agent = new http.Agent({ keepAlive: true });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const server = i % 2 === 0 ? first : second;
        statuses.push(await send(agent, portOf(server), viewEvent(7, i)));
      }
      agent.destroy();
      // Read straight from the database: with DATABASE_URL the keys are not in the data directory.
      const db = new pg.Client({ connectionString: cluster.url });
      await db.connect();
      let visitors: string[] = [];
      const deadline = performance.now() + 15_000;
      try {
        while (performance.now() < deadline) {
          const { rows } = await db.query<{ visitor: string }>("select visitor from public.analytics_events");
          visitors = rows.map((row) => row.visitor);
          if (visitors.length >= 20) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } finally {
        await db.end();
      }
      const distinct = new Set(visitors).size;
      return [
        "## Analytics on two instances",
        "",
        `Two production servers on one PostgreSQL; one visitor (one address and User-Agent) sends 20 page views, alternating between them: ${statuses.filter((s) => s === 204).length} answered 204${statuses.some((s) => s !== 204) ? ` (others: ${statuses.filter((s) => s !== 204).join(", ")})` : ""}, ${visitors.length} stored, under **${distinct}** visitor${distinct === 1 ? "" : "s"} (the day's salt is shared in the database).`,
      ].join("\n");
    } finally {
      await second.stop();
      await first.stop();
    }
  } finally {
    await cluster.stop();
  }
}

// Runnable alone: `node scripts/bench/analytics.ts [ingestion|ingestion-cpu|dashboard|instances]
// [--section-file F]`
if (import.meta.main) {
  const [which, events, runs] = sectionArgs();
  const sections: string[] = [];
  if (!which || which === "ingestion") sections.push(ingestionSection(await benchIngestion()));
  if (!which || which === "ingestion" || which === "ingestion-cpu") sections.push(await benchIngestionCpu());
  if (!which || which === "instances") sections.push(await benchTwoInstances());
  if (!which || which === "dashboard")
    sections.push(await benchDashboard(Number(events ?? 1_000_000), Number(runs ?? 20)));
  emitSection(sections.join("\n\n"));
}
