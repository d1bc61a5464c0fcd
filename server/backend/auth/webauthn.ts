// WebAuthn (passkey) second factors: the ceremonies of GoTrue's /factors endpoints for a factor
// of type `webauthn`, done by @simplewebauthn/server (ADR 079). The relying party is SITE_URL:
// its host name is the RP ID and its origin the only origin accepted, whatever the client says.
// A verified factor keeps its credential in GoTrue's column, as go-webauthn's Credential JSON
// (byte fields in standard base64), so factors move to and from hosted Supabase.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Queryable } from "../db/types.ts";

/** go-webauthn's Credential, as GoTrue stores it in auth.mfa_factors.web_authn_credential. */
export interface StoredCredential {
  id: string;
  publicKey: string;
  attestationType: string;
  transport: string[];
  flags: { userPresent: boolean; userVerified: boolean; backupEligible: boolean; backupState: boolean };
  authenticator: { AAGUID: string; signCount: number; cloneWarning: boolean; attachment: string };
}

/** What a challenge remembers until its answer (auth.mfa_challenges.web_authn_session_data). */
export interface CeremonyState {
  challenge: string;
  rpId: string;
  user_id: string;
  userVerification: "preferred";
}

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin };
}

const toStd = (base64url: string) => Buffer.from(base64url, "base64url").toString("base64");
const toUrl = (base64: string) => Buffer.from(base64, "base64").toString("base64url");

/** The credentials of the user's verified WebAuthn factors (to exclude from a new registration). */
export async function credentialsOfUser(tx: Queryable, userId: string): Promise<StoredCredential[]> {
  const { rows } = await tx.query<{ web_authn_credential: StoredCredential | string | null }>(
    "SELECT web_authn_credential FROM auth.mfa_factors WHERE user_id = $1 AND factor_type = 'webauthn' AND status = 'verified'",
    [userId],
  );
  return rows.flatMap((row) => (row.web_authn_credential ? [parseStored(row.web_authn_credential)] : []));
}

export async function credentialOfFactor(tx: Queryable, factorId: string): Promise<StoredCredential | null> {
  const { rows } = await tx.query<{ web_authn_credential: StoredCredential | string | null }>(
    "SELECT web_authn_credential FROM auth.mfa_factors WHERE id = $1",
    [factorId],
  );
  const stored = rows[0]?.web_authn_credential;
  return stored ? parseStored(stored) : null;
}

function parseStored(value: StoredCredential | string): StoredCredential {
  return typeof value === "string" ? (JSON.parse(value) as StoredCredential) : value;
}

/** Options for navigator.credentials.create(), and the state to check its answer against. */
export async function registrationCeremony(
  rp: RelyingParty,
  user: { id: string; email: string },
  existing: StoredCredential[],
): Promise<{ options: unknown; state: CeremonyState }> {
  const options = await generateRegistrationOptions({
    rpName: rp.id,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((credential) => ({ id: toUrl(credential.id), transports: credential.transport })),
    authenticatorSelection: { residentKey: "discouraged", userVerification: "preferred" },
  });
  return {
    options,
    state: { challenge: options.challenge, rpId: rp.id, user_id: options.user.id, userVerification: "preferred" },
  };
}

/** Options for navigator.credentials.get() with the factor's one credential. */
export async function authenticationCeremony(
  rp: RelyingParty,
  credential: StoredCredential,
): Promise<{ options: unknown; state: CeremonyState }> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [{ id: toUrl(credential.id), transports: credential.transport }],
    userVerification: "preferred",
  });
  return { options, state: { challenge: options.challenge, rpId: rp.id, user_id: "", userVerification: "preferred" } };
}

/** The new credential, or null when the answer does not prove one for this challenge and origin. */
export async function verifyRegistration(
  rp: RelyingParty,
  state: CeremonyState,
  response: unknown,
): Promise<{ credential: StoredCredential; aaguid: string } | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: state.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A second factor: presence is enough, as GoTrue's default ("preferred").
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const info = result.registrationInfo;
    return {
      aaguid: info.aaguid,
      credential: {
        id: toStd(info.credential.id),
        publicKey: Buffer.from(info.credential.publicKey).toString("base64"),
        attestationType: info.fmt,
        transport: info.credential.transports ?? [],
        flags: {
          userPresent: true,
          userVerified: info.userVerified,
          backupEligible: info.credentialDeviceType === "multiDevice",
          backupState: info.credentialBackedUp,
        },
        authenticator: {
          AAGUID: Buffer.from(info.aaguid.replaceAll("-", ""), "hex").toString("base64"),
          signCount: info.credential.counter,
          cloneWarning: false,
          attachment: "",
        },
      },
    };
  } catch {
    return null;
  }
}

/**
 * The credential with its new signature counter, or null when the assertion is not by it, not
 * for this challenge and origin, or its counter did not move forward (a cloned authenticator or
 * a replay: @simplewebauthn refuses a counter at or below the stored one unless both are 0).
 */
export async function verifyAssertion(
  rp: RelyingParty,
  state: CeremonyState,
  credential: StoredCredential,
  response: unknown,
): Promise<StoredCredential | null> {
  try {
    const answer = response as AuthenticationResponseJSON;
    if (answer.id !== toUrl(credential.id)) return null;
    const result = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: state.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: toUrl(credential.id),
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, "base64")),
        counter: credential.authenticator.signCount,
        transports: credential.transport,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const info = result.authenticationInfo;
    return {
      ...credential,
      flags: { ...credential.flags, userVerified: info.userVerified, backupState: info.credentialBackedUp },
      authenticator: { ...credential.authenticator, signCount: info.newCounter },
    };
  } catch {
    return null;
  }
}
