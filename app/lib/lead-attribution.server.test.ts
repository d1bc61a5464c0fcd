// A lead knows where it came from (docs/decisions/073-cookieless-analytics.md): the real lead form
// submission (app/lib/leads.server.ts) behind the server's real analytics routes, on a real
// backend (PGlite, and PostgreSQL where its binaries exist), as server/app.ts wires them: the
// visitor's views of the day give the first and last touch; without views, the form's own page.
import type { SupabaseClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyticsStore } from "../../server/analytics/backend.ts";
import { createAnalytics, type Analytics } from "../../server/analytics/index.ts";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../server/backend/testing/describe-each-database.ts";
import { clientIpMiddleware, clientIpOf } from "../../server/http/client-ip.ts";
import { backendContext } from "./backend-context";
import { submitLead } from "./leads.server";
import { requestContext } from "./request-context";
import { siteContext } from "./site-context";
import { PLACEHOLDER_SETTINGS } from "./site-settings";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SITE = "https://omnia.com.br";

describeEachDatabase("a lead's attribution", (kind) => {
  let t: TestBackend;
  let analytics: Analytics;
  let app: Hono;
  let service: SupabaseClient;
  let nextAddress = 1;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    service = t.client(t.backend.serviceRoleKey);
    const access = {
      url: TEST_SITE_URL,
      anonKey: t.backend.anonKey,
      serviceRoleKey: t.backend.serviceRoleKey,
      fetch: (input: RequestInfo | URL, init?: RequestInit) => t.backend.fetch(new Request(input, init)),
      publicUrl: null,
    };
    const store = analyticsStore(access, kind);
    // Written only when asked: a lead's request must write what its visitor's views left queued.
    analytics = createAnalytics({
      siteUrl: SITE,
      salts: (day) => store.salts(day),
      write: (batch) => store.write(batch),
      queue: { intervalMs: 60_000 },
      log: () => {},
    });
    app = new Hono();
    app.use("*", clientIpMiddleware(1));
    analytics.register(app);
    app.post("/solicitar-demo", async (c) => {
      const context = new RouterContextProvider();
      context.set(backendContext, access);
      context.set(siteContext, { origin: SITE, year: 2026, settings: PLACEHOLDER_SETTINGS });
      context.set(requestContext, {
        clientIp: clientIpOf(c),
        rateLimit: () => ({ allowed: true, retryAfterSeconds: 0 }),
        analytics: analytics.forRequest(c),
      });
      const answer = await submitLead(c.req.raw, context, "demo", "/");
      return Response.json(answer.result, { status: answer.status });
    });
  });
  afterAll(async () => {
    await analytics?.stop();
    await t?.close();
  });

  function visitor(userAgent = CHROME) {
    const headers = { "User-Agent": userAgent, "X-Forwarded-For": `198.51.100.${nextAddress++}`, Host: "omnia.com.br" };
    return {
      view: (u: string, r = "") =>
        app.request("/_a", {
          method: "POST",
          headers: { ...headers, "Content-Type": "text/plain;charset=UTF-8" },
          body: JSON.stringify({ k: "v", i: `v${Math.random().toString(36).slice(2)}`, u, r }),
        }),
      pixel: (page: string) => app.request("/_a.gif", { headers: { ...headers, Referer: `${SITE}${page}` } }),
      demo: (email: string, page: string, referer: string) =>
        app.request("/solicitar-demo", {
          method: "POST",
          headers: { ...headers, Referer: `${SITE}${referer}`, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ name: "Ana Souza", email, page }),
        }),
    };
  }

  async function attributionOf(email: string) {
    const { data, error } = await service.from("contact_messages").select("attribution").eq("email", email).single();
    if (error) throw new Error(error.message);
    return (data as { attribution: Record<string, Record<string, unknown>> }).attribution;
  }

  it("takes the first touch from the day's first view and the last from the last arrival", async () => {
    const ana = visitor();
    for (const [url, referrer] of [
      ["/?utm_source=newsletter&utm_campaign=dezembro", ""],
      ["/recursos", `${SITE}/`],
      ["/precos", "https://www.google.com/"],
      ["/contato", `${SITE}/precos`],
    ]) {
      expect((await ana.view(url!, referrer)).status).toBe(204);
    }
    // The views are still queued: the lead's request writes them before reading them.
    expect(analytics.queue.pending).toBeGreaterThanOrEqual(4);
    const email = `primeiro-ultimo-${kind}@empresa.example`;
    expect((await ana.demo(email, "/contato", "/contato")).status).toBe(200);
    expect(await attributionOf(email)).toEqual({
      first: {
        landing_page: "/",
        referrer: null,
        utm_source: "newsletter",
        utm_medium: null,
        utm_campaign: "dezembro",
        utm_term: null,
        utm_content: null,
        click_id: null,
        pages_before: 4,
        source: "newsletter",
        channel: "email",
      },
      last: {
        landing_page: "/precos",
        referrer: "www.google.com/",
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        click_id: null,
        pages_before: 2,
        source: "Google",
        channel: "search",
      },
    });
    // The lead is the visit's conversion.
    await analytics.queue.flush();
    const { rows } = await t.backend.db.query<{ visitor: string; kind: string; form: string | null }>(
      "select visitor, kind, form from public.analytics_events where visitor in (select visitor from public.analytics_events where path = '/?utm_source=newsletter&utm_campaign=dezembro') order by id",
    );
    expect(rows.map((row) => row.kind)).toEqual(["view", "view", "view", "view", "lead"]);
    expect(rows.at(-1)?.form).toBe("demo");
  });

  it("counts a visitor without JavaScript by the pixel's views", async () => {
    const bia = visitor();
    expect((await bia.pixel("/sobre?utm_source=linkedin&utm_campaign=q4")).status).toBe(200);
    expect((await bia.pixel("/precos")).status).toBe(200);
    const email = `sem-js-pixel-${kind}@empresa.example`;
    await bia.demo(email, "/precos", "/precos");
    expect((await attributionOf(email)).first).toMatchObject({
      landing_page: "/sobre",
      utm_source: "LinkedIn",
      utm_campaign: "q4",
      channel: "social",
      pages_before: 2,
    });
  });

  it("keeps a visitor without JavaScript on the campaign that brought them: moving inside the site is no new touch", async () => {
    const davi = visitor();
    expect((await davi.pixel("/precos?utm_source=google&utm_medium=cpc&utm_campaign=marca")).status).toBe(200);
    expect((await davi.pixel("/contato")).status).toBe(200);
    const email = `sem-js-ultimo-toque-${kind}@empresa.example`;
    expect((await davi.demo(email, "/contato", "/contato")).status).toBe(200);
    const attribution = await attributionOf(email);
    expect(attribution.last).toEqual(attribution.first);
    expect(attribution.first).toEqual({
      landing_page: "/precos",
      referrer: null,
      utm_source: "Google",
      utm_medium: "cpc",
      utm_campaign: "marca",
      utm_term: null,
      utm_content: null,
      click_id: null,
      pages_before: 2,
      source: "Google",
      channel: "paid",
    });
  });

  it("falls back to the form's own page and its campaign tags when no view was counted", async () => {
    const carla = visitor();
    const email = `sem-visitas-${kind}@empresa.example`;
    await carla.demo(email, "/seguranca", "/seguranca?utm_source=parceiro&utm_campaign=webinar");
    expect(await attributionOf(email)).toEqual({
      first: expect.objectContaining({
        landing_page: "/seguranca",
        utm_source: "parceiro",
        utm_campaign: "webinar",
        channel: "referral",
        pages_before: 1,
      }),
      last: expect.objectContaining({ landing_page: "/seguranca" }),
    });
    // A bot's lead (past the honeypot) is stored with its form's page and counts no conversion.
    const pending = analytics.queue.pending;
    const bot = `robo-${kind}@empresa.example`;
    await visitor(GOOGLEBOT).demo(bot, "/precos", "/precos");
    expect((await attributionOf(bot)).first).toMatchObject({ landing_page: "/precos", channel: "direct" });
    expect(analytics.queue.pending).toBe(pending);
  });
});
