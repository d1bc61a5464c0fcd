import { AuthApiError, AuthWeakPasswordError } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { submitCredentials } from "./auth-submit";

// The real supabase-js talking to the real backend is covered end to end (tests/e2e/auth.spec.ts,
// server/backend/auth/protection.test.ts); here a stand-in auth client produces what a live
// backend cannot be made to produce on demand: an exception that is not an auth error, a
// sign-up awaiting e-mail confirmation, and each weak-password reason and 429 as supabase-js
// reports them (its own error classes, built as its fetch layer builds them).
function clientWith(auth: Partial<SupabaseClient["auth"]>): Pick<SupabaseClient, "auth"> {
  return { auth: auth as SupabaseClient["auth"] };
}

const credentials = { email: "pessoa@empresa.example", password: "senha-segura" };

/** What supabase-js returns for the backend's 429 (per account here; per address reads the same). */
async function tooMany() {
  return {
    data: { user: null, session: null },
    error: new AuthApiError(
      "Too many failed sign-in attempts for this account, please try again later",
      429,
      "over_request_rate_limit",
    ),
  };
}

describe("submitCredentials", () => {
  it("reports the signed-in user", async () => {
    const client = clientWith({
      signInWithPassword: (async () => ({ data: { user: { id: "u1" }, session: {} }, error: null })) as never,
    });
    expect(await submitCredentials(client, "login", credentials, "http://localhost:3000/")).toEqual({
      status: "signed-in",
      userId: "u1",
    });
  });

  it("passes the service's message through", async () => {
    const client = clientWith({
      signInWithPassword: (async () => ({
        data: { user: null, session: null },
        error: { message: "Invalid login credentials" },
      })) as never,
    });
    expect(await submitCredentials(client, "login", credentials, "http://localhost:3000/")).toEqual({
      status: "service-error",
      message: "Invalid login credentials",
      error: { kind: "unknown", message: "Invalid login credentials" },
    });
  });

  it("turns anything thrown into the unexpected outcome", async () => {
    const client = clientWith({
      signInWithPassword: (async () => {
        throw new TypeError("Cannot read properties of undefined");
      }) as never,
      signUp: (async () => {
        throw new Error("boom");
      }) as never,
    });
    expect(await submitCredentials(client, "login", credentials, "x")).toEqual({
      status: "unexpected",
      error: { kind: "unknown", message: "Cannot read properties of undefined", thrown: true },
    });
    expect(await submitCredentials(client, "signup", credentials, "x")).toEqual({
      status: "unexpected",
      error: { kind: "unknown", message: "boom", thrown: true },
    });
  });

  it("signs up with the e-mail redirect to the site's origin, and tells a confirmation-first project apart", async () => {
    const calls: unknown[] = [];
    const client = clientWith({
      signUp: (async (params: unknown) => {
        calls.push(params);
        return { data: { user: { id: "u2" }, session: null }, error: null };
      }) as never,
    });
    expect(await submitCredentials(client, "signup", credentials, "https://omnia.com.br/")).toEqual({
      status: "confirm-email",
    });
    expect(calls).toEqual([{ ...credentials, options: { emailRedirectTo: "https://omnia.com.br/" } }]);
  });

  it("tells which weak-password reason to explain, the most useful first", async () => {
    type Reasons = ConstructorParameters<typeof AuthWeakPasswordError>[2];
    const signUpFailing = (reasons: Reasons) =>
      clientWith({
        signUp: (async () => ({
          data: { user: null, session: null },
          error: new AuthWeakPasswordError("Password is known to be weak", 422, reasons),
        })) as never,
      });
    const reasonOf = async (reasons: Reasons) => {
      const outcome = await submitCredentials(signUpFailing(reasons), "signup", credentials, "http://localhost:3000/");
      if (outcome.status !== "weak-password") return outcome;
      expect(outcome.error).toMatchObject({ kind: "invalid", code: "weak_password", status: 422, reasons });
      return { status: outcome.status, reason: outcome.reason };
    };
    expect(await reasonOf(["pwned"])).toEqual({ status: "weak-password", reason: "common" });
    expect(await reasonOf(["length", "pwned"])).toEqual({ status: "weak-password", reason: "common" });
    expect(await reasonOf(["characters"])).toEqual({ status: "weak-password", reason: "characters" });
    expect(await reasonOf(["length"])).toEqual({ status: "weak-password", reason: "length" });
    expect(await reasonOf([])).toEqual({ status: "weak-password", reason: "other" });
  });

  it("reports a 429 as throttled, on sign-in and on sign-up, whatever its message", async () => {
    const client = clientWith({ signInWithPassword: tooMany as never, signUp: tooMany as never });
    const throttled = {
      status: "throttled",
      error: expect.objectContaining({ kind: "throttled", status: 429, code: "over_request_rate_limit" }),
    };
    expect(await submitCredentials(client, "login", credentials, "x")).toEqual(throttled);
    expect(await submitCredentials(client, "signup", credentials, "x")).toEqual(throttled);
  });

  it("keeps passing other service errors through unchanged", async () => {
    const client = clientWith({
      signUp: (async () => ({
        data: { user: null, session: null },
        error: new AuthApiError("User already registered", 422, "user_already_exists"),
      })) as never,
    });
    expect(await submitCredentials(client, "signup", credentials, "x")).toEqual({
      status: "service-error",
      message: "User already registered",
      error: { kind: "conflict", message: "User already registered", code: "user_already_exists", status: 422 },
    });
  });
});
