// The invitation route against a real backend with a real SMTP server: only an admin (asked of
// the database, second factor included) may invite; the e-mail goes out; bad input is a 4xx.
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { routerContextFor } from "~/lib/backend-context.testing";
import { requestContext } from "~/lib/request-context";
import { createMailer } from "../../../server/mail/mailer.ts";
import { smtpSink, until } from "../../../server/mail/smtp-sink.testing.ts";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import { action, loader } from "./invite";

type Handler = (args: { request: Request; context: RouterContextProvider; params: object }) => unknown;

function post(body: string, token?: string, type = "application/json"): Request {
  return new Request(`${TEST_SITE_URL}/admin/convite`, {
    method: "POST",
    headers: { "Content-Type": type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body,
  });
}

describeEachDatabase("POST /admin/convite", (kind) => {
  let t: TestBackend;
  let context: RouterContextProvider;
  const sink = smtpSink();
  let adminToken: string;
  let userToken: string;

  const call = async (request: Request, handler: Handler = action as unknown as Handler) => {
    const response = (await handler({ request, context, params: {} })) as Response;
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    await sink.start();
    const mailer = createMailer({ smtpUrl: sink.url, from: "Omnia <no-reply@omnia.example>", outboxDir: "unused" });
    t = await startTestBackend(kind, { mail: { mailer, site: { name: "Omnia", url: TEST_SITE_URL } } });
    context = routerContextFor(t.backend, TEST_SITE_URL);
    // The address the Node server would have seen: the audit log records it.
    context.set(requestContext, {
      clientIp: "2001:db8::7",
      rateLimit: () => {
        throw new Error("invitations count no per-address limit");
      },
    });
    adminToken = (await t.user(`admin-${kind}@example.com`, { admin: true })).accessToken;
    userToken = (await t.user(`leitor-${kind}@example.com`)).accessToken;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sink.stop();
  });

  it("invites for an admin, e-mails the link and records who did it, from where", async () => {
    const email = `nova-${kind}@example.com`;
    expect(await call(post(JSON.stringify({ email: ` ${email.toUpperCase()} ` }), adminToken))).toEqual({
      status: 200,
      body: { invited: email },
    });
    const mail = await until("the invitation", () => sink.mails.find((m) => JSON.stringify(m.to).includes(email)));
    expect(mail.text).toContain("/auth/nova-senha?token_hash=");
    const { rows } = await t.backend.db.query<{ actor_email: string; ip: string; details: { email: string } }>(
      "SELECT actor_email, ip, details FROM public.audit_log WHERE action = 'member.invited'",
    );
    expect(rows).toEqual([{ actor_email: `admin-${kind}@example.com`, ip: "2001:db8::7", details: { email } }]);
    // An account that exists and is confirmed: already registered. (An invitation not yet
    // accepted is sent again, as GoTrue does.)
    expect(await call(post(JSON.stringify({ email: `leitor-${kind}@example.com` }), adminToken))).toEqual({
      status: 409,
      body: { error: "already_registered" },
    });
  });

  it("refuses everyone else, and bad input, with a 4xx", async () => {
    const body = JSON.stringify({ email: "x@example.com" });
    expect((await call(post(body))).status).toBe(401);
    expect((await call(post(body, "not-a-token"))).status).toBe(401);
    expect((await call(post(body, userToken))).status).toBe(403);
    expect((await call(post(body, adminToken, "text/plain"))).status).toBe(415);
    expect((await call(post("{", adminToken))).status).toBe(400);
    expect((await call(post(JSON.stringify({ email: "não é e-mail" }), adminToken))).body).toEqual({
      error: "invalid_email",
    });
    const long = JSON.stringify({ email: `${"a".repeat(5000)}@example.com` });
    expect((await call(post(long, adminToken))).body).toEqual({ error: "invalid_email" });
    const declared = post(long, adminToken);
    declared.headers.set("Content-Length", String(long.length));
    expect((await call(declared)).status).toBe(413);
    expect((await call(new Request(`${TEST_SITE_URL}/admin/convite`), loader as unknown as Handler)).status).toBe(405);
  });
});
