// Company sign-in end to end through real supabase-js (signInWithOAuth with PKCE, then
// exchangeCodeForSession) against a real OpenID provider on a local port (oidc-provider), on PGlite
// and PostgreSQL: a new company account signs in without any role; a wrong state, a replayed code
// (the provider's at /callback, ours at /token), a foreign domain, an ID token signed by another
// key, a wrong PKCE verifier and a redirect outside the site are refused. An invited account
// signing in this way for the first time gets the role its invitation carries.
import { createClient } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBackend, TEST_SITE_URL, type TestBackend, makeClient } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { startTestProvider, type TestProvider } from "./oidc-provider.testing.ts";
import type { OidcFetch } from "./oidc.ts";

const CALLBACK = `${TEST_SITE_URL}/auth/v1/callback`;
const ACCOUNTS = {
  ana: { email: "ana@omnia.example", email_verified: true, name: "Ana Lima" },
  bia: { email: "bia@omnia.example", email_verified: true, name: "Bia Souza" },
  caio: { email: "caio@omnia.example", email_verified: true },
  duda: { email: "duda@omnia.example", email_verified: true },
  eva: { email: "eva@omnia.example", email_verified: true },
  fabio: { email: "fabio@omnia.example", email_verified: true },
  helena: { email: "helena@omnia.example", email_verified: true },
  unverified: { email: "gil@omnia.example", email_verified: false },
  intruso: { email: "intruso@outra.example", email_verified: true },
};

