// The lead forms still store leads now that only the server may insert them (ADR 037): the
// real route actions, a real backend (PGlite, and PostgreSQL where its binaries exist) and the
// rows read back with the service role. Also which submissions the per-address limit counts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as contactAction, middleware as contactMiddleware } from "~/routes/site/contato";
import { action as demoAction, loader as demoLoader, middleware as demoMiddleware } from "~/routes/site/solicitar-demo";
import { POSTGRES_SKIP_REASON, startTestBackend, TEST_SITE_URL } from "../../server/backend/testing/backend.ts";
import type { TestBackend } from "../../server/backend/testing/backend.ts";
import { skipWhen } from "../../server/backend/testing/skip.ts";
import { createRateLimiters, type RateLimiters } from "../../server/http/rate-limits.ts";
import { backendContext } from "./backend-context";
import { requestContext } from "./request-context";
import { siteContext } from "./site-context";
import { PLACEHOLDER_SETTINGS } from "./site-settings";

// Only request and context are read; the routes' generated argument types need not be built in full.
type LeadAction = (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<unknown>;

// Each submission from its own address, so the forms' per-IP rate limit never decides a test
// unless it passes its own limiters and address. The server's limiter, as server/app.ts wires it.
let nextIp = 1;
const serverLimiters = createRateLimiters();

function contextFor(
  t: TestBackend,
  keys: { serviceRoleKey?: string } = {},
  client: { ip?: string; limiters?: RateLimiters } = {},
) {
  const clientIp = client.ip ?? `192.0.2.${nextIp++}`;
  const limiters = client.limiters ?? serverLimiters;
  const context = new RouterContextProvider();
  context.set(backendContext, {
    url: TEST_SITE_URL,
    anonKey: t.backend.anonKey,
    serviceRoleKey: keys.serviceRoleKey ?? t.backend.serviceRoleKey,
    fetch: (input, init) => t.backend.fetch(new Request(input, init)),
    publicUrl: null,
  });
  context.set(requestContext, { clientIp, rateLimit: (bucket) => limiters[bucket].take(clientIp) });
  context.set(siteContext, { origin: TEST_SITE_URL, year: 2026, settings: PLACEHOLDER_SETTINGS });
  return context;
}

function formPost(path: string, fields: Record<string, string>): Request {
  return new Request(`${TEST_SITE_URL}${path}`, {
    method: "POST",
    headers: { Origin: TEST_SITE_URL },
    body: new URLSearchParams(fields),
  });
}

async function submit(action: unknown, request: Request, context: RouterContextProvider) {
  const result = await (action as LeadAction)({ request, context, params: {} });
  // Success is a 303 to the confirmation (post/redirect/get); the rest are data() answers:
  // the payload and the response's status.
  if (result instanceof Response) {
    return { status: "success", httpStatus: result.status, location: result.headers.get("Location") };
  }
  const { data, init } = result as unknown as { data: { status: string }; init: ResponseInit | null };
  const retryAfter = new Headers(init?.headers).get("Retry-After");
  return { status: data.status, httpStatus: init?.status ?? 200, ...(retryAfter ? { retryAfter } : {}) };
}

describe.each(["pglite", "postgres"] as const)("lead forms on %s", (kind) => {
  describe("store leads through the server", skipWhen(kind === "postgres" ? POSTGRES_SKIP_REASON : null), () => {
    let t: TestBackend;
    let service: SupabaseClient;

    async function leadsFrom(email: string) {
      const { data, error } = await service.from("contact_messages").select("*").eq("email", email);
      if (error) throw new Error(error.message);
      return data;
    }

    beforeAll(async () => {
      t = await startTestBackend(kind);
      service = t.client(t.backend.serviceRoleKey);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("stores a contact message sent through /contato", async () => {
      const email = `contato-${kind}@empresa.example`;
      const before = Date.now();
      const answer = await submit(
        contactAction,
        formPost("/contato", {
          name: "Maria Silva",
          email,
          company: "Empresa Exemplo",
          phone: "+55 11 99999-0000",
          subject: "comercial",
          message: "Quero conhecer o plano Scale para minha equipe.",
          website: "",
        }),
        contextFor(t),
      );
      expect(answer).toEqual({
        status: "success",
        httpStatus: 303,
        location: "/contato?enviado=1#form-contato-titulo",
      });
      const rows = await leadsFrom(email);
      expect(rows).toEqual([
        expect.objectContaining({
          name: "Maria Silva",
          company: "Empresa Exemplo",
          phone: "+55 11 99999-0000",
          subject: "comercial",
          message: "Quero conhecer o plano Scale para minha equipe.",
          plan: null,
          page: "/contato",
          handled_at: null,
        }),
      ]);
      expect(Date.parse(rows[0].created_at)).toBeGreaterThanOrEqual(before - 60_000);
    });

    it("stores a demo request with the page it was sent from", async () => {
      const email = `demo-${kind}@empresa.example`;
      const answer = await submit(
        demoAction,
        formPost("/solicitar-demo", { name: "João Souza", email, plan: "business", page: "/precos" }),
        contextFor(t),
      );
      expect(answer).toEqual({
        status: "success",
        httpStatus: 303,
        location: "/solicitar-demo?enviado=1&pagina=%2Fprecos",
      });
      expect(await leadsFrom(email)).toEqual([
        expect.objectContaining({ name: "João Souza", subject: "demo", plan: "business", page: "/precos" }),
      ]);
    });

    it("answers the enhancement module's fetch (Accept: application/json) with the verdict as JSON", async () => {
      type Middleware = (args: object, next: () => Promise<Response>) => Promise<Response>;
      const page = new Response("the page");
      const next = () => Promise.resolve(page);
      const call = (middleware: unknown, request: Request, context = contextFor(t)) =>
        (middleware as Middleware[])[0]!({ request, context, params: {} }, next);
      const jsonPost = (path: string, fields: Record<string, string>) => {
        const request = formPost(path, fields);
        request.headers.set("Accept", "application/json");
        return request;
      };

      const email = `json-${kind}@empresa.example`;
      const sent = await call(
        demoMiddleware,
        jsonPost("/solicitar-demo", { name: "Rita Alves", email, page: "/sobre" }),
      );
      expect(sent.status).toBe(200);
      expect(sent.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(sent.headers.get("Cache-Control")).toBe("no-store");
      expect(await sent.json()).toEqual({ status: "success", page: "/sobre" });
      expect(await leadsFrom(email)).toEqual([expect.objectContaining({ subject: "demo", page: "/sobre" })]);

      const invalid = await call(contactMiddleware, jsonPost("/contato", { name: "R", email: "rita@", subject: "x" }));
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toEqual({
        status: "invalid",
        errors: { name: "tooShort", email: "invalid", subject: "invalid", message: "required" },
        values: { name: "R", email: "rita@", company: "", phone: "", subject: "x", message: "", plan: "" },
        page: "/contato",
      });

      // One attempt, spent by a bot (told it worked, nothing stored): the next is refused.
      const limiters = createRateLimiters({ limits: { leads: { max: 1, windowMs: 60_000 } } });
      const bot = () => jsonPost("/solicitar-demo", { name: "Rita Alves", email, website: "x" });
      const client = { ip: `203.0.113.${kind === "pglite" ? 1 : 2}`, limiters };
      expect((await call(demoMiddleware, bot(), contextFor(t, {}, client))).status).toBe(200);
      const limited = await call(demoMiddleware, bot(), contextFor(t, {}, client));
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toBe("60");
      expect(await limited.json()).toMatchObject({ status: "rate-limited", retryAfterSeconds: 60 });

      // A plain form POST and a GET go on to the action and the page.
      expect(await call(contactMiddleware, formPost("/contato", {}))).toBe(page);
      expect(await call(contactMiddleware, new Request(`${TEST_SITE_URL}/contato`))).toBe(page);
      expect(await leadsFrom(email)).toHaveLength(1);
    });

    it("cannot store a lead with the public key alone: the answer is the form's error, nothing is stored", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const email = `anon-only-${kind}@empresa.example`;
      const answer = await submit(
        contactAction,
        formPost("/contato", {
          name: "Ana Lima",
          email,
          subject: "suporte",
          message: "Preciso de ajuda com a integração.",
        }),
        contextFor(t, { serviceRoleKey: t.backend.anonKey }),
      );
      expect(answer).toEqual({ status: "error", httpStatus: 503 });
      expect(logged).toHaveBeenCalled();
      expect(await leadsFrom(email)).toEqual([]);
      logged.mockRestore();
    });

    it("counts honeypot and valid submissions against the limit, never invalid ones", async () => {
      let now = 1_000_000_000;
      const limiters = createRateLimiters({ now: () => now, limits: { leads: { max: 2, windowMs: 10 * 60_000 } } });
      const client = { ip: `198.51.100.${kind === "pglite" ? 1 : 2}`, limiters };
      const send = (action: unknown, path: string, fields: Record<string, string>) =>
        submit(action, formPost(path, fields), contextFor(t, {}, client));
      const email = `limite-${kind}@empresa.example`;
      const valid = { name: "Paula Reis", email, plan: "basic", page: "/precos" };
      const typo = { ...valid, email: "paula.empresa.example" };
      const bot = { ...valid, email: `robo-${kind}@spam.example`, website: "https://spam.example" };

      // Mistakes cost nothing, however many.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(await send(demoAction, "/solicitar-demo", typo)).toEqual({ status: "invalid", httpStatus: 400 });
      }
      // A bot is told it worked and nothing is stored, but it used one of the two attempts.
      const sent = { status: "success", httpStatus: 303, location: "/solicitar-demo?enviado=1&pagina=%2Fprecos" };
      expect(await send(demoAction, "/solicitar-demo", bot)).toEqual(sent);
      expect(await send(demoAction, "/solicitar-demo", valid)).toEqual(sent);
      // The budget is spent, for both forms; the refused lead is not stored.
      const refused = { status: "rate-limited", httpStatus: 429, retryAfter: "600" };
      expect(await send(demoAction, "/solicitar-demo", valid)).toEqual(refused);
      expect(
        await send(contactAction, "/contato", { ...valid, subject: "comercial", message: "Quero uma proposta." }),
      ).toEqual(refused);
      expect(await send(demoAction, "/solicitar-demo", bot)).toEqual(refused);
      // Over the limit a typo is still explained rather than refused.
      expect(await send(demoAction, "/solicitar-demo", typo)).toEqual({ status: "invalid", httpStatus: 400 });
      expect(await leadsFrom(email)).toEqual([expect.objectContaining({ subject: "demo", page: "/precos" })]);
      expect(await leadsFrom(bot.email)).toEqual([]);

      now += 20 * 60_000; // two windows later
      expect(await send(demoAction, "/solicitar-demo", valid)).toEqual(sent);
    });
  });
});

const loadDemoConfirmation = (query: string) =>
  (demoLoader as unknown as (args: { request: Request }) => { sent: unknown })({
    request: new Request(`${TEST_SITE_URL}/solicitar-demo${query}`),
  });

describe("the confirmation after a no-JavaScript submission (/solicitar-demo's loader)", () => {
  const load = loadDemoConfirmation;

  it("shows the confirmation with a link back to a page of this site only", () => {
    expect(load("")).toEqual({ sent: null });
    expect(load("?enviado=1&pagina=%2Fprecos")).toEqual({ sent: { status: "success", page: "/precos" } });
    for (const hostile of ["https://evil.example", "//evil.example", "/.//evil.example", "javascript:alert(1)"]) {
      expect(load(`?enviado=1&pagina=${encodeURIComponent(hostile)}`)).toEqual({
        sent: { status: "success", page: "/" },
      });
    }
  });
});
