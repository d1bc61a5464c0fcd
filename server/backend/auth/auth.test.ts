// The auth service driven by the real supabase-js 2.119 (as the app uses it), in process, on a
// real PGlite database with the real migrations. Time is moved with an injected clock.
import { statSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import type { AuthChangeEvent } from "@supabase/supabase-js";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSigningKey, signingKeysFrom, SIGNING_KEY_FILE } from "../keys.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { TEST_URL, call, startTestBackend } from "./test-support.ts";
import type { TestBackend } from "./test-support.ts";

let counter = 0;
const email = (label: string) => `${label}-${++counter}@example.com`;

describeEachDatabase("auth", (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => {
    await backend?.close();
  });

  describe("client construction", () => {
    it("refuses a missing key the way supabase-js does", () => {
      expect(() => createClient(TEST_URL, "")).toThrow("supabaseKey is required.");
    });
  });

  describe("sign-up and sign-in", () => {
    it("signs up with an immediate session (auto-confirm) and rejects a taken e-mail", async () => {
      const supabase = backend.client();
      const events: AuthChangeEvent[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));
      const address = email("signup");
      const { data, error } = await supabase.auth.signUp({
        email: address,
        password: "secret123",
        options: { emailRedirectTo: `${TEST_URL}/auth/callback` },
      });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(data.session?.expires_in).toBe(3600);
      expect(data.user?.email).toBe(address);
      expect(data.user?.email_confirmed_at).toBeTruthy();
      expect(data.user?.factors).toEqual([]);
      expect(events).toContain("SIGNED_IN");

      const again = await backend.client().auth.signUp({ email: address.toUpperCase(), password: "secret123" });
      expect(again.error?.status).toBe(422);
      expect(again.error?.code).toBe("user_already_exists");
    });

    it("checks the e-mail format and the password length", async () => {
      const weak = await backend.client().auth.signUp({ email: email("weak"), password: "12345" });
      expect(weak.error?.status).toBe(422);
      expect(weak.error?.code).toBe("weak_password");
      const bad = await backend.client().auth.signUp({ email: "not-an-email", password: "secret123" });
      expect(bad.error?.status).toBe(400);
      expect(bad.error?.code).toBe("validation_failed");
    });

    it("answers a NUL character anywhere in the body with 400, not a database failure", async () => {
      const client = backend.client();
      const signIn = await client.auth.signInWithPassword({ email: "a\u0000@example.com", password: "secret123" });
      expect(signIn.error?.status).toBe(400);
      expect(signIn.error?.code).toBe("validation_failed");
      const signUp = await client.auth.signUp({ email: email("nul"), password: "secret\u0000123" });
      expect(signUp.error?.status).toBe(400);
      expect(signUp.error?.code).toBe("validation_failed");
    });

    it("signs in, and answers a wrong password and an unknown e-mail identically", async () => {
      const address = email("signin");
      await backend.client().auth.signUp({ email: address, password: "right-password" });
      const supabase = backend.client();
      const ok = await supabase.auth.signInWithPassword({ email: address, password: "right-password" });
      expect(ok.error).toBeNull();
      const claims = await supabase.auth.getClaims();
      expect(claims.data?.claims).toMatchObject({
        sub: ok.data.user?.id,
        role: "authenticated",
        aud: "authenticated",
        email: address,
        aal: "aal1",
        iss: `${TEST_URL}/auth/v1`,
        is_anonymous: false,
      });
      expect(claims.data?.claims.amr?.[0]).toMatchObject({ method: "password" });
      expect(claims.data?.claims.session_id).toMatch(/^[0-9a-f-]{36}$/);

      const wrong = await backend.client().auth.signInWithPassword({ email: address, password: "wrong-password" });
      const unknown = await backend
        .client()
        .auth.signInWithPassword({ email: email("nobody"), password: "wrong-password" });
      for (const result of [wrong, unknown]) {
        expect(result.error?.status).toBe(400);
        expect(result.error?.code).toBe("invalid_credentials");
        expect(result.error?.message).toBe("Invalid login credentials");
      }
    });

    it("returns the user from GET /user and changes the password with PUT /user and the current one", async () => {
      const address = email("update");
      const supabase = backend.client();
      await supabase.auth.signUp({ email: address, password: "first-password" });
      const { data } = await supabase.auth.getUser();
      expect(data.user?.email).toBe(address);
      // GoTrue's secure password change: a session alone is not enough.
      const missing = await supabase.auth.updateUser({ password: "second-password" });
      expect(missing.error).toMatchObject({ status: 400, code: "current_password_required" });
      expect(missing.error?.message).toBe("Current password required when setting new password.");
      const wrong = await supabase.auth.updateUser({ password: "second-password", current_password: "nope" });
      expect(wrong.error).toMatchObject({ status: 400, code: "current_password_invalid" });
      const updated = await supabase.auth.updateUser({
        password: "second-password",
        current_password: "first-password",
      });
      expect(updated.error).toBeNull();
      const old = await backend.client().auth.signInWithPassword({ email: address, password: "first-password" });
      expect(old.error?.code).toBe("invalid_credentials");
      const fresh = await backend.client().auth.signInWithPassword({ email: address, password: "second-password" });
      expect(fresh.error).toBeNull();
    });
  });

  describe("refresh tokens", () => {
    it("rotates on refresh and tolerates reuse of the old token within 10 s", async () => {
      const supabase = backend.client();
      const { data } = await supabase.auth.signUp({ email: email("refresh"), password: "secret123" });
      const first = data.session!;
      const events: AuthChangeEvent[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));

      const refreshed = await supabase.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      const second = refreshed.data.session!;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(events).toContain("TOKEN_REFRESHED");

      // Another tab presents the old token 9 s later: it gets the session's current token back.
      backend.clock.offset += 9_000;
      const reused = await backend.client().auth.refreshSession({ refresh_token: first.refresh_token });
      expect(reused.error).toBeNull();
      expect(reused.data.session?.refresh_token).toBe(second.refresh_token);
      expect(reused.data.session?.user.id).toBe(first.user.id);

      // And the current token still rotates normally.
      const third = await backend.client().auth.refreshSession({ refresh_token: second.refresh_token });
      expect(third.error).toBeNull();
      expect(third.data.session?.refresh_token).not.toBe(second.refresh_token);
    });

    it("revokes the whole session when a rotated token comes back after the window", async () => {
      const supabase = backend.client();
      const { data } = await supabase.auth.signUp({ email: email("reuse"), password: "secret123" });
      const first = data.session!;
      const second = (await supabase.auth.refreshSession()).data.session!;

      backend.clock.offset += 11_000;
      const stolen = await backend.client().auth.refreshSession({ refresh_token: first.refresh_token });
      expect(stolen.error?.status).toBe(400);
      expect(stolen.error?.code).toBe("refresh_token_already_used");

      // The legitimate holder's token died with the session, and so did its access token's session.
      const legit = await backend.client().auth.refreshSession({ refresh_token: second.refresh_token });
      expect(legit.error?.code).toBe("refresh_token_not_found");
      const user = await call(backend.auth, "GET", "/user", { token: second.access_token });
      expect(user.status).toBe(403);
      expect(user.body["code"]).toBe("session_not_found");
    });

    it("sign-out revokes the refresh token", async () => {
      const supabase = backend.client();
      const { data } = await supabase.auth.signUp({ email: email("logout"), password: "secret123" });
      const events: AuthChangeEvent[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));
      const { error } = await supabase.auth.signOut();
      expect(error).toBeNull();
      expect(events).toContain("SIGNED_OUT");
      const after = await backend.client().auth.refreshSession({ refresh_token: data.session!.refresh_token });
      expect(after.error?.status).toBe(400);
      expect(after.error?.code).toBe("refresh_token_not_found");
    });

    it("logout scope=others keeps only the current session", async () => {
      const address = email("others");
      const a = backend.client();
      const b = backend.client();
      await a.auth.signUp({ email: address, password: "secret123" });
      const bSession = (await b.auth.signInWithPassword({ email: address, password: "secret123" })).data.session!;
      const aSession = (await a.auth.getSession()).data.session!;
      expect((await a.auth.signOut({ scope: "others" })).error).toBeNull();
      expect((await backend.client().auth.refreshSession({ refresh_token: bSession.refresh_token })).error?.code).toBe(
        "refresh_token_not_found",
      );
      expect((await backend.client().auth.refreshSession({ refresh_token: aSession.refresh_token })).error).toBeNull();
    });
  });

  describe("JWT verification through the JWKS", () => {
    it("verifies locally: one JWKS request on the first getClaims, none on the second", async () => {
      const requests: string[] = [];
      // auth-js caches the JWKS per storage key across clients: a key of its own makes the count exact.
      const supabase = backend.client({
        storageKey: "jwks-count",
        onRequest: (req) => requests.push(`${req.method} ${new URL(req.url).pathname}`),
      });
      await supabase.auth.signUp({ email: email("claims"), password: "secret123" });
      requests.length = 0;
      const first = await supabase.auth.getClaims();
      expect(first.error).toBeNull();
      expect(requests).toEqual(["GET /auth/v1/.well-known/jwks.json"]);
      const second = await supabase.auth.getClaims();
      expect(second.error).toBeNull();
      expect(requests).toHaveLength(1);
    });

    it("rejects a token signed by another key with the same kid: Invalid JWT signature", async () => {
      const nowS = Math.floor(backend.clock.now() / 1000);
      const other = await generateSigningKey(nowS);
      const forger = await signingKeysFrom({ ...other, kid: backend.auth.keys.kid }, () => backend.clock.now());
      const forged = await forger.sign({
        sub: "00000000-0000-4000-8000-000000000000",
        role: "authenticated",
        aud: "authenticated",
        iat: nowS,
        exp: nowS + 3600,
      });
      const { data, error } = await backend.client().auth.getClaims(forged);
      expect(data).toBeNull();
      expect(error?.message).toBe("Invalid JWT signature");
      // The server refuses it too.
      const res = await call(backend.auth, "GET", "/user", { token: forged });
      expect(res.status).toBe(403);
      expect(res.body["code"]).toBe("bad_jwt");
    });

    it("keeps one signing key (a 0600 file in the data directory, or a row on PostgreSQL)", async () => {
      const again = await backend.makeAuth();
      expect(again.keys.kid).toBe(backend.auth.keys.kid);
      expect(again.keys.anonKey).toBe(backend.auth.keys.anonKey);
      const keyFileMode = kind === "pglite" ? statSync(join(backend.dataDir, SIGNING_KEY_FILE)).mode & 0o777 : 0o600;
      expect(keyFileMode).toBe(0o600);
      const anon = await backend.auth.keys.verify(backend.auth.keys.anonKey);
      expect(anon).toMatchObject({ role: "anon", iss: "supabase" });
      const service = await backend.auth.keys.verify(backend.auth.keys.serviceRoleKey);
      expect(service).toMatchObject({ role: "service_role", iss: "supabase" });
    });
  });

  describe("TOTP multi-factor authentication", () => {
    it("enrols, challenges and verifies up to aal2 with MFA_CHALLENGE_VERIFIED", async () => {
      const supabase = backend.client();
      await supabase.auth.signUp({ email: email("mfa"), password: "secret123" });
      const enrolled = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone app" });
      expect(enrolled.error).toBeNull();
      const factor = enrolled.data!;
      expect(factor.type).toBe("totp");
      expect(factor.friendly_name).toBe("Phone app");
      expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
      expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);

      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });
      const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
      expect(challenge.error).toBeNull();

      const bad = await supabase.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.data!.id,
        code: totp.generate({ timestamp: backend.clock.now() - 10 * 60_000 }),
      });
      expect(bad.error?.status).toBe(422);
      expect(bad.error?.code).toBe("mfa_verification_failed");

      const events: AuthChangeEvent[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));
      const verified = await supabase.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.data!.id,
        code: totp.generate({ timestamp: backend.clock.now() }),
      });
      expect(verified.error).toBeNull();
      expect(events).toContain("MFA_CHALLENGE_VERIFIED");
      const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(aal.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
      expect(aal.data?.currentAuthenticationMethods[0]).toMatchObject({ method: "totp" });
      const factors = await supabase.auth.mfa.listFactors();
      expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

      // A refresh keeps aal2; unenrolling needs aal2 and drops the session back to aal1.
      const refreshed = await supabase.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect((await supabase.auth.getClaims()).data?.claims.aal).toBe("aal2");
      expect((await supabase.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
      expect((await supabase.auth.mfa.listFactors()).data?.all).toEqual([]);
    });

    it("asks a fresh sign-in of an MFA user for the second factor (aal1 -> aal2)", async () => {
      const address = email("mfa-next");
      const supabase = backend.client();
      await supabase.auth.signUp({ email: address, password: "secret123" });
      const factor = (await supabase.auth.mfa.enroll({ factorType: "totp" })).data!;
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });
      const code = totp.generate({ timestamp: backend.clock.now() });
      expect((await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })).error).toBeNull();

      const other = backend.client();
      await other.auth.signInWithPassword({ email: address, password: "secret123" });
      const aal = await other.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
      // Changing the password needs aal2 once MFA is on.
      const change = await other.auth.updateUser({ password: "another-secret" });
      expect(change.error?.code).toBe("insufficient_aal");
      const unenrol = await other.auth.mfa.unenroll({ factorId: factor.id });
      expect(unenrol.error?.code).toBe("insufficient_aal");
    });

    it("refuses phone factors with GoTrue's error", async () => {
      const supabase = backend.client();
      await supabase.auth.signUp({ email: email("phone"), password: "secret123" });
      const { error } = await supabase.auth.mfa.enroll({ factorType: "phone", phone: "+5511999999999" });
      expect(error?.status).toBe(422);
      expect(error?.code).toBe("mfa_phone_enroll_not_enabled");
      expect(error?.message).toBe("MFA enroll is disabled for Phone");
    });
  });

  describe("rate limits", () => {
    it("answers 429 over_request_rate_limit past the sign-in limit", async () => {
      const limited = await backend.makeAuth({ rateLimits: { signInSignUp: { max: 3, windowMs: 60_000 } } });
      const supabase = backend.client({ auth: limited });
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) {
        const { error } = await supabase.auth.signInWithPassword({ email: "x@example.com", password: "whatever" });
        codes.push(`${error?.status} ${error?.code}`);
      }
      expect(codes).toEqual([
        "400 invalid_credentials",
        "400 invalid_credentials",
        "400 invalid_credentials",
        "429 over_request_rate_limit",
      ]);
      // The window passes: allowed again.
      backend.clock.offset += 2 * 60_000;
      const later = await supabase.auth.signInWithPassword({ email: "x@example.com", password: "whatever" });
      expect(later.error?.status).toBe(400);
    });

    it("limits refreshes separately", async () => {
      const limited = await backend.makeAuth({ rateLimits: { refresh: { max: 1, windowMs: 60_000 } } });
      const supabase = backend.client({ auth: limited });
      await supabase.auth.signUp({ email: email("refresh-limit"), password: "secret123" });
      expect((await supabase.auth.refreshSession()).error).toBeNull();
      const second = await supabase.auth.refreshSession();
      expect(second.error?.status).toBe(429);
      expect(second.error?.code).toBe("over_request_rate_limit");
    });
  });

  describe("admin API (service role only)", () => {
    it("refuses the anon key and a user token, in GoTrue's shape", async () => {
      const anon = await call(backend.auth, "GET", "/admin/users", { token: backend.auth.keys.anonKey });
      expect(anon.status).toBe(403);
      expect(anon.body).toMatchObject({ code: "not_admin", message: "User not allowed" });
      expect(anon.headers.get("x-supabase-api-version")).toBe("2024-01-01");
      const none = await call(backend.auth, "GET", "/admin/users");
      expect(none.status).toBe(401);
      expect(none.body["code"]).toBe("no_authorization");
    });

    it("creates, finds, updates and deletes users through supabase-js's auth.admin", async () => {
      const admin = backend.client({ key: backend.auth.keys.serviceRoleKey }).auth.admin;
      const address = email("admin-made");
      const created = await admin.createUser({ email: address, password: "secret123", email_confirm: true });
      expect(created.error).toBeNull();
      const id = created.data.user!.id;
      expect((await admin.createUser({ email: address, password: "secret123" })).error?.code).toBe("email_exists");

      const listed = await admin.listUsers({ page: 1, perPage: 2 });
      expect(listed.error).toBeNull();
      expect(listed.data.users).toHaveLength(2);
      expect((listed.data as { total?: number }).total).toBeGreaterThan(2);

      expect((await admin.getUserById(id)).data.user?.email).toBe(address);
      expect((await admin.updateUserById(id, { password: "changed-secret" })).error).toBeNull();
      const signIn = await backend.client().auth.signInWithPassword({ email: address, password: "changed-secret" });
      expect(signIn.error).toBeNull();

      expect((await admin.deleteUser(id)).error).toBeNull();
      expect((await admin.getUserById(id)).error?.status).toBe(404);
    });

    it("keeps an unconfirmed user out until confirmed", async () => {
      const admin = backend.client({ key: backend.auth.keys.serviceRoleKey }).auth.admin;
      const address = email("unconfirmed");
      await admin.createUser({ email: address, password: "secret123" });
      const { error } = await backend.client().auth.signInWithPassword({ email: address, password: "secret123" });
      expect(error?.code).toBe("email_not_confirmed");
    });
  });

  describe("other endpoints", () => {
    it("answers OAuth with GoTrue's provider-not-enabled error", async () => {
      const res = await call(backend.auth, "GET", "/authorize?provider=github");
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "validation_failed",
        error_code: "validation_failed",
        msg: "Unsupported provider: provider is not enabled",
      });
    });

    it("serves settings, health and the JWKS", async () => {
      expect((await call(backend.auth, "GET", "/settings")).body).toMatchObject({
        mailer_autoconfirm: true,
        disable_signup: false,
      });
      expect((await call(backend.auth, "GET", "/health")).status).toBe(200);
      const jwks = await call(backend.auth, "GET", "/.well-known/jwks.json");
      const key = (jwks.body["keys"] as Record<string, unknown>[])[0];
      expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", kid: backend.auth.keys.kid });
      expect(key).not.toHaveProperty("d");
    });

    it("answers unsupported endpoints with a GoTrue-shaped 404", async () => {
      const { error } = await backend.client().auth.signInWithOtp({ email: "someone@example.com" });
      expect(error?.status).toBe(404);
      expect(error?.code).toBe("not_found");
    });

    it("answers recovery with 501 when no mailer is configured", async () => {
      const { error } = await backend.client().auth.resetPasswordForEmail("someone@example.com");
      expect(error?.status).toBe(501);
      const raw = await call(backend.auth, "POST", "/recover", { body: { email: "someone@example.com" } });
      expect(raw.body["code"]).toBe("email_provider_disabled");
    });

    it("refuses oversized and malformed bodies without a 500", async () => {
      const big = await call(backend.auth, "POST", "/signup", {
        body: JSON.stringify({ email: "a@b.co", password: "x".repeat(100_000) }),
      });
      expect(big.status).toBe(413);
      const broken = await call(backend.auth, "POST", "/token?grant_type=password", { body: "{not json" });
      expect(broken.status).toBe(400);
      expect(broken.body["code"]).toBe("bad_json");
    });
  });
});
