// The preview route's action against a real backend (PGlite, and PostgreSQL where its binaries
// exist): who may use it (admins only, asked of the database), what it refuses before reading
// a body, and that no pathological body makes it fail with a 5xx.
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routerContextFor } from "~/lib/backend-context.testing";
import { PATHOLOGICAL_DEFAULT_SIZE, pathologicalInputs } from "~/lib/markdown-pathological.server";
import { startTestBackend, TEST_SITE_URL } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import type { TestBackend } from "../../../server/backend/testing/backend.ts";
import { action, loader } from "./preview";

// Only request and context are read; the generated argument types need not be built in full.
type Handler = (args: { request: Request; context: RouterContextProvider; params: object }) => unknown;

const PREVIEW_URL = `${TEST_SITE_URL}/admin/preview`;

const contextFor = (t: TestBackend) => routerContextFor(t.backend, TEST_SITE_URL);

interface PostOptions {
  token?: string;
  type?: string;
  headers?: Record<string, string>;
}

function post(body: BodyInit | null, { token, type = "application/json", headers = {} }: PostOptions = {}): Request {
  return new Request(PREVIEW_URL, {
    method: "POST",
    headers: {
      ...(type ? { "Content-Type": type } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body,
    duplex: "half",
  } as RequestInit);
}

const json = (markdown: unknown) => JSON.stringify({ markdown });

describeEachDatabase("POST /admin/preview", (kind) => {
  describe("through the route's action", () => {
    let t: TestBackend;
    let context: RouterContextProvider;
    let adminToken: string;
    let userToken: string;

    const call = async (request: Request, handler: Handler = action as unknown as Handler) => {
      const response = (await handler({ request, context, params: {} })) as Response;
      expect(response).toBeInstanceOf(Response);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      return response;
    };

    beforeAll(async () => {
      t = await startTestBackend(kind);
      context = contextFor(t);
      adminToken = (await t.user(`admin-${kind}@example.com`, { admin: true })).accessToken;
      userToken = (await t.user(`leitor-${kind}@example.com`)).accessToken;
    });
    afterAll(async () => {
      await t?.close();
    });

    it("renders for an admin, as { html }", async () => {
      const response = await call(post(json("# Título\n\n**negrito**"), { token: adminToken }));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ html: "<h2>Título</h2>\n<p><strong>negrito</strong></p>\n" });
    });

    it('renders for a writer and refuses sales with 403 (docs/security.md "Roles")', async () => {
      const service = t.client(t.backend.serviceRoleKey);
      const tokens: Record<string, string> = {};
      for (const role of ["autor", "vendas"] as const) {
        const member = await t.user(`${role}-preview-${kind}@example.com`);
        await service.from("user_roles").insert({ user_id: member.id, role });
        tokens[role] = member.accessToken;
      }
      expect((await call(post(json("oi"), { token: tokens["autor"] }))).status).toBe(200);
      expect((await call(post(json("oi"), { token: tokens["vendas"] }))).status).toBe(403);
    });

    it("refuses a signed-in user without the admin role with 403", async () => {
      const response = await call(post(json("oi"), { token: userToken }));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "forbidden" });
    });

    it("refuses anonymous calls and bad tokens with 401", async () => {
      const tokens = { none: undefined, garbage: "not-a-jwt", anonKey: t.backend.anonKey, tampered: `${adminToken}x` };
      const answers: Record<string, unknown> = {};
      for (const [name, token] of Object.entries(tokens)) {
        const response = await call(post(json("oi"), { token }));
        answers[name] = [response.status, await response.json()];
      }
      const refused = [401, { error: "unauthorized" }];
      expect(answers).toEqual({ none: refused, garbage: refused, anonKey: refused, tampered: refused });
    });

    it("answers 405 with Allow: POST to other methods", async () => {
      const answers: Record<string, unknown> = {};
      for (const method of ["GET", "PUT", "DELETE"]) {
        const response = await call(
          new Request(PREVIEW_URL, { method, headers: { Authorization: `Bearer ${adminToken}` } }),
        );
        answers[method] = [response.status, response.headers.get("Allow")];
      }
      expect(answers).toEqual({ GET: [405, "POST"], PUT: [405, "POST"], DELETE: [405, "POST"] });
      const viaLoader = await call(new Request(PREVIEW_URL), loader as unknown as Handler);
      expect(viaLoader.status).toBe(405);
      expect(viaLoader.headers.get("Allow")).toBe("POST");
    });

    it("answers 415 to anything but JSON", async () => {
      const types = ["text/plain", "application/x-www-form-urlencoded", ""];
      const statuses = [];
      for (const type of types) statuses.push((await call(post(json("oi"), { token: adminToken, type }))).status);
      expect(statuses).toEqual([415, 415, 415]);
      const withCharset = await call(post(json("oi"), { token: adminToken, type: "application/json; charset=utf-8" }));
      expect(withCharset.status).toBe(200);
    });

    it("answers 400 to malformed JSON or a body without a markdown string", async () => {
      const bodies = ["{", "", "null", json(42), JSON.stringify({ texto: "oi" })];
      const statuses = [];
      for (const body of bodies) statuses.push((await call(post(body, { token: adminToken }))).status);
      expect(statuses).toEqual(bodies.map(() => 400));
    });

    it("answers 413 from Content-Length without reading the body", async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new TextEncoder().encode("x"));
        },
      });
      const response = await call(post(body, { token: adminToken, headers: { "Content-Length": "900000" } }));
      expect(response.status).toBe(413);
      // The stream starts by asking for one chunk; nobody read past it.
      expect(pulled).toBeLessThanOrEqual(1);
    });

    it("answers 413 to Markdown longer than a post may be", async () => {
      expect((await call(post(json("a".repeat(200_001)), { token: adminToken }))).status).toBe(413);
      // The limit counts characters, as the database does: 200,000 emoji are 400,000 UTF-16 units.
      const emoji = await call(post(json("😀".repeat(200_000)), { token: adminToken }));
      expect(emoji.status).toBe(200);
    });

    it.each(pathologicalInputs.map((input) => [input.name, input] as const))(
      "answers %s at 200 KB without a server error",
      async (_name, input) => {
        const response = await call(post(json(input.generate(PATHOLOGICAL_DEFAULT_SIZE)), { token: adminToken }));
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(500);
        // Past its time budget a render answers 422 too_complex; anything else is the HTML.
        const body = (await response.json()) as { html?: unknown; error?: unknown };
        const shape = response.ok ? typeof body.html : body.error;
        expect(shape).toBe(response.ok ? "string" : "too_complex");
      },
    );
  });
});
