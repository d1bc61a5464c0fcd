// Sessions, refresh tokens and access tokens (GoTrue's models.Session / RefreshToken and
// generateAccessToken).
//
// Refresh tokens: single use with rotation. Each refresh revokes the presented token and issues
// a child. Only SHA-256 hashes are stored. A child is not random but HMAC(secret, parent): a
// client that lost the response of its last refresh (two tabs, a dropped connection) presents
// the parent again, and within the reuse interval we can hand back the *current* token by
// recomputing the chain, as GoTrue does with its stored tokens. After the interval, a revoked
// token coming back means it leaked: the whole session is revoked (GoTrue's RevokeTokenFamily).
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Queryable } from "../db/types.ts";
import type { SigningKeys } from "../keys.ts";
import { authErrors, type AuthError } from "./errors.ts";
import { listFactors, serializeUser } from "./users.ts";
import type { UserRow } from "./users.ts";

/** GoTrue's defaults: JWT_EXP (access-token lifetime) and the refresh token's reuse interval, in seconds. */
export const DEFAULT_JWT_EXPIRY = 3600;
export const DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL = 10;

export interface TokenSettings {
  keys: SigningKeys;
  /** The `iss` claim: GoTrue uses its external URL + /auth/v1. */
  issuer: string;
  /** Access-token lifetime in seconds (GoTrue's default 3600). */
  jwtExpiry: number;
  /** Seconds a rotated refresh token may still be presented (GoTrue's default 10). */
  reuseInterval: number;
  now: () => number;
}

export type Aal = "aal1" | "aal2";

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  factor_id: string | null;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function childToken(settings: TokenSettings, parent: string): string {
  return createHmac("sha256", settings.keys.derive("refresh-token-chain"))
    .update(parent)
    .digest("base64url")
    .slice(0, 32);
}

export async function createSession(
  tx: Queryable,
  settings: TokenSettings,
  userId: string,
  method: string,
  meta: { userAgent: string | null; ip: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const now = new Date(settings.now());
  const sessionId = randomUUID();
  await tx.query(
    `INSERT INTO auth.sessions (id, user_id, created_at, updated_at, refreshed_at, aal, user_agent, ip)
     VALUES ($1, $2, $3, $3, $3, 'aal1', $4, $5)`,
    [sessionId, userId, now, meta.userAgent, meta.ip],
  );
  await recordAmr(tx, sessionId, method, now);
  const refreshToken = randomBytes(24).toString("base64url");
  await insertRefreshToken(tx, userId, sessionId, refreshToken, null, now);
  await tx.query("UPDATE auth.users SET last_sign_in_at = $2, updated_at = $2 WHERE id = $1", [userId, now]);
  return { sessionId, refreshToken };
}

export async function recordAmr(tx: Queryable, sessionId: string, method: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = excluded.updated_at`,
    [randomUUID(), sessionId, method, now],
  );
}

async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  token: string,
  parentHash: string | null,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     VALUES ($1, $2, false, $3, $3, $4, $5)`,
    [hashToken(token), userId, now, parentHash, sessionId],
  );
}

/** Revokes the session's live refresh tokens and issues a new one (used after MFA verify). */
export async function reissueRefreshToken(
  tx: Queryable,
  settings: TokenSettings,
  userId: string,
  sessionId: string,
): Promise<string> {
  const now = new Date(settings.now());
  await tx.query(
    "UPDATE auth.refresh_tokens SET revoked = true, updated_at = $2 WHERE session_id = $1 AND revoked = false",
    [sessionId, now],
  );
  const token = randomBytes(24).toString("base64url");
  await insertRefreshToken(tx, userId, sessionId, token, null, now);
  return token;
}

export type RefreshOutcome =
  { ok: true; userId: string; sessionId: string; refreshToken: string } | { ok: false; error: AuthError };

/**
 * GoTrue's RefreshTokenGrant. Runs inside one transaction; the row lock serialises concurrent
 * refreshes of one token on PostgreSQL (PGlite is serial anyway). A revoked-session outcome is
 * returned, not thrown, so the caller commits the revocation before answering the error.
 */
