// Passkeys as a second factor through real supabase-js (mfa.enroll / challenge / verify with
// webauthn), on PGlite and PostgreSQL, answered by a software authenticator: enrolment and a
// later sign-in reach aal2 and pass the restrictive policies like TOTP; a wrong origin, a
// replayed assertion and a counter that goes backwards are refused and leave the session aal1.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { SoftAuthenticator, type ChallengeOptions } from "./soft-authenticator.testing.ts";

const PASSWORD = "correct-horse-battery";
const RP_ID = new URL(TEST_SITE_URL).hostname;

type VerifyParams = Parameters<SupabaseClient["auth"]["mfa"]["verify"]>[0];

/** The authenticator's JSON where supabase-js expects a browser credential (it calls toJSON()). */
function verifyParams(factorId: string, challengeId: string, type: "create" | "request", json: object): VerifyParams {
  return {
    factorId,
    challengeId,
    webauthn: { type, rpId: RP_ID, rpOrigins: [TEST_SITE_URL], credential_response: { toJSON: () => json } },
  } as unknown as VerifyParams;
}

async function challenge(client: SupabaseClient, factorId: string) {
  const { data, error } = await client.auth.mfa.challenge({ factorId, webauthn: { rpId: RP_ID } });
  if (error) throw error;
  if (data.type !== "webauthn") throw new Error(`a ${data.type} challenge`);
  return {
    id: data.id,
    type: data.webauthn.type,
    options: data.webauthn.credential_options.publicKey as ChallengeOptions,
  };
}

async function aal(client: SupabaseClient): Promise<string | null> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.currentLevel;
}

/** Whether the session reads leads: the restrictive "Second factor for leads" policy. */
async function readsLeads(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.from("contact_messages").select("id");
  return error === null && (data?.length ?? 0) > 0;
}

