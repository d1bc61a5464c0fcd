// The invitation route against a real backend with a real SMTP server: only an admin (asked of
// the database, second factor included) may invite; the e-mail goes out; bad input is a 4xx. The
// role an invitation carries becomes the colleague's when they accept, and nobody but an admin
// can set or change it (supabase/migrations/20260101002900_invitations_with_a_role.sql).
import type { SupabaseClient } from "@supabase/supabase-js";
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
  let adminClient: SupabaseClient;
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
    ({ accessToken: adminToken, client: adminClient } = await t.user(`admin-${kind}@example.com`, { admin: true }));
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
      body: { invited: email, role: null },
    });
    const mail = await until("the invitation", () => sink.mails.find((m) => JSON.stringify(m.to).includes(email)));
    expect(mail.text).toContain("/auth/nova-senha?token_hash=");
    const { rows } = await t.backend.db.query<{ actor_email: string; ip: string; details: { email: string } }>(
      "SELECT actor_email, ip, details FROM public.audit_log WHERE action = 'member.invited'",
    );
    expect(rows).toEqual([
      { actor_email: `admin-${kind}@example.com`, ip: "2001:db8::7", details: { email, role: null } },
    ]);
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
    for (const role of ["owner", "authenticated", 1, ["admin"]]) {
      expect(await call(post(JSON.stringify({ email: "x@example.com", role }), adminToken))).toEqual({
        status: 400,
        body: { error: "invalid_role" },
      });
    }
    const long = JSON.stringify({ email: `${"a".repeat(5000)}@example.com` });
    expect((await call(post(long, adminToken))).body).toEqual({ error: "invalid_email" });
    const declared = post(long, adminToken);
    declared.headers.set("Content-Length", String(long.length));
    expect((await call(declared)).status).toBe(413);
    expect((await call(new Request(`${TEST_SITE_URL}/admin/convite`), loader as unknown as Handler)).status).toBe(405);
  });

  /**
   * Accepts the invitation e-mailed to `email` as the colleague would (the `sent`-th e-mail, the
   * one whose link is valid): their signed-in client.
   */
  async function accept(email: string, sent = 1) {
    const mail = await until("the invitation", () => {
      const mails = sink.mails.filter((m) => JSON.stringify(m.to).includes(email));
      return mails.length >= sent ? mails[sent - 1] : undefined;
    });
    const link = new URL(/https?:\/\/\S+nova-senha\S+/.exec(mail.text ?? "")![0]);
    const colleague = t.client();
    const accepted = await colleague.auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash")!,
      type: "invite",
    });
    expect(accepted.error).toBeNull();
    return { client: colleague, id: accepted.data.user!.id };
  }

  const rolesOf = async (userId: string) =>
    (
      await t.backend.db.query<{ role: string }>("SELECT role FROM public.user_roles WHERE user_id = $1", [userId])
    ).rows.map((row) => row.role);

  it("gives the invited role when the colleague accepts, not before, and names it in the log", async () => {
    const email = `vendedora-${kind}@example.com`;
    // Sent again before acceptance, the last role chosen counts.
    expect((await call(post(JSON.stringify({ email, role: "editor" }), adminToken))).status).toBe(200);
    expect(await call(post(JSON.stringify({ email, role: "vendas" }), adminToken))).toEqual({
      status: 200,
      body: { invited: email, role: "vendas" },
    });
    // Equipe shows the role to come; the account holds none yet.
    const team = (await adminClient.rpc("team_members")).data as { user_id: string; email: string }[];
    const member = team.find((row) => row.email === email);
    expect(member).toMatchObject({ role: null, invited_role: "vendas", accepted: false });
    expect(await rolesOf(member!.user_id)).toEqual([]);

    const colleague = await accept(email, 2);
    expect(await rolesOf(colleague.id)).toEqual(["vendas"]);
    expect((await colleague.client.rpc("can_read_leads")).data).toBe(true);
    const { rows: log } = await t.backend.db.query<{ action: string; details: Record<string, unknown> }>(
      "SELECT action, details FROM public.audit_log WHERE target = $1 OR details ->> 'email' = $1 ORDER BY id",
      [email],
    );
    expect(log.map((row) => row.action)).toEqual(["member.invited", "member.invited", "role.granted"]);
    expect(log[1]!.details).toMatchObject({ email, role: "vendas" });
  });

  it("cannot be forged: only an admin sets the role, only for an open invitation", async () => {
    const email = `autora-${kind}@example.com`;
    expect((await call(post(JSON.stringify({ email, role: "autor" }), adminToken))).status).toBe(200);
    const { rows } = await t.backend.db.query<{ id: string }>("SELECT id FROM auth.users WHERE email = $1", [email]);
    const invitee = rows[0]!.id;
    // Another signed-in account without a role: neither through the function nor the table.
    const reader = (await t.user(`curioso-${kind}@example.com`)).client;
    expect((await reader.rpc("set_invited_role", { member: invitee, new_role: "admin" })).error?.code).toBe("42501");
    expect((await reader.from("invited_roles").insert({ user_id: invitee, role: "admin" })).error?.code).toBe("42501");
    expect((await reader.from("invited_roles").update({ role: "admin" }).eq("user_id", invitee)).error?.code).toBe(
      "42501",
    );
    expect((await reader.from("invited_roles").delete().eq("user_id", invitee)).error?.code).toBe("42501");
    expect((await reader.from("invited_roles").select("*")).data).toEqual([]);

    // The invitee: what they write about themselves (user_metadata) is not read, and once in
    // they cannot raise their role through the invitation either.
    const colleague = await accept(email);
    expect((await colleague.client.auth.updateUser({ data: { role: "admin" } })).error).toBeNull();
    expect(await rolesOf(colleague.id)).toEqual(["autor"]);
    expect(
      (await colleague.client.rpc("set_invited_role", { member: colleague.id, new_role: "admin" })).error?.code,
    ).toBe("42501");
    expect(
      (await colleague.client.from("user_roles").insert({ user_id: colleague.id, role: "admin" })).error?.code,
    ).toBe("42501");
    // An accepted invitation takes no role this way, even from an admin: Equipe's picker gives it.
    expect((await adminClient.rpc("set_invited_role", { member: colleague.id, new_role: "admin" })).error?.code).toBe(
      "P0002",
    );
    expect(await rolesOf(colleague.id)).toEqual(["autor"]);
  });

  it("starts without access when the invitation carries no role", async () => {
    const email = `sem-funcao-${kind}@example.com`;
    expect((await call(post(JSON.stringify({ email, role: null }), adminToken))).status).toBe(200);
    const colleague = await accept(email);
    expect(await rolesOf(colleague.id)).toEqual([]);
  });
});
