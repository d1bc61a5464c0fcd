// TOTP and WebAuthn multi-factor authentication, as GoTrue's /factors endpoints
// (internal/api/mfa.go): enrol -> challenge -> verify (the session becomes aal2, `totp` or
// `mfa/webauthn` joins amr) -> unenrol. A WebAuthn factor's challenge is a registration until it
// is verified, then an assertion of its credential (webauthn.ts). Phone factors are disabled,
// with GoTrue's own error for a disabled factor type.
import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Queryable } from "../db/types.ts";
import { authenticate, isAal2, rateLimit, readBody, setAuditAddress } from "./context.ts";
import type { AuthContext } from "./context.ts";
import { authErrors } from "./errors.ts";
import { recordAmr, reissueRefreshToken, tokenResponse } from "./sessions.ts";
import { isUuid, listFactors } from "./users.ts";
import {
  authenticationCeremony,
  credentialOfFactor,
  credentialsOfUser,
  registrationCeremony,
  relyingPartyOf,
  verifyAssertion,
  verifyRegistration,
} from "./webauthn.ts";
import type { CeremonyState, StoredCredential } from "./webauthn.ts";

import type { FactorRow } from "./users.ts";

/** GoTrue's MFA_MAX_ENROLLED_FACTORS default. */
const MAX_FACTORS = 10;

const STEP_SECONDS = 30;

/**
 * Per factor, whatever address or session the codes come from (NIST SP 800-63B §5.2.2): after
 * `maxFailures` wrong codes within `windowMs` the factor answers 429 for `lockoutMs`, whatever
 * the code; a right code starts the count over. At most `maxChallenges` challenges per factor
 * live at once (a challenge lasts 5 minutes). Counted in omnia_internal.mfa_factor_guard, so
 * instances on one PostgreSQL count together.
 */
export const MFA_GUARD = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  maxChallenges: 10,
};

interface Guard {
  since: number;
  failures: number;
  lockedUntil: number | null;
  usedSteps: number[];
}

async function readGuard(tx: Queryable, factorId: string): Promise<Guard> {
  const { rows } = await tx.query<{
    since: string | number;
    failures: number;
    locked_until: string | number | null;
    used_steps: number[] | null;
  }>("SELECT since, failures, locked_until, used_steps FROM omnia_internal.mfa_factor_guard WHERE factor_id = $1", [
    factorId,
  ]);
  const row = rows[0];
  if (!row) return { since: 0, failures: 0, lockedUntil: null, usedSteps: [] };
  return {
    since: Number(row.since),
    failures: row.failures,
    lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
    usedSteps: (row.used_steps ?? []).map(Number),
  };
}

async function writeGuard(tx: Queryable, factorId: string, guard: Guard): Promise<void> {
  await tx.query(
    `INSERT INTO omnia_internal.mfa_factor_guard (factor_id, since, failures, locked_until, used_steps)
     VALUES ($1, $2, $3, $4, $5::integer[])
     ON CONFLICT (factor_id) DO UPDATE SET since = excluded.since, failures = excluded.failures,
       locked_until = excluded.locked_until, used_steps = excluded.used_steps`,
    [factorId, guard.since, guard.failures, guard.lockedUntil, guard.usedSteps],
  );
}

/** Steps that a code could still be accepted for (one step of drift either way) stay remembered. */
function liveSteps(steps: number[], nowMs: number): number[] {
  const current = Math.floor(nowMs / 1000 / STEP_SECONDS);
  return steps.filter((step) => step >= current - 1);
}

async function recordFailure(tx: Queryable, factorId: string, guard: Guard, nowMs: number): Promise<void> {
  // A lock that has passed, or a window that has, starts the count over.
  const fresh = guard.lockedUntil !== null || nowMs - guard.since >= MFA_GUARD.windowMs;
  const failures = (fresh ? 0 : guard.failures) + 1;
  const locked = failures >= MFA_GUARD.maxFailures;
  await writeGuard(tx, factorId, {
    since: fresh ? nowMs : guard.since,
    failures: locked ? 0 : failures,
    lockedUntil: locked ? nowMs + MFA_GUARD.lockoutMs : null,
    usedSteps: liveSteps(guard.usedSteps, nowMs),
  });
}