describeEachDatabase("passkeys as a second factor", (kind) => {
  let t: TestBackend;
  let n = 0;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    const service = t.client(t.backend.serviceRoleKey);
    const lead = await service.from("contact_messages").insert({
      name: "Ana",
      email: "ana@example.com",
      subject: "demo",
      message: "Quero uma demonstração do produto.",
    });
    if (lead.error) throw new Error(lead.error.message);
  });
  afterAll(() => t?.close());

  /** An admin with a verified passkey; `client` is the enrolling session, now aal2. */
  async function enrolled() {
    const email = `passkey-${++n}@example.com`;
    const { client } = await t.user(email, { admin: true });
    const authenticator = new SoftAuthenticator(TEST_SITE_URL);
    const factor = await client.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "Chave do notebook" });
    if (factor.error) throw factor.error;
    const created = await challenge(client, factor.data.id);
    const verified = await client.auth.mfa.verify(
      verifyParams(factor.data.id, created.id, "create", authenticator.register(created.options)),
    );
    if (verified.error) throw verified.error;
    const signIn = async () => {
      const fresh = t.client();
      const { error } = await fresh.auth.signInWithPassword({ email, password: PASSWORD });
      if (error) throw error;
      return fresh;
    };
    return { client, factorId: factor.data.id, authenticator, signIn };
  }

  it("enrols a passkey: the factor is verified, the session aal2 with mfa/webauthn, leads readable", async () => {
    const email = `passkey-${++n}@example.com`;
    const { client } = await t.user(email, { admin: true });
    expect(await readsLeads(client)).toBe(true);

    const factor = await client.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "Chave do notebook" });
    expect(factor.error).toBeNull();
    expect(factor.data).toEqual({ id: expect.any(String), type: "webauthn", friendly_name: "Chave do notebook" });
    const factorId = factor.data?.id ?? "";

    const created = await challenge(client, factorId);
    expect(created.type).toBe("create");
    expect(created.options.rp?.id).toBe(RP_ID);

    const authenticator = new SoftAuthenticator(TEST_SITE_URL);
    const verified = await client.auth.mfa.verify(
      verifyParams(factorId, created.id, "create", authenticator.register(created.options)),
    );
    expect(verified.error).toBeNull();
    expect(await aal(client)).toBe("aal2");
    const { data: claims } = await client.auth.getClaims();
    expect(claims?.claims.amr?.map((entry) => (typeof entry === "string" ? entry : entry.method))).toContain(
      "mfa/webauthn",
    );
    expect(await readsLeads(client)).toBe(true);

    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.webauthn.map((f) => [f.id, f.status])).toEqual([[factorId, "verified"]]);

    // Stored as GoTrue stores it: go-webauthn's Credential JSON, byte fields in standard base64.
    const { rows } = await t.backend.db.query<{ web_authn_credential: { id: string; authenticator: object } }>(
      "SELECT web_authn_credential FROM auth.mfa_factors WHERE id = $1",
      [factorId],
    );
    expect(rows[0]?.web_authn_credential.id).toBe(Buffer.from(authenticator.credentialId).toString("base64"));
    expect(rows[0]?.web_authn_credential.authenticator).toMatchObject({ signCount: 0, cloneWarning: false });
  });

  it("signs in with the passkey: aal1 after the password, aal2 after the assertion", async () => {
    const { factorId, authenticator, signIn } = await enrolled();
    const client = await signIn();
    expect(await aal(client)).toBe("aal1");
    expect(await readsLeads(client)).toBe(false);

    const request = await challenge(client, factorId);
    expect(request.type).toBe("request");
    const verified = await client.auth.mfa.verify(
      verifyParams(factorId, request.id, "request", authenticator.assert(request.options)),
    );
    expect(verified.error).toBeNull();
    expect(await aal(client)).toBe("aal2");
    expect(await readsLeads(client)).toBe(true);
  });

  it("refuses an assertion made for another origin, and a registration too", async () => {
    const { factorId, authenticator, signIn } = await enrolled();
    const client = await signIn();
    const request = await challenge(client, factorId);
    const refused = await client.auth.mfa.verify(
      verifyParams(factorId, request.id, "request", authenticator.assert(request.options, "https://evil.example")),
    );
    expect(refused.error).toMatchObject({ status: 400, code: "webauthn_verification_failed" });
    expect(await aal(client)).toBe("aal1");

    const other = await t.user(`passkey-${++n}@example.com`);
    const factor = await other.client.auth.mfa.enroll({ factorType: "webauthn" });
    const created = await challenge(other.client, factor.data?.id ?? "");
    const registration = new SoftAuthenticator("https://evil.example").register(created.options);
    const refusedRegistration = await other.client.auth.mfa.verify(
      verifyParams(factor.data?.id ?? "", created.id, "create", registration),
    );
    expect(refusedRegistration.error).toMatchObject({ status: 400, code: "webauthn_verification_failed" });
    expect((await other.client.auth.mfa.listFactors()).data?.webauthn).toEqual([]);
  });

  it("refuses a replayed assertion, with its challenge and with a new one", async () => {
    const { factorId, authenticator, signIn } = await enrolled();
    const first = await signIn();
    const request = await challenge(first, factorId);
    const assertion = authenticator.assert(request.options);
    expect((await first.auth.mfa.verify(verifyParams(factorId, request.id, "request", assertion))).error).toBeNull();

    // Someone who captured it, with a session of their own (the password is known).
    const attacker = await signIn();
    const sameChallenge = await attacker.auth.mfa.verify(verifyParams(factorId, request.id, "request", assertion));
    expect(sameChallenge.error).toMatchObject({ status: 422, code: "mfa_challenge_not_found" });
    const fresh = await challenge(attacker, factorId);
    const newChallenge = await attacker.auth.mfa.verify(verifyParams(factorId, fresh.id, "request", assertion));
    expect(newChallenge.error).toMatchObject({ status: 400, code: "webauthn_verification_failed" });
    expect(await aal(attacker)).toBe("aal1");
  });

  it("refuses an assertion whose counter went backwards (a cloned authenticator)", async () => {
    const { factorId, authenticator, signIn } = await enrolled();
    for (let i = 0; i < 3; i++) {
      const client = await signIn();
      const request = await challenge(client, factorId);
      const ok = await client.auth.mfa.verify(
        verifyParams(factorId, request.id, "request", authenticator.assert(request.options)),
      );
      expect(ok.error).toBeNull();
    }
    // A copy of the key that signed fewer times than the original.
    authenticator.counter = 1;
    const client = await signIn();
    const request = await challenge(client, factorId);
    const refused = await client.auth.mfa.verify(
      verifyParams(factorId, request.id, "request", authenticator.assert(request.options)),
    );
    expect(refused.error).toMatchObject({ status: 400, code: "webauthn_verification_failed" });
    expect(await aal(client)).toBe("aal1");
  });

  it("removes a passkey from an aal2 session; the session falls back to aal1", async () => {
    const { client, factorId } = await enrolled();
    const removed = await client.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    await client.auth.refreshSession();
    expect(await aal(client)).toBe("aal1");
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});
