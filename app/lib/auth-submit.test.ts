import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { submitCredentials } from "./auth-submit";

// The real supabase-js talking to the real backend is covered end to end (tests/e2e/auth.spec.ts);
// here a stand-in auth client produces the two failures a live backend cannot be made to
// produce on demand: an exception that is not an auth error, and a sign-up awaiting e-mail
// confirmation.
function clientWith(auth: Partial<SupabaseClient["auth"]>): Pick<SupabaseClient, "auth"> {
  return { auth: auth as SupabaseClient["auth"] };
}

const credentials = { email: "pessoa@empresa.example", password: "senha-segura" };

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
    expect(await submitCredentials(client, "login", credentials, "x")).toEqual({ status: "unexpected" });
    expect(await submitCredentials(client, "signup", credentials, "x")).toEqual({ status: "unexpected" });
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
});
