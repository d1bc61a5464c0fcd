// Brute force and weak passwords, on PGlite and PostgreSQL: the per-account sign-in throttle seen
// through the whole server (server/app.ts with TRUST_PROXY=1, over a real socket, clients told
// apart by X-Forwarded-For as behind a reverse proxy), and the weak-password refusals as
// supabase-js reports them. Time is moved with the injected clock, never slept.
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { AuthWeakPasswordError, createClient, isAuthWeakPasswordError } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import bcrypt from "@node-rs/bcrypt";
import type { Hono } from "hono";
import * as OTPAuth from "otpauth";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServerApp } from "../../app.ts";
import type { BackendAccess } from "../../app.ts";
import { setUpBackend } from "../../boot.ts";
import { readConfig } from "../../config.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { TEST_URL, call, mountAuth, startTestBackend } from "./test-support.ts";
import type { TestBackend } from "./test-support.ts";

const MINUTE = 60_000;
const PASSWORD = "correct-horse-battery";

let counter = 0;
const email = (label: string) => `${label}-${++counter}@example.com`;
/** A documentation address (RFC 5737) per simulated client. */
const address = (n: number) => `203.0.113.${n}`;

/** Only /auth/v1 is exercised; the React Router side of the server is never reached. */
const noBuild = async (): Promise<ServerBuild> => {
  throw new Error("no React Router build in this test");
};