export async function rotateRefreshToken(
  tx: Queryable,
  settings: TokenSettings,
  presented: string,
  meta: { userAgent: string | null; ip: string | null },
): Promise<RefreshOutcome> {
  const { rows } = await tx.query<{
    id: number | string;
    user_id: string;
    session_id: string | null;
    revoked: boolean | null;
    updated_at: Date;
  }>(
    "SELECT id, user_id::text AS user_id, session_id, revoked, updated_at FROM auth.refresh_tokens WHERE token = $1 FOR UPDATE",
    [hashToken(presented)],
  );
  const token = rows[0];
  if (!token || !token.session_id) return { ok: false, error: authErrors.refreshTokenNotFound() };
  const sessionId = token.session_id;
  const nowMs = settings.now();
  const now = new Date(nowMs);

  let issued: string | null = null;
  if (token.revoked) {
    const withinReuse = nowMs <= new Date(token.updated_at).getTime() + settings.reuseInterval * 1000;
    if (withinReuse) {
      issued = await currentTokenFromChain(tx, settings, sessionId, presented);
      // Revoked by something other than a rotation (MFA verify re-issues): dead, but no theft.
      if (!issued) return { ok: false, error: authErrors.refreshTokenNotFound() };
    } else {
      // A rotated token presented again outside the window: treat the family as stolen.
      await tx.query("DELETE FROM auth.sessions WHERE id = $1", [sessionId]);
      return {
        ok: false,
        error: authErrors.refreshTokenAlreadyUsed(),
      };
    }
  } else {
    await tx.query("UPDATE auth.refresh_tokens SET revoked = true, updated_at = $2 WHERE id = $1", [token.id, now]);
    issued = childToken(settings, presented);
    await insertRefreshToken(tx, token.user_id, sessionId, issued, hashToken(presented), now);
  }
  await tx.query(
    "UPDATE auth.sessions SET refreshed_at = $2, updated_at = $2, user_agent = $3, ip = $4 WHERE id = $1",
    [sessionId, now, meta.userAgent, meta.ip],
  );
  return { ok: true, userId: token.user_id, sessionId, refreshToken: issued };
}

/** Walks parent -> child -> ... until the session's live token; null if it is not a descendant. */
async function currentTokenFromChain(
  tx: Queryable,
  settings: TokenSettings,
  sessionId: string,
  presented: string,
): Promise<string | null> {
  const { rows } = await tx.query<{ token: string }>(
    "SELECT token FROM auth.refresh_tokens WHERE session_id = $1 AND revoked = false ORDER BY id DESC LIMIT 1",
    [sessionId],
  );
  const active = rows[0]?.token;
  if (!active) return null;
  let candidate = presented;
  // A handful of rotations can happen inside a 10 s window; anything deeper is not a lost response.
  for (let depth = 0; depth < 16; depth++) {
    candidate = childToken(settings, candidate);
    if (hashToken(candidate) === active) return candidate;
  }
  return null;
}

export async function findSession(tx: Queryable, sessionId: string): Promise<SessionRow | null> {
  const { rows } = await tx.query<SessionRow>(
    "SELECT id, user_id::text AS user_id, aal::text AS aal, factor_id::text AS factor_id FROM auth.sessions WHERE id = $1",
    [sessionId],
  );
  return rows[0] ?? null;
}

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** The access token (claims as in docs/supabase-wire.md §8.3) and GoTrue's AccessTokenResponse. */
export async function tokenResponse(
  tx: Queryable,
  settings: TokenSettings,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const session = await findSession(tx, sessionId);
  const { rows: amrRows } = await tx.query<{ authentication_method: string; updated_at: Date }>(
    "SELECT authentication_method, updated_at FROM auth.mfa_amr_claims WHERE session_id = $1 ORDER BY updated_at DESC, (authentication_method = 'password'), authentication_method",
    [sessionId],
  );
  const factors = await listFactors(tx, user.id);
  const serialized = serializeUser(user, factors);
  const iat = Math.floor(settings.now() / 1000);
  const exp = iat + settings.jwtExpiry;
  const accessToken = await settings.keys.sign({
    aud: "authenticated",
    exp,
    iat,
    iss: settings.issuer,
    sub: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: serialized["app_metadata"],
    user_metadata: serialized["user_metadata"],
    role: "authenticated",
    aal: session?.aal === "aal2" ? "aal2" : "aal1",
    amr: amrRows.map((r) => ({
      method: r.authentication_method,
      timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000),
    })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: settings.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: serialized,
  };
}