/** `step`: the TOTP time step just used; null for a WebAuthn assertion. */
async function recordSuccess(tx: Queryable, factorId: string, guard: Guard, step: number | null, nowMs: number) {
  await writeGuard(tx, factorId, {
    since: nowMs,
    failures: 0,
    lockedUntil: null,
    usedSteps: [...liveSteps(guard.usedSteps, nowMs), ...(step === null ? [] : [step])],
  });
}

/** The time step a six-digit code belongs to (now, or one step either side), or null. */
function acceptedStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, "", "").validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / STEP_SECONDS) + delta;
}

function totpFor(secret: string, issuer: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/**
 * A WebAuthn factor's ceremony: registration while it is unverified (excluding the user's other
 * credentials), then an assertion by its own credential. `webauthn` is GoTrue's answer field.
 */
async function webauthnCeremony(
  ctx: AuthContext,
  tx: Queryable,
  user: { id: string; email: string | null },
  factor: FactorRow,
): Promise<{ state: CeremonyState; webauthn: { type: "create" | "request"; credential_options: unknown } }> {
  const rp = relyingPartyOf(ctx.siteUrl);
  if (factor.status !== "verified") {
    const existing = await credentialsOfUser(tx, user.id);
    const { options, state } = await registrationCeremony(rp, { id: user.id, email: user.email ?? user.id }, existing);
    return { state, webauthn: { type: "create", credential_options: { publicKey: options } } };
  }
  const credential = await credentialOfFactor(tx, factor.id);
  if (!credential) throw authErrors.factorNotFound();
  const { options, state } = await authenticationCeremony(rp, credential);
  return { state, webauthn: { type: "request", credential_options: { publicKey: options } } };
}

/** GoTrue's checks of a WebAuthn verify body, before any ceremony (400 validation_failed). */
function webauthnAnswer(value: unknown): { type: "create" | "request"; response: unknown } {
  if (typeof value !== "object" || value === null) throw authErrors.validation("WebAuthn config required");
  const fields = value as Record<string, unknown>;
  if (fields["type"] !== "create" && fields["type"] !== "request") {
    throw authErrors.validation("WebAuthn type must be create or request");
  }
  const response = fields["credential_response"];
  if (typeof response !== "object" || response === null) throw authErrors.validation("credential_response required");
  return { type: fields["type"], response };
}

/**
 * The credential a WebAuthn answer proves (new when the factor is unverified, with its counter
 * moved forward otherwise), or null: wrong ceremony, challenge, origin, key or counter.
 */
async function checkWebauthn(
  ctx: AuthContext,
  tx: Queryable,
  factor: FactorRow,
  state: CeremonyState | null,
  answer: { type: "create" | "request"; response: unknown },
): Promise<{ credential: StoredCredential; aaguid: string | null } | null> {
  if (!state) return null;
  const rp = relyingPartyOf(ctx.siteUrl);
  if (factor.status !== "verified") {
    if (answer.type !== "create") return null;
    return verifyRegistration(rp, state, answer.response);
  }
  if (answer.type !== "request") return null;
  const stored = await credentialOfFactor(tx, factor.id);
  const credential = stored ? await verifyAssertion(rp, state, stored, answer.response) : null;
  return credential ? { credential, aaguid: null } : null;
}

export function registerMfaRoutes(app: Hono, ctx: AuthContext): void {
  const { db } = ctx;

  app.post("/factors", async (c) => {
    const body = await readBody(c);
    const factorType = body["factor_type"];
    if (factorType === "phone") throw authErrors.mfaPhoneDisabled();
    if (factorType !== "totp" && factorType !== "webauthn") {
      throw authErrors.validation("factor_type needs to be totp, phone, or webauthn");
    }
    const friendlyName = typeof body["friendly_name"] === "string" ? body["friendly_name"].slice(0, 255) : "";
    const issuer =
      typeof body["issuer"] === "string" && body["issuer"].trim() !== ""
        ? body["issuer"].trim().slice(0, 255)
        : new URL(ctx.siteUrl).hostname;

    const secret = factorType === "totp" ? new OTPAuth.Secret({ size: 20 }).base32 : null;
    const result = await db.transaction(async (tx) => {
      const auth = await authenticate(ctx, c, tx);
      const { user } = auth;
      const factors = await listFactors(tx, user.id);
      // GoTrue: once a factor is verified, adding another needs the second factor too.
      if (factors.some((f) => f.status === "verified") && !isAal2(auth)) {
        throw authErrors.insufficientAal("AAL2 required to enroll a new factor");
      }
      if (factors.length >= MAX_FACTORS) {
        throw authErrors.tooManyFactors();
      }
      if (friendlyName !== "" && factors.some((f) => f.friendly_name === friendlyName)) {
        throw authErrors.factorNameConflict(friendlyName);
      }
      const id = randomUUID();
      const now = new Date(ctx.tokens.now());
      await tx.query(
        `INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'unverified', $5, $6, $6)`,
        [id, user.id, friendlyName, factorType, secret, now],
      );
      return { id, email: user.email ?? user.id };
    });
    if (secret === null) return c.json({ id: result.id, type: "webauthn", friendly_name: friendlyName });
    const uri = totpFor(secret, issuer, result.email).toString();
    const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
    return c.json({ id: result.id, type: "totp", friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } });
  });

  app.post("/factors/:id/challenge", async (c) => {
    const factorId = c.req.param("id");
    const challenge = await db.transaction(async (tx) => {
      const { user } = await authenticate(ctx, c, tx);
      const factor = await ownFactor(tx, user.id, factorId, { lock: true });
      const id = randomUUID();
      const nowMs = ctx.tokens.now();
      const now = new Date(nowMs);
      // Expired challenges can never be answered: they go, so the count below is of live ones.
      await tx.query("DELETE FROM auth.mfa_challenges WHERE factor_id = $1 AND created_at <= $2", [
        factor.id,
        new Date(nowMs - ctx.challengeExpiry * 1000),
      ]);
      const { rows } = await tx.query<{ n: number | string }>(
        "SELECT count(*) AS n FROM auth.mfa_challenges WHERE factor_id = $1",
        [factor.id],
      );
      if (Number(rows[0]?.n ?? 0) >= MFA_GUARD.maxChallenges) throw authErrors.tooManyChallenges();
      const ceremony = factor.factor_type === "webauthn" ? await webauthnCeremony(ctx, tx, user, factor) : null;
      await tx.query(
        "INSERT INTO auth.mfa_challenges (id, factor_id, created_at, web_authn_session_data) VALUES ($1, $2, $3, $4::jsonb)",
        [id, factor.id, now, ceremony ? JSON.stringify(ceremony.state) : null],
      );
      await tx.query("UPDATE auth.mfa_factors SET last_challenged_at = $2 WHERE id = $1", [factor.id, now]);
      return {
        id,
        type: factor.factor_type,
        expires_at: Math.floor(nowMs / 1000) + ctx.challengeExpiry,
        ...(ceremony ? { webauthn: ceremony.webauthn } : {}),
      };
    });
    return c.json(challenge);
  });

  app.post("/factors/:id/verify", (c) => verifyFactor(ctx, c));

  app.delete("/factors/:id", async (c) => {
    const factorId = c.req.param("id");
    const result = await db.transaction(async (tx) => {
      const auth = await authenticate(ctx, c, tx);
      const factor = await ownFactor(tx, auth.user.id, factorId);
      if (factor.status === "verified" && !isAal2(auth)) {
        throw authErrors.insufficientAal("AAL2 required to unenroll verified factor");
      }
      await setAuditAddress(tx, c);
      await tx.query("DELETE FROM auth.mfa_factors WHERE id = $1", [factor.id]);
      // Sessions that were raised to aal2 with this factor fall back to aal1 (GoTrue's DowngradeSessionsToAAL1).
      await tx.query("UPDATE auth.sessions SET aal = 'aal1', factor_id = NULL WHERE factor_id = $1", [factor.id]);
      return { id: factor.id };
    });
    return c.json(result);
  });
}

