// What every auth route shares: the database, keys, settings, and request helpers that copy
// GoTrue's request handling (Bearer parsing, JSON bodies, client address).
import type { Context } from "hono";
import { BodyAborted, BodyTooLarge, readBoundedBody } from "../../../app/lib/bounded-body.ts";
import type { Database, Queryable } from "../db/types.ts";
import type { SigningKeys } from "../keys.ts";
import { authErrors } from "./errors.ts";
import { MAX_PASSWORD_LENGTH, passwordWeakness } from "./password-policy.ts";
import type { AccountThrottle } from "./account-throttle.ts";
import type { KeyedRateLimiter } from "../../http/rate-limits.ts";
import { findSession } from "./sessions.ts";
import type { SessionRow, TokenSettings } from "./sessions.ts";
import { findUserById } from "./users.ts";
import type { PasswordHasher, UserRow } from "./users.ts";
import { clientIpOf } from "../../http/client-ip.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import type { AccountMail } from "./email-links.ts";

/** Where GoTrue is mounted on Supabase; its tokens' issuer is the site's URL with it. */
export const AUTH_PREFIX = "/auth/v1";

/** The buckets of server/http/rate-limits.ts that the auth service counts. */
export const AUTH_RATE_LIMIT_BUCKETS = ["signInSignUp", "refresh", "verify", "emailSent", "emailPerAddress"] as const;

export interface AuthContext {
  db: Database;
  keys: SigningKeys;
  siteUrl: string;
  tokens: TokenSettings;
  hasher: PasswordHasher;
  log: (line: string) => void;
  /** Per client address (the e-mail address for emailPerAddress), one per bucket auth uses. */
  limiters: Record<(typeof AUTH_RATE_LIMIT_BUCKETS)[number], KeyedRateLimiter>;
  /** Failed password sign-ins per e-mail, whatever address they come from. */
  accountThrottle: AccountThrottle;
  /** Seconds an MFA challenge stays valid (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION, 300). */
  challengeExpiry: number;
  /** The account e-mails' mailer and the site they name; without it, e-mail routes answer 501. */
  mail: AccountMail | undefined;
  /**
   * GoTrue's MAILER_AUTOCONFIRM: sign-up is confirmed at once (true), or waits for the link
   * e-mailed to the address (false, with a real mail server).
   */
  mailerAutoconfirm: boolean;
}

/**
 * Sends an account e-mail after the response: the answer (and its timing) must not depend on
 * the mail server, nor say whether an address has an account. A failure goes to the log.
 */