/** The production server app in front of an auth app, listening on a loopback port. */
async function listen(app: Hono, trustProxy: string) {
  const server = createServerApp({
    build: noBuild,
    mode: "production",
    config: readConfig({ TRUST_PROXY: trustProxy }),
    backendAccess: { url: TEST_URL, anonKey: "", fetch: globalThis.fetch, publicUrl: null } as unknown as BackendAccess,
    backendApp: app,
  });
  const http = serve({ fetch: server.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => http.once("listening", () => resolve()));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

describeEachDatabase("sign-in protection", (kind) => {
  let backend: TestBackend;
  let url: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    const server = await listen(mountAuth(backend.auth), "1");
    url = server.url;
    stop = server.close;
  });
  afterAll(async () => {
    await stop?.();
    await backend?.close();
  });

  /** supabase-js as a browser behind the proxy at `ip` would use it. */
  const clientFrom = (ip: string): SupabaseClient =>
    createClient(url, backend.auth.keys.anonKey, {
      global: { headers: { "X-Forwarded-For": ip } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });

  /** The raw answer, to compare whole responses. */
  const signIn = async (ip: string, body: { email: string; password: string }) => {
    const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: backend.auth.keys.anonKey, "content-type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.text(), type: res.headers.get("content-type") };
  };

  describe("per-account throttle", () => {
    it("locks an account attacked from many addresses, identically for right and wrong passwords, then lets the owner in", async () => {
      const victim = email("victim");
      expect((await backend.client().auth.signUp({ email: victim, password: PASSWORD })).error).toBeNull();

      // Nine failures from nine addresses, then the owner signs in from another: the count resets.
      for (let n = 1; n <= 9; n++) {
        const { error } = await clientFrom(address(n)).auth.signInWithPassword({
          email: victim,
          password: `guess-${n}`,
        });
        expect(error?.code).toBe("invalid_credentials");
      }
      const owner = address(200);
      const first = await clientFrom(owner).auth.signInWithPassword({ email: victim, password: PASSWORD });
      expect(first.error).toBeNull();
      // The server saw the address from X-Forwarded-For (TRUST_PROXY=1), not the socket's 127.0.0.1.
      const token = first.data.session?.access_token ?? "";
      const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as {
        session_id: string;
      };
      const { rows } = await backend.db.query<{ ip: string | null }>("SELECT ip FROM auth.sessions WHERE id = $1", [
        claims.session_id,
      ]);
      expect(rows[0]?.ip).toBe(owner);

      // Ten failures, each from its own address (a botnet: every address far under the per-IP limit).
      for (let n = 1; n <= 10; n++) {
        const failed = await signIn(address(20 + n), { email: victim.toUpperCase(), password: `guess-${n}` });
        expect(failed.status).toBe(400);
      }

      // The owner's right password, from yet another address, is refused like a wrong one, and
      // without running bcrypt: same status, same body, same speed.
      const compare = vi.spyOn(bcrypt, "verify");
      try {
        const right = await signIn(owner, { email: victim, password: PASSWORD });
        const wrong = await signIn(owner, { email: victim, password: "guess-11" });
        expect(right.status).toBe(429);
        expect(right).toEqual(wrong);
        expect(JSON.parse(right.body)).toEqual({
          code: "over_request_rate_limit",
          error_code: "over_request_rate_limit",
          msg: "Too many failed sign-in attempts for this account, please try again later",
          message: "Too many failed sign-in attempts for this account, please try again later",
        });
        expect(compare).not.toHaveBeenCalled();
        // Other accounts are not affected (and the spy does see bcrypt when it runs).
        const other = email("bystander");
        await backend.client().auth.signUp({ email: other, password: PASSWORD });
        expect(
          (await clientFrom(owner).auth.signInWithPassword({ email: other, password: PASSWORD })).error,
        ).toBeNull();
        expect(compare).toHaveBeenCalledTimes(1);
      } finally {
        compare.mockRestore();
      }
      const blocked = await clientFrom(owner).auth.signInWithPassword({ email: victim, password: PASSWORD });
      expect(blocked.error?.status).toBe(429);
      expect(blocked.error?.code).toBe("over_request_rate_limit");

      // After the 15-minute lockout the right password works, and clears the count: nine more
      // failures do not lock the account again.
      backend.clock.offset += 15 * MINUTE;
      expect((await clientFrom(owner).auth.signInWithPassword({ email: victim, password: PASSWORD })).error).toBeNull();
      for (let n = 1; n <= 9; n++) {
        expect((await signIn(address(40 + n), { email: victim, password: `guess-${n}` })).status).toBe(400);
      }
      expect((await clientFrom(owner).auth.signInWithPassword({ email: victim, password: PASSWORD })).error).toBeNull();
    });

    it("locks unknown e-mails the same way, so the 429 reveals nothing about which accounts exist", async () => {
      const known = email("known");
      await backend.client().auth.signUp({ email: known, password: PASSWORD });
      const unknown = email("nobody");
      for (let n = 1; n <= 10; n++) {
        await signIn(address(60 + n), { email: known, password: `guess-${n}` });
        await signIn(address(60 + n), { email: unknown, password: `guess-${n}` });
      }
      const lockedKnown = await signIn(address(99), { email: known, password: "guess-11" });
      const lockedUnknown = await signIn(address(99), { email: unknown, password: "guess-11" });
      expect(lockedKnown.status).toBe(429);
      expect(lockedUnknown).toEqual(lockedKnown);
    });

    it("is off with maxFailures 0, and the per-IP limit still applies", async () => {
      const off = await backend.makeAuth({
        accountThrottle: { maxFailures: 0 },
        rateLimits: { signInSignUp: { max: 12, windowMs: MINUTE } },
      });
      const server = await listen(mountAuth(off), "1");
      try {
        const target = email("unthrottled");
        const statuses: number[] = [];
        for (let n = 1; n <= 12; n++) {
          const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
            method: "POST",
            headers: { apikey: off.keys.anonKey, "content-type": "application/json", "X-Forwarded-For": address(1) },
            body: JSON.stringify({ email: target, password: `guess-${n}` }),
          });
          statuses.push(res.status);
        }
        expect(statuses.every((s) => s === 400)).toBe(true);
        const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: "POST",
          headers: { apikey: off.keys.anonKey, "content-type": "application/json", "X-Forwarded-For": address(1) },
          body: JSON.stringify({ email: target, password: "guess-13" }),
        });
        expect(res.status).toBe(429);
        expect(((await res.json()) as { msg: string }).msg).toBe("Request rate limit reached");
      } finally {
        await server.close();
      }
    });
  });

  /** A request through the proxy-trusting server from `ip`, with a session's access token. */
  const post = async (ip: string, path: string, token: string, body: unknown = {}) => {
    const res = await fetch(`${url}/auth/v1${path}`, {
      method: "POST",
      headers: {
        apikey: backend.auth.keys.anonKey,
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "X-Forwarded-For": ip,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** An account with a verified TOTP factor, and a fresh password-only (aal1) session of it. */
  async function enrolled(label: string) {
    const owner = email(label);
    const supabase = backend.client();
    await supabase.auth.signUp({ email: owner, password: PASSWORD });
    const factor = (await supabase.auth.mfa.enroll({ factorType: "totp" })).data!;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });
    const code = () => totp.generate({ timestamp: backend.clock.now() });
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: code() })).error).toBeNull();
    /** A code valid in no step the service accepts now. */
    const wrong = (n: number) => {
      const valid = new Set([-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: backend.clock.now() + d })));
      for (let i = n; ; i++) {
        const candidate = String(i * 7919)
          .padStart(6, "0")
          .slice(-6);
        if (!valid.has(candidate)) return candidate;
      }
    };
    const session = async () => {
      const signed = await backend.client().auth.signInWithPassword({ email: owner, password: PASSWORD });
      return signed.data.session!.access_token;
    };
    // The enrolment used this step's code; the next right code belongs to the next step.
    backend.clock.offset += 30_000;
    return { factorId: factor.id, code, wrong, session };
  }

  describe("per-account throttle counts failures only", () => {
    it("accepts fifty right passwords at once from fifty addresses, and they leave no count behind", async () => {
      const busy = email("busy");
      expect((await backend.client().auth.signUp({ email: busy, password: PASSWORD })).error).toBeNull();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, n) => signIn(`198.51.100.${n + 1}`, { email: busy, password: PASSWORD })),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
      // Nine failures after them still do not lock the account.
      for (let n = 1; n <= 9; n++) {
        expect((await signIn(`198.51.100.${100 + n}`, { email: busy, password: `guess-${n}` })).status).toBe(400);
      }
      expect((await signIn("198.51.100.200", { email: busy, password: PASSWORD })).status).toBe(200);
    });

    it("lets a burst of wrong passwords reach bcrypt at most ten times", async () => {
      const victim = email("burst");
      await backend.client().auth.signUp({ email: victim, password: PASSWORD });
      const compare = vi.spyOn(bcrypt, "verify");
      try {
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, n) => signIn(`192.0.2.${n + 1}`, { email: victim, password: `guess-${n}` })),
        );
        expect(results.filter((r) => r.status === 400)).toHaveLength(10);
        expect(results.filter((r) => r.status === 429)).toHaveLength(30);
        expect(compare).toHaveBeenCalledTimes(10);
      } finally {
        compare.mockRestore();
      }
      expect((await signIn("192.0.2.200", { email: victim, password: PASSWORD })).status).toBe(429);
    });
  });

  describe("second factor", () => {
    it("locks a factor after five wrong codes from any addresses and instances, whatever the code", async () => {
      const { factorId, code, wrong, session } = await enrolled("mfa-guessed");
      // Someone with the password guesses the code from three addresses and a second instance.
      const token = await session();
      const challenge = await post(address(150), `/factors/${factorId}/challenge`, token);
      const verify = (ip: string, value: string) =>
        post(ip, `/factors/${factorId}/verify`, token, { challenge_id: challenge.body["id"], code: value });
      const statuses = [];
      for (let n = 0; n < 4; n++) statuses.push((await verify(address(151 + (n % 3)), wrong(n))).status);
      const otherInstance = await backend.makeAuth();
      const fifth = await call(otherInstance, "POST", `/factors/${factorId}/verify`, {
        token,
        body: { challenge_id: challenge.body["id"], code: wrong(9) },
      });
      statuses.push(fifth.status);
      expect(statuses).toEqual([422, 422, 422, 422, 422]);

      const right = await verify(address(160), code());
      expect(right).toEqual({
        status: 429,
        body: {
          code: "over_request_rate_limit",
          error_code: "over_request_rate_limit",
          msg: "Too many failed verification attempts for this factor, please try again later",
          message: "Too many failed verification attempts for this factor, please try again later",
        },
      });
      // The owner's own new sign-in is refused too, for the lock's 15 minutes.
      const ownerToken = await session();
      const ownChallenge = await post(address(161), `/factors/${factorId}/challenge`, ownerToken);
      expect(ownChallenge.status).toBe(200);
      const own = await post(address(161), `/factors/${factorId}/verify`, ownerToken, {
        challenge_id: ownChallenge.body["id"],
        code: code(),
      });
      expect(own.status).toBe(429);

      backend.clock.offset += 15 * MINUTE;
      const later = await session();
      const fresh = await post(address(162), `/factors/${factorId}/challenge`, later);
      const accepted = await post(address(162), `/factors/${factorId}/verify`, later, {
        challenge_id: fresh.body["id"],
        code: code(),
      });
      expect(accepted.status).toBe(200);
    });

    it("starts the count over after a right code", async () => {
      const { factorId, code, wrong, session } = await enrolled("mfa-reset");
      const token = await session();
      const attempt = async (value: string) => {
        const challenge = await post(address(170), `/factors/${factorId}/challenge`, token);
        return (
          await post(address(170), `/factors/${factorId}/verify`, token, {
            challenge_id: challenge.body["id"],
            code: value,
          })
        ).status;
      };
      const first = [];
      for (let n = 0; n < 4; n++) first.push(await attempt(wrong(n)));
      first.push(await attempt(code()));
      expect(first).toEqual([422, 422, 422, 422, 200]);
      backend.clock.offset += 5 * MINUTE;
      const second = [];
      for (let n = 0; n < 4; n++) second.push(await attempt(wrong(n)));
      second.push(await attempt(code()));
      expect(second).toEqual([422, 422, 422, 422, 200]);
    });

    it("bounds the challenges of a factor: ten within their five minutes", async () => {
      const { factorId, session } = await enrolled("mfa-challenges");
      const token = await session();
      // Past the enrolment's own challenge.
      backend.clock.offset += 5 * MINUTE;
      const statuses = [];
      for (let n = 0; n < 11; n++)
        statuses.push((await post(address(180 + n), `/factors/${factorId}/challenge`, token)).status);
      expect(statuses).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
      backend.clock.offset += 5 * MINUTE;
      expect((await post(address(191), `/factors/${factorId}/challenge`, token)).status).toBe(200);
    });
  });

  describe("weak passwords", () => {
    it("refuses common and blank passwords at sign-up as GoTrue does, and accepts a strong one", async () => {
      const cases: [string, string[]][] = [
        ["123456", ["pwned"]],
        ["password", ["pwned"]],
        ["PassWord", ["pwned"]],
        ["      ", ["characters"]],
        ["12345", ["length", "pwned"]],
      ];
      for (const [password, reasons] of cases) {
        const { data, error } = await backend.client().auth.signUp({ email: email("weak"), password });
        expect({ password, session: data.session }).toEqual({ password, session: null });
        expect(error).toBeInstanceOf(AuthWeakPasswordError);
        expect(isAuthWeakPasswordError(error)).toBe(true);
        expect(error?.status).toBe(422);
        expect(error?.code).toBe("weak_password");
        expect((error as AuthWeakPasswordError).reasons).toEqual(reasons);
      }
      const strong = await backend.client().auth.signUp({ email: email("strong"), password: "Ipê amarelo em flor 1" });
      expect(strong.error).toBeNull();
      expect(strong.data.session?.access_token).toBeTruthy();
    });

    it("refuses them on password change and in the admin API too", async () => {
      const supabase = backend.client();
      await supabase.auth.signUp({ email: email("change"), password: PASSWORD });
      const change = await supabase.auth.updateUser({ password: "qwerty123" });
      expect(isAuthWeakPasswordError(change.error)).toBe(true);
      expect((change.error as AuthWeakPasswordError).reasons).toEqual(["pwned"]);

      const admin = backend.client({ key: backend.auth.keys.serviceRoleKey }).auth.admin;
      const created = await admin.createUser({ email: email("admin-weak"), password: "letmein", email_confirm: true });
      expect(created.error?.status).toBe(422);
      expect(created.error?.code).toBe("weak_password");
      const ok = await admin.createUser({ email: email("admin-ok"), password: PASSWORD, email_confirm: true });
      expect(ok.error).toBeNull();
      const updated = await admin.updateUserById(ok.data.user!.id, { password: "        " });
      expect(updated.error?.code).toBe("weak_password");
    });
  });
});