/**
 * GoTrue's MFA verify: a code for a live challenge raises the session to aal2 (and a factor's
 * first one verifies it). Wrong codes count towards the factor's lock (readGuard).
 */
async function verifyFactor(ctx: AuthContext, c: Context): Promise<Response> {
  const { db } = ctx;
  await rateLimit(ctx.limiters.verify, c);
  const factorId = c.req.param("id") ?? "";
  const body = await readBody(c);
  const challengeId = body["challenge_id"];
  const code = typeof body["code"] === "string" ? body["code"].trim() : "";
  if (typeof challengeId !== "string" || !isUuid(challengeId)) throw authErrors.validation("challenge_id is required");
  const response = await db.transaction(async (tx) => {
    const { user, session } = await authenticate(ctx, c, tx);
    // Locked: verifications of one factor run one at a time, so every wrong code is counted.
    const factor = await ownFactor(tx, user.id, factorId, { lock: true });
    const nowMs = ctx.tokens.now();
    const guard = await readGuard(tx, factor.id);
    // A locked factor is refused before anything else: the answer says nothing about the code.
    if (guard.lockedUntil !== null && guard.lockedUntil > nowMs) return { error: authErrors.factorLocked() };
    const { rows } = await tx.query<{
      id: string;
      created_at: Date;
      verified_at: Date | null;
      web_authn_session_data: CeremonyState | string | null;
    }>(
      "SELECT id, created_at, verified_at, web_authn_session_data FROM auth.mfa_challenges WHERE id = $1 AND factor_id = $2 FOR UPDATE",
      [challengeId, factor.id],
    );
    const challenge = rows[0];
    if (!challenge || challenge.verified_at) {
      throw authErrors.challengeNotFound(challengeId);
    }
    if (nowMs > new Date(challenge.created_at).getTime() + ctx.challengeExpiry * 1000) {
      throw authErrors.challengeExpired(challengeId);
    }
    let step: number | null = null;
    let proven: { credential: StoredCredential; aaguid: string | null } | null = null;
    if (factor.factor_type === "webauthn") {
      const state = challenge.web_authn_session_data;
      proven = await checkWebauthn(
        ctx,
        tx,
        factor,
        typeof state === "string" ? (JSON.parse(state) as CeremonyState) : state,
        webauthnAnswer(body["webauthn"]),
      );
      if (!proven) {
        await recordFailure(tx, factor.id, guard, nowMs);
        return { error: authErrors.webauthnVerificationFailed() };
      }
    } else {
      step = acceptedStep(factor.secret ?? "", code, nowMs);
      // A code already accepted is refused like a wrong one, on every session (RFC 6238 §5.2).
      if (step === null || guard.usedSteps.includes(step)) {
        await recordFailure(tx, factor.id, guard, nowMs);
        return { error: authErrors.verificationFailed() };
      }
    }
    await recordSuccess(tx, factor.id, guard, step, nowMs);
    const now = new Date(nowMs);
    await setAuditAddress(tx, c);
    // A challenge answers once; a second verify with it is refused above.
    await tx.query("UPDATE auth.mfa_challenges SET verified_at = $2 WHERE id = $1", [challenge.id, now]);
    if (proven) {
      await tx.query(
        "UPDATE auth.mfa_factors SET web_authn_credential = $2::jsonb, web_authn_aaguid = coalesce($3::uuid, web_authn_aaguid) WHERE id = $1",
        [factor.id, JSON.stringify(proven.credential), proven.aaguid],
      );
    }
    const firstVerification = factor.status !== "verified";
    if (firstVerification) {
      await tx.query("UPDATE auth.mfa_factors SET status = 'verified', updated_at = $2 WHERE id = $1", [
        factor.id,
        now,
      ]);
      // GoTrue: turning MFA on ends the user's other aal1 sessions.
      await tx.query(
        "DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2 AND coalesce(aal::text, 'aal1') <> 'aal2'",
        [user.id, session.id],
      );
    }
    await tx.query("UPDATE auth.sessions SET aal = 'aal2', factor_id = $2, updated_at = $3 WHERE id = $1", [
      session.id,
      factor.id,
      now,
    ]);
    await recordAmr(tx, session.id, factor.factor_type === "webauthn" ? "mfa/webauthn" : "totp", now);
    const refreshToken = await reissueRefreshToken(tx, ctx.tokens, user.id, session.id);
    return { response: await tokenResponse(tx, ctx.tokens, user, session.id, refreshToken) };
  });
  // A wrong code is answered after the commit, so its count (not a rollback) is what stays.
  if ("error" in response) throw response.error;
  return c.json(response.response);
}

async function ownFactor(
  tx: Queryable,
  userId: string,
  factorId: string,
  options: { lock?: boolean } = {},
): Promise<FactorRow> {
  const notFound = authErrors.factorNotFound();
  if (!isUuid(factorId)) throw notFound;
  const { rows } = await tx.query<FactorRow>(
    "SELECT id, user_id::text AS user_id, friendly_name, factor_type::text AS factor_type, status::text AS status, secret, created_at, updated_at " +
      `FROM auth.mfa_factors WHERE id = $1 AND user_id = $2${options.lock ? " FOR UPDATE" : ""}`,
    [factorId, userId],
  );
  const factor = rows[0];
  if (!factor) throw notFound;
  return factor;
}