export function sendLater(ctx: AuthContext, message: MailMessage, what: string): void {
  if (!ctx.mail) return;
  ctx.mail.mailer.send(message).catch((error: unknown) => {
    ctx.log(`auth: could not send the ${what} e-mail: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** Where a link's visitor lands: a path on the site (a full URL only on the site's own origin), else "/". */
export function sitePath(ctx: AuthContext, redirectTo: string | undefined | null): string {
  if (!redirectTo) return "/";
  try {
    const site = new URL(ctx.siteUrl).origin;
    const url = new URL(redirectTo, site);
    if (url.origin !== site) return "/";
    const path = url.pathname + url.search;
    // "/.//evil.example" normalises to the path "//evil.example", which a browser reads as a host.
    return new URL(path, site).origin === site ? path : "/";
  } catch {
    return "/";
  }
}

/** Every password set through the API (sign-up, PUT /user, the admin API) passes here first. */
export function checkNewPassword(password: unknown): string {
  if (typeof password !== "string" || password.length === 0) {
    throw authErrors.validation("Password is required");
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    throw authErrors.validation(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const weakness = passwordWeakness(password);
  if (weakness) throw authErrors.weakPassword(weakness.message, weakness.reasons);
  return password;
}

/** Auth request bodies are small JSON documents; anything bigger is refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === "object" && value !== null) return Object.values(value).some(containsNul);
  return false;
}

/** Parses a JSON object body of at most MAX_BODY_BYTES; an empty body is `{}` (supabase-js sends none on some DELETEs). */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  let bytes: Uint8Array;
  try {
    bytes = await readBoundedBody(c.req.raw, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw authErrors.requestTooLarge();
    // A client that hung up mid-body: its own mistake (400), never logged as ours.
    if (error instanceof BodyAborted) throw authErrors.badJson();
    throw error;
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw authErrors.badJson();
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw authErrors.badJson();
  // PostgreSQL's text cannot hold NUL: refused here as a client mistake (400), not later as a
  // database failure (500). GoTrue's own e-mail check refuses such addresses too.
  if (containsNul(parsed)) throw authErrors.validation("Request body contains a NUL character");
  return parsed as Record<string, unknown>;
}

export function bearer(c: Context): string {
  const header = c.req.header("authorization") ?? "";
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) throw authErrors.noAuthorization();
  return match[1];
}

export async function verifiedClaims(ctx: AuthContext, c: Context): Promise<Record<string, unknown>> {
  const token = bearer(c);
  try {
    return await ctx.keys.verify(token);
  } catch (cause) {
    const code = (cause as { code?: string }).code;
    throw authErrors.badJwt(code === "ERR_JWT_EXPIRED" ? "token is expired" : "signature is invalid");
  }
}

const SERVICE_ROLES = new Set(["service_role", "supabase_admin"]);

/** GoTrue's admin endpoints: the service-role key only (403 not_admin for any other valid token). */
export async function requireServiceRole(ctx: AuthContext, c: Context): Promise<void> {
  const claims = await verifiedClaims(ctx, c);
  if (typeof claims["role"] !== "string" || !SERVICE_ROLES.has(claims["role"])) throw authErrors.notAdmin();
}

export interface Authenticated {
  claims: Record<string, unknown>;
  user: UserRow;
  session: SessionRow;
}

/** GoTrue's requireAuthentication + loadSession: a valid token whose user and session still exist. */
export async function authenticate(ctx: AuthContext, c: Context, tx: Queryable): Promise<Authenticated> {
  const claims = await verifiedClaims(ctx, c);
  const sub = claims["sub"];
  const sessionId = claims["session_id"];
  if (typeof sub !== "string" || sub === "") throw authErrors.badJwt("invalid claim: missing sub claim");
  const user = await findUserById(tx, sub);
  if (!user) throw authErrors.userNotFoundFromJwt();
  if (typeof sessionId !== "string") throw authErrors.sessionNotFound();
  const session = await findSession(tx, sessionId);
  if (!session || session.user_id !== user.id) throw authErrors.sessionNotFound();
  return { claims, user, session };
}

/**
 * Whether the request proves a second factor: its session is aal2, and so is its token. GoTrue
 * checks the session alone, which lets a token issued before the second factor (a leaked one) act
 * with it once the session is raised.
 */
export function isAal2({ claims, session }: Pick<Authenticated, "claims" | "session">): boolean {
  return session.aal === "aal2" && claims["aal"] === "aal2";
}

/** The client's address (server/http/client-ip.ts: socket peer, or X-Forwarded-For behind TRUST_PROXY). */
export function clientIp(c: Context): string {
  return clientIpOf(c);
}

export function requestMeta(c: Context): { userAgent: string | null; ip: string | null } {
  const ip = clientIp(c);
  return { userAgent: c.req.header("user-agent") ?? null, ip: ip === "in-process" ? null : ip };
}

/**
 * The request's client address for the audit log's triggers, the way PostgREST exposes request
 * headers to SQL (`request.headers`), for this transaction only.
 */
export async function setAuditAddress(tx: Queryable, c: Context): Promise<void> {
  const { ip } = requestMeta(c);
  await tx.query("select set_config('request.headers', $1, true)", [
    JSON.stringify(ip ? { "x-forwarded-for": ip } : {}),
  ]);
}

export async function rateLimit(limiter: KeyedRateLimiter, c: Context): Promise<void> {
  // The 429 keeps its shape (no Retry-After header); only the lead forms show the wait.
  if (!(await limiter.take(clientIp(c))).allowed) throw authErrors.rateLimited();
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
