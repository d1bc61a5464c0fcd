// The account e-mails that decide who owns an address, through a real SMTP server: sign-up
// confirmation with a mail server configured (GoTrue without MAILER_AUTOCONFIRM) and without one,
// an invitation to an address someone signed up but never confirmed, and the change of address
// that needs links opened at both addresses (GoTrue's secure e-mail change). Real supabase-js,
// PGlite and (where installed) PostgreSQL.
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createMailer } from "../../mail/mailer.ts";
import { smtpSink, until } from "../../mail/smtp-sink.testing.ts";
import type { Auth } from "./index.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { TEST_URL, call, mountAuth, startTestBackend } from "./test-support.ts";
import type { TestBackend } from "./test-support.ts";

const PASSWORD = "correct-horse-battery";

/** The same value with every leaf replaced by its type: two answers of one shape compare equal. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return value === null ? "null" : typeof value;
}

const linkIn = (mail: ParsedMail): URL =>
  new URL(/https?:\/\/\S+\/auth\/(v1\/verify|nova-senha)\S+/.exec(mail.text ?? "")![0]);
/** Opens a link from an e-mail as a browser would, without following the redirect. */
const open = async (auth: Auth, link: URL) => {
  const res = await mountAuth(auth).fetch(new Request(link.href, { redirect: "manual" }));
  return { status: res.status, location: res.headers.get("location") };
};
describeEachDatabase("account e-mails", (kind) => {
  let backend: TestBackend;
  /** With SMTP_URL: sign-up waits for its link. */
  let confirming: Auth;
  /** Without SMTP_URL (the development outbox): sign-up is confirmed at once. */
  let autoconfirm: Auth;
  const sink = smtpSink();
  let n = 0;
  const address = (label: string) => `${label}-${++n}-${kind}@empresa.example`;

  beforeAll(async () => {
    await sink.start();
    backend = await startTestBackend(kind);
    const mail = {
      mailer: createMailer({ smtpUrl: sink.url, from: "Omnia <no-reply@omnia.example>", outboxDir: "unused" }),
      site: { name: "Omnia", url: TEST_URL },
    };
    confirming = await backend.makeAuth({ mail, mailerAutoconfirm: false });
    autoconfirm = await backend.makeAuth({ mail });
  }, 120_000);
  afterAll(async () => {
    await backend?.close();
    await sink.stop();
  });

  const mailsTo = (to: string, subject: RegExp): ParsedMail[] =>
    sink.mails.filter((mail) => JSON.stringify(mail.to).includes(to) && subject.test(mail.subject ?? ""));
  const mailTo = (to: string, subject: RegExp, count = 1) =>
    until(`e-mail ${count} to ${to}`, () => mailsTo(to, subject)[count - 1]);
  const signIn = (auth: Auth, email: string, password = PASSWORD) =>
    backend.client({ auth }).auth.signInWithPassword({ email, password });

  it("with SMTP_URL, sign-up e-mails a link to the site's root that must be opened before signing in", async () => {
    const email = address("nova");
    expect((await call(confirming, "GET", "/settings")).body["mailer_autoconfirm"]).toBe(false);
    const { data, error } = await backend
      .client({ auth: confirming })
      .auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${TEST_URL}/` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, email_confirmed_at: null });
    expect((await signIn(confirming, email)).error).toMatchObject({ status: 400, code: "email_not_confirmed" });

    const mail = await mailTo(email, /Confirme seu e-mail/);
    const link = linkIn(mail);
    expect(link.pathname).toBe("/auth/v1/verify");
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("redirect_to")).toBe("/");
    expect(await open(confirming, link)).toEqual({ status: 303, location: "/" });
    const signedIn = await signIn(confirming, email);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email_confirmed_at).toBeTruthy();

    // A link works once; opened again it still lands on the site, and confirms nothing.
    expect(await open(confirming, link)).toEqual({ status: 303, location: "/" });
    const again = await backend
      .client({ auth: confirming })
      .auth.verifyOtp({ token_hash: link.searchParams.get("token")!, type: "signup" });
    expect(again.error?.code).toBe("otp_expired");
  });

  it("with SMTP_URL, signing up a taken address answers exactly like a new one, and changes nothing", async () => {
    const confirmed = address("confirmada");
    const service = backend.client({ key: confirming.keys.serviceRoleKey, auth: confirming }).auth.admin;
    expect((await service.createUser({ email: confirmed, password: PASSWORD, email_confirm: true })).error).toBeNull();
    const pending = address("pendente");
    await call(confirming, "POST", "/signup", { body: { email: pending, password: PASSWORD } });
    await mailTo(pending, /Confirme seu e-mail/);

    const body = { password: "another-password-1", data: { nome: "Ana" } };
    const answers = [];
    for (const email of [address("livre"), confirmed, pending]) {
      const answer = await call(confirming, "POST", "/signup", { body: { ...body, email } });
      answers.push({ email, status: answer.status, body: answer.body });
    }
    const [fresh, ...taken] = answers;
    for (const answer of taken) {
      expect(answer.status).toBe(fresh!.status);
      expect(shape(answer.body)).toEqual(shape(fresh!.body));
      expect(answer.body).toMatchObject({ email: answer.email, user_metadata: { nome: "Ana" } });
      expect(answer.body["id"]).not.toBe(fresh!.body["id"]);
    }
    expect(fresh!.status).toBe(200);
    expect(fresh!.body["access_token"]).toBeUndefined();

    // The unconfirmed one gets its link again; the confirmed one no e-mail, and keeps its password.
    await mailTo(pending, /Confirme seu e-mail/, 2);
    await mailTo(fresh!.email, /Confirme seu e-mail/);
    expect(mailsTo(confirmed, /./)).toEqual([]);
    expect((await signIn(confirming, confirmed)).error).toBeNull();
    expect((await signIn(confirming, confirmed, body.password)).error?.code).toBe("invalid_credentials");
  });

  it("without SMTP_URL, sign-up is confirmed at once and a taken address answers 422 user_already_exists", async () => {
    const email = address("rapida");
    expect((await call(autoconfirm, "GET", "/settings")).body["mailer_autoconfirm"]).toBe(true);
    const first = await backend.client({ auth: autoconfirm }).auth.signUp({ email, password: PASSWORD });
    expect(first.data.session?.access_token).toBeTruthy();
    const again = await backend.client({ auth: autoconfirm }).auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: "user_already_exists" });
  });

  it("invites an address someone signed up and never confirmed; only the invitation lets anyone in", async () => {
    const newHire = address("contratada");
    const squatter = backend.client({ auth: confirming });
    expect((await squatter.auth.signUp({ email: newHire, password: "squatter-secret-1" })).error).toBeNull();
    const squatterLink = linkIn(await mailTo(newHire, /Confirme seu e-mail/));

    const service = backend.client({ key: confirming.keys.serviceRoleKey, auth: confirming }).auth.admin;
    const invited = await service.inviteUserByEmail(newHire);
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();

    // The squatter's own link no longer confirms anything.
    await open(confirming, squatterLink);
    expect((await signIn(confirming, newHire, "squatter-secret-1")).error?.code).toBe("invalid_credentials");

    const inviteLink = linkIn(await mailTo(newHire, /Convite/));
    const colleague = backend.client({ auth: confirming });
    const accepted = await colleague.auth.verifyOtp({
      token_hash: inviteLink.searchParams.get("token_hash")!,
      type: "invite",
    });
    expect(accepted.error).toBeNull();
    // No password yet, so none is asked for.
    expect((await colleague.auth.updateUser({ password: "colleague-secret-1" })).error).toBeNull();
    expect((await signIn(confirming, newHire, "colleague-secret-1")).error).toBeNull();
    expect((await signIn(confirming, newHire, "squatter-secret-1")).error?.code).toBe("invalid_credentials");
    // A confirmed address is still refused.
    expect((await service.inviteUserByEmail(newHire)).error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("changes an address only once the links sent to the old and the new one are both opened", async () => {
    const old = address("antiga");
    const next = address("nova-caixa");
    const owner = backend.client({ auth: autoconfirm });
    expect((await owner.auth.signUp({ email: old, password: PASSWORD })).error).toBeNull();

    const asked = await owner.auth.updateUser({ email: next }, { emailRedirectTo: `${TEST_URL}/admin` });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email: old, new_email: next });

    const toOld = await mailTo(old, /Confirme a troca de e-mail/);
    const toNew = await mailTo(next, /Confirme a troca de e-mail/);
    expect(toOld.text).toContain(`de ${old} para ${next}`);
    const oldLink = linkIn(toOld);
    const newLink = linkIn(toNew);
    expect(oldLink.searchParams.get("type")).toBe("email_change");
    expect(oldLink.searchParams.get("redirect_to")).toBe("/admin");
    expect(oldLink.searchParams.get("token")).not.toBe(newLink.searchParams.get("token"));

    // One link: nothing changes yet.
    expect(await open(autoconfirm, oldLink)).toEqual({ status: 303, location: "/admin" });
    expect((await owner.auth.getUser()).data.user).toMatchObject({ email: old, new_email: next });
    expect((await signIn(autoconfirm, next)).error?.code).toBe("invalid_credentials");
    // The same link twice is still one.
    await open(autoconfirm, oldLink);
    expect((await owner.auth.getUser()).data.user?.email).toBe(old);

    // The other, as supabase-js's verifyOtp sends it: now the address changes.
    const done = await backend
      .client({ auth: autoconfirm })
      .auth.verifyOtp({ token_hash: newLink.searchParams.get("token")!, type: "email_change" });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(next);
    const user = (await owner.auth.getUser()).data.user!;
    expect(user.email).toBe(next);
    expect(user.new_email).toBeUndefined();
    expect(user.user_metadata["email"]).toBe(next);
    expect((await signIn(autoconfirm, next)).error).toBeNull();
    expect((await signIn(autoconfirm, old)).error?.code).toBe("invalid_credentials");
  });

  it("answers the first of the two links as GoTrue does when supabase-js sends it", async () => {
    const old = address("primeira");
    const owner = backend.client({ auth: autoconfirm });
    await owner.auth.signUp({ email: old, password: PASSWORD });
    const next = address("segunda");
    expect((await owner.auth.updateUser({ email: next })).error).toBeNull();
    const link = linkIn(await mailTo(next, /Confirme a troca de e-mail/));
    expect(link.searchParams.get("redirect_to")).toBe("/");
    const first = await call(autoconfirm, "POST", "/verify", {
      body: { type: "email_change", token_hash: link.searchParams.get("token") },
    });
    expect(first).toMatchObject({
      status: 200,
      body: { msg: "Confirmation link accepted. Please proceed to confirm link sent to the other email", code: "200" },
    });
    expect((await owner.auth.getUser()).data.user?.email).toBe(old);
  });
});