describe("the variables reach the throttle (readConfig -> setUpBackend -> startBackend -> createAuth)", () => {
  it("locks after AUTH_ACCOUNT_MAX_FAILURES failures from different X-Forwarded-For addresses", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "omnia-protection-test-"));
    // The first start prints the seeded admin's password; keep it out of the test output.
    const quiet = vi.spyOn(console, "log").mockImplementation(() => {});
    const config = readConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1", AUTH_ACCOUNT_MAX_FAILURES: "2" });
    const setup = await setUpBackend(config);
    quiet.mockRestore();
    try {
      const app = createServerApp({
        build: noBuild,
        mode: "production",
        config,
        backendAccess: setup.access,
        backendApp: setup.backend?.app,
      });
      const attempt = async (ip: string) =>
        (
          await app.fetch(
            new Request(`${config.siteUrl}/auth/v1/token?grant_type=password`, {
              method: "POST",
              headers: { apikey: setup.access.anonKey, "content-type": "application/json", "X-Forwarded-For": ip },
              body: JSON.stringify({ email: "someone@example.com", password: "not-the-password" }),
            }),
          )
        ).status;
      expect([await attempt(address(1)), await attempt(address(2)), await attempt(address(3))]).toEqual([
        400, 400, 429,
      ]);
    } finally {
      await setup.backend?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