describeEachDatabase("company sign-in (OpenID Connect)", (kind) => {
  let provider: TestProvider;
  let t: TestBackend;
  // Set by the test that stands between the backend and the provider's token endpoint.
  let swapIdToken: ((idToken: string) => Promise<string>) | null = null;
  const viaProvider: OidcFetch = async (url, options) => {
    const res = await fetch(url, options as RequestInit);
    if (!swapIdToken || !url.endsWith("/token")) return res;
    const body = (await res.json()) as Record<string, unknown>;
    body["id_token"] = await swapIdToken(String(body["id_token"]));
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  };

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUri: CALLBACK, accounts: ACCOUNTS });
    t = await startTestBackend(kind, {
      oidc: {
        providers: [
          { name: "google", issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
        ],
        allowedDomains: ["omnia.example"],
        fetch: viaProvider,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** supabase-js as the /auth page creates it, PKCE on, talking to the in-process backend. */
  const pkceClient = (): SupabaseClient =>
    createClient(TEST_SITE_URL, t.backend.anonKey, {
      global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => t.backend.fetch(new Request(input, init)) },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: "pkce" },
    });
  const backendGet = (url: string | URL) => t.backend.fetch(new Request(url));

  /** signInWithOAuth, our /authorize, and the provider's login: the provider's redirect to /callback. */
  async function toCallback(client: SupabaseClient, login: string, redirectTo = `${TEST_SITE_URL}/auth`) {
    const { data, error } = await client.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo, skipBrowserRedirect: true },
    });
    if (error) throw error;
    const authorize = await backendGet(data.url);
    expect(authorize.status).toBe(302);
    const providerUrl = authorize.headers.get("location") ?? "";
    expect(providerUrl.startsWith(provider.issuer)).toBe(true);
    const callback = await provider.loginAt(providerUrl, login);
    expect(callback.href.startsWith(CALLBACK)).toBe(true);
    return callback;
  }

  /** Our /callback's redirect, as the browser would follow it. */
  async function atCallback(callback: URL): Promise<URL> {
    const res = await backendGet(callback);
    expect(res.status).toBe(302);
    return new URL(res.headers.get("location") ?? "");
  }

  async function rolesOf(userId: string): Promise<unknown[]> {
    const { data, error } = await makeClient(t.backend, t.backend.serviceRoleKey)
      .from("user_roles")
      .select("role")
      .eq("user_id", userId);
    if (error) throw error;
    return data;
  }

  async function userExists(email: string): Promise<boolean> {
    const { data, error } = await makeClient(t.backend, t.backend.serviceRoleKey).auth.admin.listUsers();
    if (error) throw error;
    return data.users.some((u) => u.email === email);
  }

  it("signs a new company account in without any role, at aal1", async () => {
    const settings = (await (await backendGet(`${TEST_SITE_URL}/auth/v1/settings`)).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external).toMatchObject({ google: true, azure: false });

    const client = pkceClient();
    const back = await atCallback(await toCallback(client, "ana"));
    expect(back.origin + back.pathname).toBe(`${TEST_SITE_URL}/auth`);
    const code = back.searchParams.get("code");
    expect(code).toBeTruthy();

    const { data, error } = await client.auth.exchangeCodeForSession(code ?? "");
    expect(error).toBeNull();
    expect(data.user?.email).toBe("ana@omnia.example");
    expect(data.user?.app_metadata).toMatchObject({ provider: "google", providers: ["google"] });
    expect(data.user?.user_metadata).toMatchObject({ full_name: "Ana Lima", email_verified: true });
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe("aal1");
    const claims = decodeJwt(data.session?.access_token ?? "");
    expect(claims["amr"]).toEqual([expect.objectContaining({ method: "oauth" })]);
    // The spec's rule: no role until an admin grants one.
    expect(await rolesOf(data.user?.id ?? "")).toEqual([]);
    const me = await client.auth.getUser();
    expect(me.data.user?.id).toBe(data.user?.id);

    // Our auth code works once.
    const again = await t.backend.fetch(
      new Request(`${TEST_SITE_URL}/auth/v1/token?grant_type=pkce`, {
        method: "POST",
        headers: { apikey: t.backend.anonKey, "content-type": "application/json" },
        body: JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }),
      }),
    );
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "flow_state_not_found" });
  });

  it("refuses a wrong state, and the provider's code a second time", async () => {
    const client = pkceClient();
    const callback = await toCallback(client, "bia");
    const forged = new URL(callback);
    forged.searchParams.set("state", "not-the-state-we-sent");
    const wrong = await backendGet(forged);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "bad_oauth_state" });

    // The forged attempt did not spend the real flow.
    const back = await atCallback(callback);
    expect(back.searchParams.get("code")).toBeTruthy();
    const replay = await backendGet(callback);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: "bad_oauth_state" });

    // Nor does the provider's code work with the state of a new flow.
    const fresh = await toCallback(pkceClient(), "bia");
    const spliced = new URL(fresh);
    spliced.searchParams.set("code", callback.searchParams.get("code") ?? "");
    const refused = await atCallback(spliced);
    expect(refused.searchParams.get("code")).toBeNull();
    expect(refused.searchParams.get("error_code")).toBe("bad_oauth_callback");
  });

  it("refuses an address outside the allowed domains, and an unverified one", async () => {
    const foreign = await atCallback(await toCallback(pkceClient(), "intruso"));
    expect(foreign.origin + foreign.pathname).toBe(`${TEST_SITE_URL}/auth`);
    expect(foreign.searchParams.get("code")).toBeNull();
    expect(foreign.searchParams.get("error")).toBe("access_denied");
    expect(foreign.searchParams.get("error_code")).toBe("email_address_not_authorized");
    expect(await userExists("intruso@outra.example")).toBe(false);

    const unverified = await atCallback(await toCallback(pkceClient(), "unverified"));
    expect(unverified.searchParams.get("error_code")).toBe("provider_email_needs_verification");
    expect(await userExists("gil@omnia.example")).toBe(false);
  });

  it("refuses an ID token signed by another key", async () => {
    const foreignKey = await generateKeyPair("RS256");
    swapIdToken = async (idToken) => {
      const header = decodeProtectedHeader(idToken);
      // The same claims and key id, signed by a key the provider's JWKS does not hold.
      return new SignJWT(decodeJwt(idToken))
        .setProtectedHeader({ alg: header.alg ?? "RS256", kid: header.kid ?? "" })
        .sign(foreignKey.privateKey);
    };
    try {
      const back = await atCallback(await toCallback(pkceClient(), "caio"));
      expect(back.searchParams.get("code")).toBeNull();
      expect(back.searchParams.get("error_code")).toBe("bad_oauth_callback");
      expect(await userExists("caio@omnia.example")).toBe(false);
    } finally {
      swapIdToken = null;
    }
  });

  it("refuses a wrong PKCE verifier and spends the code", async () => {
    const client = pkceClient();
    const back = await atCallback(await toCallback(client, "duda"));
    const code = back.searchParams.get("code") ?? "";
    const exchange = (verifier: string) =>
      t.backend.fetch(
        new Request(`${TEST_SITE_URL}/auth/v1/token?grant_type=pkce`, {
          method: "POST",
          headers: { apikey: t.backend.anonKey, "content-type": "application/json" },
          body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
        }),
      );
    const wrong = await exchange("a-verifier-that-is-not-the-one-the-challenge-came-from");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "bad_code_verifier" });
    const { error } = await client.auth.exchangeCodeForSession(code);
    expect(error?.code).toBe("flow_state_not_found");
  });

  it("sends a redirect outside the site to the site itself", async () => {
    const client = pkceClient();
    const back = await atCallback(await toCallback(client, "eva", "https://evil.example/steal"));
    expect(back.origin).toBe(TEST_SITE_URL);
    expect(back.pathname).toBe("/");
    const { error } = await client.auth.exchangeCodeForSession(back.searchParams.get("code") ?? "");
    expect(error).toBeNull();
  });

  it("takes an unconfirmed account's password away when the provider vouches for the address", async () => {
    const service = makeClient(t.backend, t.backend.serviceRoleKey);
    const password = "senha-de-quem-se-adiantou";
    const created = await service.auth.admin.createUser({ email: "gil@omnia.example", password });
    expect(created.error).toBeNull();
    // The provider now says the address is verified (the "unverified" account's claims change).
    ACCOUNTS.unverified.email_verified = true;
    try {
      const client = pkceClient();
      const back = await atCallback(await toCallback(client, "unverified"));
      const { data, error } = await client.auth.exchangeCodeForSession(back.searchParams.get("code") ?? "");
      expect(error).toBeNull();
      expect(data.user?.id).toBe(created.data.user?.id);
      expect(data.user?.email_confirmed_at).toBeTruthy();
    } finally {
      ACCOUNTS.unverified.email_verified = false;
    }
    const old = await pkceClient().auth.signInWithPassword({ email: "gil@omnia.example", password });
    expect(old.error?.code).toBe("invalid_credentials");
  });

  it("refuses providers that are not configured, and signs an existing account in", async () => {
    const res = await backendGet(`${TEST_SITE_URL}/auth/v1/authorize?provider=azure`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ msg: "Unsupported provider: provider is not enabled" });
    // An existing password account keeps its password after signing in with the provider.
    const existing = await t.user("fabio@omnia.example");
    const client = pkceClient();
    const back = await atCallback(await toCallback(client, "fabio"));
    const { data, error } = await client.auth.exchangeCodeForSession(back.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user?.id).toBe(existing.id);
    expect(data.user?.app_metadata["providers"]).toEqual(["email", "google"]);
  });

  it("gives an invited account the role of its invitation when it first signs in with the provider", async () => {
    const service = makeClient(t.backend, t.backend.serviceRoleKey);
    const created = await service.auth.admin.createUser({ email: "helena@omnia.example" });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? "";
    // An invitation not yet accepted, as /admin/convite leaves it, with the role an admin chose.
    await t.backend.db.query("UPDATE auth.users SET invited_at = now() WHERE id = $1", [id]);
    const admin = await t.user(`admin-${kind}@omnia.example`, { admin: true });
    expect((await admin.client.rpc("set_invited_role", { member: id, new_role: "editor" })).error).toBeNull();
    expect(await rolesOf(id)).toEqual([]);

    const client = pkceClient();
    const back = await atCallback(await toCallback(client, "helena"));
    const { data, error } = await client.auth.exchangeCodeForSession(back.searchParams.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(await rolesOf(id)).toEqual([{ role: "editor" }]);
  });
});
