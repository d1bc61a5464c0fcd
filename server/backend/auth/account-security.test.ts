// Admin accounts a company can trust (supabase/migrations/20260101001200_admin_security.sql,
// ./email-links.ts): the second factor enforced by row-level security, recovery and invitation
// e-mails through a real SMTP server, the team's last admin, and the audit log. Real supabase-js,
// real otpauth codes, PGlite and (where installed) PostgreSQL.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as OTPAuth from "otpauth";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createMailer } from "../../mail/mailer.ts";
import { smtpSink, until } from "../../mail/smtp-sink.testing.ts";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";

const PASSWORD = "correct-horse-battery";

const usedSteps = new WeakMap<OTPAuth.TOTP, Set<number>>();

/**
 * A code of a time step not yet used with this factor: the service accepts a code once (RFC 6238
 * §5.2), and one step of drift, so two sign-ins within 30 s take this step's code and the next's.
 */
function freshCode(totp: OTPAuth.TOTP): string {
  const used = usedSteps.get(totp) ?? new Set<number>();
  usedSteps.set(totp, used);
  const current = Math.floor(Date.now() / 30_000);
  const step = [current, current + 1, current - 1].find((candidate) => !used.has(candidate));
  if (step === undefined) throw new Error("three codes of one factor within 30 s");
  used.add(step);
  return totp.generate({ timestamp: step * 30_000 });
}

/** Enrols a TOTP factor for a signed-in client and raises its session to aal2. */
async function enrolTotp(client: SupabaseClient, name = "Celular") {
  const enrolled = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: name });
  if (enrolled.error) throw enrolled.error;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data.totp.secret) });
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: freshCode(totp) });
  if (verified.error) throw verified.error;
  return { factorId: enrolled.data.id, totp };
}

/** A second, fresh sign-in of the same user: aal1 until it passes the challenge. */
async function signIn(t: TestBackend, email: string, password = PASSWORD) {
  const client = t.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

async function passChallenge(client: SupabaseClient, factorId: string, totp: OTPAuth.TOTP) {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: freshCode(totp) });
  if (error) throw error;
}

async function png(): Promise<Blob> {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

/** Each protected write or read, as an admin client tries it: true when row-level security let it through. */
async function protectedAccess(client: SupabaseClient, tag: string) {
  const slug = `post-${tag}-${Date.now()}`;
  const post = await client.from("blog_posts").insert({ title: "Teste", slug, content: "x" }).select("id");
  const leads = await client.from("contact_messages").select("id");
  const upload = await client.storage.from("blog-images").upload(`posts/${tag}-${Date.now()}.png`, await png());
  const team = await client.rpc("team_members");
  return {
    postWrite: post.error === null && (post.data?.length ?? 0) === 1,
    leadsRead: leads.error === null && (leads.data?.length ?? 0) > 0,
    storageWrite: upload.error === null,
    teamRead: team.error === null && (team.data?.length ?? 0) > 0,
  };
}

describeEachDatabase("admin account security", (kind) => {
  let t: TestBackend;
  const sink = smtpSink();
  let service: SupabaseClient;

  beforeAll(async () => {
    await sink.start();
    const mailer = createMailer({ smtpUrl: sink.url, from: "Omnia <no-reply@omnia.example>", outboxDir: "unused" });
    t = await startTestBackend(kind, { mail: { mailer, site: { name: "Omnia", url: TEST_SITE_URL } } });
    service = t.client(t.backend.serviceRoleKey);
    // One lead, so "reads leads" has something to read.
    const lead = await service
      .from("contact_messages")
      .insert({ name: "Ana", email: "ana@cliente.example", subject: "demo", message: "Oi" });
    if (lead.error) throw new Error(lead.error.message);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sink.stop();
  });

  it("lets an admin without 2FA in at aal1, and asks aal2 of an admin with a verified factor", async () => {
    const plain = await t.user(`plain-${kind}@omnia.example`, { admin: true });
    expect(await protectedAccess(plain.client, "plain")).toEqual({
      postWrite: true,
      leadsRead: true,
      storageWrite: true,
      teamRead: true,
    });

    const email = `mfa-${kind}@omnia.example`;
    const admin = await t.user(email, { admin: true });
    const { factorId, totp } = await enrolTotp(admin.client);

    const aal1 = await signIn(t, email);
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });
    expect(await protectedAccess(aal1, "aal1")).toEqual({
      postWrite: false,
      leadsRead: false,
      storageWrite: false,
      teamRead: false,
    });
    // Role changes and drafts need it too.
    const grant = await aal1.from("user_roles").insert({ user_id: plain.id, role: "user" });
    expect(grant.error?.code).toBe("42501");
    // Unenrolling needs aal2 as well (the auth service, as GoTrue).
    expect((await aal1.auth.mfa.unenroll({ factorId })).error?.code).toBe("insufficient_aal");
    const firstStepToken = (await aal1.auth.getSession()).data.session!.access_token;

    await passChallenge(aal1, factorId, totp);
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
    // The token of the first step (a leaked one, say) stays aal1 though its session is now aal2.
    const asFirstStep = (method: string, path: string, body?: unknown) =>
      t.backend.fetch(
        new Request(`${TEST_SITE_URL}/auth/v1${path}`, {
          method,
          headers: { apikey: t.backend.anonKey, Authorization: `Bearer ${firstStepToken}` },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    for (const answer of [
      await asFirstStep("DELETE", `/factors/${factorId}`),
      await asFirstStep("PUT", "/user", { email: `taken-${kind}@omnia.example` }),
      await asFirstStep("POST", "/factors", { factor_type: "totp", friendly_name: "Outro" }),
    ]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error_code: "insufficient_aal" });
    }
    expect(await protectedAccess(aal1, "aal2")).toEqual({
      postWrite: true,
      leadsRead: true,
      storageWrite: true,
      teamRead: true,
    });
  });

  it("refuses an aal1 token edited to say aal2 (its signature no longer matches)", async () => {
    const email = `forged-${kind}@omnia.example`;
    const admin = await t.user(email, { admin: true });
    await enrolTotp(admin.client);
    const aal1 = await signIn(t, email);
    const token = (await aal1.auth.getSession()).data.session!.access_token;
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
    expect(claims["aal"]).toBe("aal1");
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, aal: "aal2" })).toString("base64url"),
      signature,
    ].join(".");
    const response = await t.backend.fetch(
      new Request(`${TEST_SITE_URL}/rest/v1/contact_messages?select=id`, {
        headers: { apikey: t.backend.anonKey, authorization: `Bearer ${forged}` },
      }),
    );
    expect(response.status).toBe(401);
  });

  it("refuses wrong, malformed and replayed codes", async () => {
    const email = `codes-${kind}@omnia.example`;
    const admin = await t.user(email, { admin: true });
    const { factorId, totp } = await enrolTotp(admin.client);
    const client = await signIn(t, email);
    const good = freshCode(totp);
    for (const code of ["12345", "1234567", "abcdef", `${good.slice(0, 3)} ${good.slice(3)}`]) {
      const challenge = await client.auth.mfa.challenge({ factorId });
      const { error } = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
      expect({ code, error: error?.code }).toEqual({ code, error: "mfa_verification_failed" });
    }
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect((await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: good })).error).toBeNull();
    const replay = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: good });
    expect(replay.error?.code).toBe("mfa_challenge_not_found");
    // Someone who saw the code types it on their own sign-in, on a new challenge, within its 30
    // seconds: refused as a wrong code (RFC 6238 §5.2).
    const other = await signIn(t, email);
    const stolen = await other.auth.mfa.challengeAndVerify({ factorId, code: good });
    expect(stolen.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal1");
  });

  it("with ADMIN_REQUIRE_MFA, an admin without a factor is refused until they enrol one", async () => {
    await t.backend.db.query("UPDATE public.security_settings SET admin_require_mfa = true");
    try {
      const admin = await t.user(`required-${kind}@omnia.example`, { admin: true });
      expect((await admin.client.rpc("admin_requires_mfa")).data).toBe(true);
      expect((await protectedAccess(admin.client, "required")).postWrite).toBe(false);
      await enrolTotp(admin.client);
      expect((await protectedAccess(admin.client, "enrolled")).postWrite).toBe(true);
    } finally {
      await t.backend.db.query("UPDATE public.security_settings SET admin_require_mfa = false");
    }
  });

  it("recovers a password through the e-mailed link, once, and signs every old session out", async () => {
    const email = `recover-${kind}@omnia.example`;
    const user = await t.user(email);
    const before = sink.mails.length;

    const visitor = t.client();
    const asked = await visitor.auth.resetPasswordForEmail(email, { redirectTo: `${TEST_SITE_URL}/auth/nova-senha` });
    expect(asked).toEqual({ data: {}, error: null });
    // An unknown address gets exactly the same answer, and no e-mail.
    expect(await visitor.auth.resetPasswordForEmail(`nobody-${kind}@omnia.example`)).toEqual({ data: {}, error: null });

    const mail = await until("the recovery e-mail", () =>
      sink.mails.slice(before).find((m) => m.subject?.includes("Redefinir")),
    );
    expect(sink.mails.slice(before).filter((m) => m.to && JSON.stringify(m.to).includes("nobody-"))).toEqual([]);
    expect(mail.text).toContain("1 hora");
    const link = new URL(/https?:\/\/\S+nova-senha\S+/.exec(mail.text ?? "")![0]);
    expect(link.searchParams.get("type")).toBe("recovery");
    const tokenHash = link.searchParams.get("token_hash")!;

    const fresh = t.client();
    const verified = await fresh.auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    // The old session is gone: its refresh token no longer works.
    expect((await user.client.auth.refreshSession()).error).not.toBeNull();
    // The link works once.
    expect((await t.client().auth.verifyOtp({ token_hash: tokenHash, type: "recovery" })).error?.code).toBe(
      "otp_expired",
    );

    expect((await fresh.auth.updateUser({ password: "a-brand-new-secret" })).error).toBeNull();
    expect((await signIn(t, email, "a-brand-new-secret")).auth).toBeDefined();
    const old = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe("invalid_credentials");
  });

  it("invites a colleague who sets a password from the e-mail; the last admin stays", async () => {
    const email = `colleague-${kind}@omnia.example`;
    const before = sink.mails.length;
    const invited = await service.auth.admin.inviteUserByEmail(email);
    expect(invited.error).toBeNull();
    expect(invited.data.user?.email).toBe(email);
    // Not before accepting: no password yet.
    expect((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error).not.toBeNull();

    const mail = await until("the invitation", () =>
      sink.mails.slice(before).find((m) => m.subject?.includes("Convite")),
    );
    const link = new URL(/https?:\/\/\S+nova-senha\S+/.exec(mail.text ?? "")![0]);
    expect(link.searchParams.get("type")).toBe("invite");
    const colleague = t.client();
    const accepted = await colleague.auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash")!,
      type: "invite",
    });
    expect(accepted.error).toBeNull();
    expect((await colleague.auth.updateUser({ password: "colleague-secret-1" })).error).toBeNull();
    await signIn(t, email, "colleague-secret-1");

    // The invitation shows in the team list of an admin.
    const admin = await t.user(`team-admin-${kind}@omnia.example`, { admin: true });
    const team = await admin.client.rpc("team_members");
    expect(team.data?.find((member: { email: string }) => member.email === email)).toMatchObject({
      is_admin: false,
      accepted: true,
    });

    // Grant and revoke through the API, under row-level security.
    const colleagueId = accepted.data.user!.id;
    expect((await admin.client.from("user_roles").insert({ user_id: colleagueId, role: "admin" })).error).toBeNull();
    expect(
      (await admin.client.from("user_roles").delete().eq("user_id", colleagueId).eq("role", "admin")).error,
    ).toBeNull();
    // A non-admin cannot grant themselves the role.
    const self = await colleague.from("user_roles").insert({ user_id: colleagueId, role: "admin" });
    expect(self.error?.code).toBe("42501");
  });

  it("refuses to remove or demote the last admin, whoever asks", async () => {
    const { rows } = await t.backend.db.query<{ user_id: string }>(
      "SELECT user_id::text AS user_id FROM public.user_roles WHERE role = 'admin'",
    );
    // Remove every admin but one with the operator's privileges, then try the last.
    const [last, ...others] = rows.map((row) => row.user_id);
    for (const id of others) {
      await t.backend.db.query("DELETE FROM public.user_roles WHERE user_id = $1 AND role = 'admin'", [id]);
    }
    await expect(
      t.backend.db.query("DELETE FROM public.user_roles WHERE user_id = $1 AND role = 'admin'", [last]),
    ).rejects.toThrow(/last admin/);
    await expect(
      t.backend.db.query("UPDATE public.user_roles SET role = 'user' WHERE user_id = $1", [last]),
    ).rejects.toThrow(/last admin/);
    const viaApi = await service.from("user_roles").delete().eq("user_id", last!);
    expect(viaApi.error?.message).toMatch(/last admin/);
    expect(viaApi.status).toBe(400);
    // Deleting that account would remove the role with it: refused as a client mistake, not a 500.
    const deleted = await service.auth.admin.deleteUser(last!);
    expect(deleted.error?.status).toBe(422);
    expect(deleted.error?.code).toBe("last_admin");
    // Restore the admins for the tests that follow.
    for (const id of others) {
      await t.backend.db.query("INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'admin')", [id]);
    }
  });

  it("writes the audit log for each action, which no API role can change", async () => {
    const email = `audited-${kind}@omnia.example`;
    const admin = await t.user(email, { admin: true });
    const { factorId } = await enrolTotp(admin.client);
    const post = await admin.client
      .from("blog_posts")
      .insert({ title: "Auditado", slug: `auditado-${kind}`, content: "x" })
      .select("id")
      .single();
    const id = post.data!.id;
    await admin.client.from("blog_posts").update({ published: true }).eq("id", id);
    await admin.client.from("blog_posts").update({ title: "Auditado 2" }).eq("id", id);
    await admin.client.from("blog_posts").update({ published: false }).eq("id", id);
    await admin.client.from("blog_posts").delete().eq("id", id);
    const lead = await service
      .from("contact_messages")
      .insert({ name: "Bia", email: "bia@cliente.example", subject: "demo" })
      .select("id")
      .single();
    await admin.client.from("contact_messages").update({ status: "won" }).eq("id", lead.data!.id);
    await admin.client.from("contact_messages").delete().eq("id", lead.data!.id);
    expect(
      (await service.rpc("record_audit", { action: "lead.exported", actor: admin.id, ip: null, details: { rows: 1 } }))
        .error,
    ).toBeNull();
    expect((await admin.client.auth.mfa.unenroll({ factorId })).error).toBeNull();

    const { data: log, error } = await admin.client
      .from("audit_log")
      .select("action, target, actor_email")
      .eq("actor_email", email)
      .order("id");
    expect(error).toBeNull();
    expect(log!.map((row) => row.action)).toEqual([
      "factor.enrolled",
      "post.created",
      "post.published",
      "post.updated",
      "post.unpublished",
      "post.deleted",
      "lead.status_changed",
      "lead.deleted",
      "lead.exported",
      "factor.removed",
    ]);
    // The harness granted the role with the service key: no acting user, the subject as target.
    const granted = await admin.client
      .from("audit_log")
      .select("actor_id, details")
      .eq("action", "role.granted")
      .eq("target", email);
    expect(granted.data).toEqual([{ actor_id: null, details: { user_id: admin.id, role: "admin" } }]);

    // Nobody edits or deletes it through the API; a non-admin reads nothing; only known actions can be recorded.
    const edit = await admin.client.from("audit_log").update({ action: "x" }).eq("actor_email", email);
    expect(edit.error?.code).toBe("42501");
    const remove = await admin.client.from("audit_log").delete().eq("actor_email", email);
    expect(remove.error?.code).toBe("42501");
    const stranger = await t.user(`stranger-${kind}@omnia.example`);
    expect((await stranger.client.from("audit_log").select("id")).data).toEqual([]);
    const exported = { action: "lead.exported", actor: admin.id, ip: null };
    expect((await stranger.client.rpc("record_audit", exported)).error?.code).toBe("42501");
    expect((await admin.client.rpc("record_audit", exported)).error?.code).toBe("42501");
    expect((await service.rpc("record_audit", { ...exported, action: "post.deleted" })).error?.code).toBe("22023");
    // Not even the service role: the table refuses edits.
    expect((await service.from("audit_log").delete().eq("actor_email", email)).error?.code).toBe("42501");
  });

  it("records a password reset as such", async () => {
    const email = `reset-audit-${kind}@omnia.example`;
    await t.user(email);
    const before = sink.mails.length;
    expect((await t.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await until("the recovery e-mail", () =>
      sink.mails.slice(before).find((m) => JSON.stringify(m.to).includes(email)),
    );
    const link = new URL(/https?:\/\/\S+nova-senha\S+/.exec(mail.text ?? "")![0]);
    const client = t.client();
    await client.auth.verifyOtp({ token_hash: link.searchParams.get("token_hash")!, type: "recovery" });
    expect((await client.auth.updateUser({ password: "reset-by-link-1" })).error).toBeNull();
    // A later change from an ordinary sign-in is a change, not a reset.
    const later = await signIn(t, email, "reset-by-link-1");
    expect(
      (await later.auth.updateUser({ password: "changed-after-1", current_password: "reset-by-link-1" })).error,
    ).toBeNull();
    const { rows } = await t.backend.db.query<{ action: string }>(
      "SELECT action FROM public.audit_log WHERE target = $1 ORDER BY id",
      [email],
    );
    expect(rows.map((row) => row.action)).toEqual(["password.reset", "password.changed"]);
  });
  it("limits recovery e-mails per address, the same way for unknown addresses", async () => {
    const visitor = t.client();
    for (const address of [`limited-${kind}@omnia.example`, `unknown-limited-${kind}@omnia.example`]) {
      for (let i = 0; i < 3; i++) expect((await visitor.auth.resetPasswordForEmail(address)).error).toBeNull();
      expect((await visitor.auth.resetPasswordForEmail(address)).error?.code).toBe("over_email_send_rate_limit");
    }
  });

  it("refuses an expired challenge and expired links (the clock moved back in the database)", async () => {
    const email = `expired-${kind}@omnia.example`;
    const admin = await t.user(email, { admin: true });
    const { factorId, totp } = await enrolTotp(admin.client);
    const client = await signIn(t, email);
    const challenge = await client.auth.mfa.challenge({ factorId });
    await t.backend.db.query("UPDATE auth.mfa_challenges SET created_at = now() - interval '6 minutes' WHERE id = $1", [
      challenge.data!.id,
    ]);
    const late = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: freshCode(totp) });
    expect(late.error?.code).toBe("mfa_challenge_expired");

    const before = sink.mails.length;
    expect((await t.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await until("the recovery e-mail", () =>
      sink.mails.slice(before).find((m) => JSON.stringify(m.to).includes(email)),
    );
    const tokenHash = new URL(/https?:\/\/\S+nova-senha\S+/.exec(mail.text ?? "")![0]).searchParams.get("token_hash")!;
    await t.backend.db.query(
      "UPDATE auth.users SET recovery_sent_at = now() - interval '61 minutes' WHERE lower(email) = $1",
      [email],
    );
    const expired = await t.client().auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(expired.error?.code).toBe("otp_expired");
    // A link of one kind does not work as the other, and garbage is the same answer.
    expect((await t.client().auth.verifyOtp({ token_hash: tokenHash, type: "invite" })).error?.code).toBe(
      "otp_expired",
    );
    expect((await t.client().auth.verifyOtp({ token_hash: "x".repeat(500), type: "recovery" })).error?.code).toBe(
      "otp_expired",
    );
  });

  it("signs out everywhere: every refresh token of the user stops working", async () => {
    const email = `everywhere-${kind}@omnia.example`;
    const first = await t.user(email);
    const second = await signIn(t, email);
    const other = await t.user(`bystander-${kind}@omnia.example`);
    expect((await first.client.auth.signOut({ scope: "global" })).error).toBeNull();
    expect((await second.auth.refreshSession()).error?.code).toMatch(/refresh_token_not_found|session_not_found/);
    // Another account's session is untouched.
    expect((await other.client.auth.refreshSession()).error).toBeNull();
  });

  it("changes a password only with the right current one, and ends the other sessions", async () => {
    const email = `change-${kind}@omnia.example`;
    const user = await t.user(email);
    const other = await signIn(t, email);
    const wrong = await user.client.auth.updateUser({ password: "brand-new-secret-1", current_password: "nope" });
    expect(wrong.error?.code).toBe("current_password_invalid");
    const missing = await user.client.auth.updateUser({ password: "brand-new-secret-1" });
    expect(missing.error?.code).toBe("current_password_required");
    expect((await other.auth.refreshSession()).error).toBeNull();
    const right = await user.client.auth.updateUser({ password: "brand-new-secret-1", current_password: PASSWORD });
    expect(right.error).toBeNull();
    expect((await other.auth.refreshSession()).error).not.toBeNull();
    await signIn(t, email, "brand-new-secret-1");
  });

  it("lets an operator remove a lost authenticator through the admin API, and says so in the log", async () => {
    const email = `lost-phone-${kind}@omnia.example`;
    const admin = await t.user(email, { admin: true });
    const { factorId } = await enrolTotp(admin.client);
    const listed = await service.auth.admin.mfa.listFactors({ userId: admin.id });
    expect(listed.data?.factors.map((factor) => factor.id)).toEqual([factorId]);
    const removed = await service.auth.admin.mfa.deleteFactor({ id: factorId, userId: admin.id });
    expect(removed.error).toBeNull();
    // The password alone is enough again.
    const again = await signIn(t, email);
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe("aal1");
    expect((await protectedAccess(again, "after-removal")).postWrite).toBe(true);
    const { rows } = await t.backend.db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM public.audit_log WHERE action = 'factor.removed' AND actor_email = $1",
      [email],
    );
    expect(rows.map((row) => row.details["via"])).toEqual(["admin-api"]);
    // Someone else's factor id, or nothing: 404.
    const missing = await service.auth.admin.mfa.deleteFactor({ id: factorId, userId: admin.id });
    expect(missing.error?.status).toBe(404);
    // Not for a user's own token.
    const forbidden = await admin.client.auth.admin.mfa.listFactors({ userId: admin.id });
    expect(forbidden.error?.status).toBe(403);
  });
});
