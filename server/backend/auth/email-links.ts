// Account e-mails with a single-use link, as GoTrue's /recover, /invite, /signup's confirmation
// and /verify (internal/api/recover.go, invite.go, signup.go, verify.go): supabase-js's
// `resetPasswordForEmail`, `auth.admin.inviteUserByEmail`, `signUp` without autoconfirm and
// `verifyOtp({ token_hash, type })`, plus GoTrue's GET /verify that the confirmation links open.
//
// The link carries a random token; only its SHA-256 is stored (auth.users.recovery_token or
// confirmation_token, GoTrue's columns), so a database copy holds no usable link. A token works
// once: verifying clears it. Recovery links last 1 hour, sign-up confirmations 24 hours,
// invitations 7 days. E-mail changes: ./email-change.ts.
import { randomBytes, randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import type { Mailer } from "../../mail/mailer.ts";
import { inviteEmail, recoveryEmail, signupConfirmationEmail, verifyLink } from "../../mail/auth-templates.ts";
import type { SiteIdentity } from "../../mail/lead-templates.ts";
import type { Queryable } from "../db/types.ts";
import {
  isPlainObject,
  rateLimit,
  readBody,
  requestMeta,
  requireServiceRole,
  sendLater,
  setAuditAddress,
  sitePath,
} from "./context.ts";
import type { AuthContext } from "./context.ts";
import { SINGLE_CONFIRMATION_ACCEPTED, confirmEmailChange } from "./email-change.ts";
import { AuthError, authErrors } from "./errors.ts";
import { createSession, hashToken, tokenResponse } from "./sessions.ts";
import type { TokenResponse } from "./sessions.ts";
import { findUserById, insertUser, listFactors, normalizeEmail, serializeUser } from "./users.ts";
import type { UserRow } from "./users.ts";

export const RECOVERY_LINK_SECONDS = 3600;
export const INVITE_LINK_SECONDS = 7 * 24 * 3600;
/** GoTrue's MAILER_OTP_EXP default. */
export const SIGNUP_LINK_SECONDS = 24 * 3600;

export interface AccountMail {
  mailer: Mailer;
  site: SiteIdentity;
}

/** GoTrue's answer to a link that is unknown, used or expired: one text for all three. */

function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface SignupRequest {
  email: string;
  passwordHash: string;
  data: Record<string, unknown>;
  redirectTo: string | undefined;
}

/**
 * GoTrue's Signup without MAILER_AUTOCONFIRM: a new address becomes an unconfirmed user and
 * gets a confirmation link; the answer is that user, without a session. A taken address gets
 * an answer of the same shape (a user that does not exist, as GoTrue's sanitizeUser makes),
 * and the account is left as it was: a confirmed or invited one gets no e-mail, an unconfirmed
 * one gets its link again (its password unchanged: whoever asks again may not be who asked first).
 */
export async function signupWithConfirmation(
  ctx: AuthContext,
  request: SignupRequest,
): Promise<Record<string, unknown>> {
  const { email } = request;
  // Per address, taken or not: a stranger cannot flood a mailbox, and the limit says nothing.
  if (!(await ctx.limiters.emailPerAddress.take(email)).allowed) throw authErrors.emailRateLimited();
  const token = newLinkToken();
  const now = new Date(ctx.tokens.now());
  const outcome = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email,
      passwordHash: request.passwordHash,
      confirmedAt: null,
      userMetadata: request.data,
      now,
    });
    if (created) {
      await tx.query("UPDATE auth.users SET confirmation_token = $2, confirmation_sent_at = $3 WHERE id = $1", [
        created.id,
        hashToken(token),
        now,
      ]);
      const fresh = (await findUserById(tx, created.id)) ?? created;
      return { user: serializeUser(fresh, []), send: true };
    }
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE auth.users SET confirmation_token = $2, confirmation_sent_at = $3
       WHERE lower(email) = $1 AND email_confirmed_at IS NULL AND invited_at IS NULL
       RETURNING id`,
      [email, hashToken(token), now],
    );
    return { user: lookalikeUser(email, request.data, now), send: rows.length > 0 };
  });
  if (outcome.send && ctx.mail) {
    const link = verifyLink(ctx.mail.site, "signup", token, sitePath(ctx, request.redirectTo));
    sendLater(ctx, signupConfirmationEmail(email, ctx.mail.site, link), "sign-up confirmation");
  }
  return outcome.user;
}

/** What a new, unconfirmed user would look like: the same fields, built the same way. */
function lookalikeUser(email: string, data: Record<string, unknown>, now: Date): Record<string, unknown> {
  const id = randomUUID();
  const row: UserRow = {
    id,
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    phone: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: "email", providers: ["email"] },
    raw_user_meta_data: { ...data, sub: id, email, email_verified: false, phone_verified: false },
    created_at: now,
    updated_at: now,
    banned_until: null,
    is_anonymous: false,
    invited_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    email_change: null,
    email_change_sent_at: null,
  };
  return serializeUser(row, []);
}

type LinkType = "recovery" | "invite" | "signup" | "email_change";

/** supabase-js's verifyOtp types this service sends links for; GoTrue's "email" is a sign-up confirmation. */
function linkType(value: unknown): LinkType | null {
  if (value === "email") return "signup";
  return value === "recovery" || value === "invite" || value === "signup" || value === "email_change" ? value : null;
}

type VerifyOutcome =
  | { kind: "invalid" }
  | { kind: "first" }
  | { kind: "session"; response: TokenResponse }
  /** GET: confirmed, no session handed over. */
  | { kind: "confirmed" };

/**
 * Applies a link's token. POST (supabase-js) gets a session, as GoTrue's verifyPost; GET (a
 * confirmation link opened from the e-mail) only confirms: the visitor then signs in, so no
 * token ever sits in a URL.
 */
async function verifyToken(
  ctx: AuthContext,
  c: Context,
  type: LinkType,
  token: string,
  withSession: boolean,
): Promise<VerifyOutcome> {
  const nowMs = ctx.tokens.now();
  const now = new Date(nowMs);
  return ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    let userId: string;
    if (type === "email_change") {
      const changed = await confirmEmailChange(tx, token, nowMs);
      if (changed.kind !== "changed") return changed;
      userId = changed.userId;
    } else {
      const found = await takeLinkToken(tx, type, token, nowMs);
      if (!found) return { kind: "invalid" };
      userId = found.id;
      await setAuditAddress(tx, c);
      if (type === "recovery") {
        // Whoever asked for the link may have lost the device that holds a session: all go.
        await tx.query("DELETE FROM auth.sessions WHERE user_id = $1", [userId]);
      } else {
        await tx.query(
          `UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, $2),
             raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb
           WHERE id = $1`,
          [userId, now],
        );
      }
    }
    if (!withSession) return { kind: "confirmed" };
    const session = await createSession(tx, ctx.tokens, userId, type, requestMeta(c));
    const fresh = await findUserById(tx, userId);
    if (!fresh) return { kind: "invalid" };
    return {
      kind: "session",
      response: await tokenResponse(tx, ctx.tokens, fresh, session.sessionId, session.refreshToken),
    };
  });
}

/**
 * Finds and spends a recovery, invitation or sign-up token (used or not, an expired one is
 * spent too). An invitation link only accepts an invitation, a sign-up link only a sign-up.
 */
async function takeLinkToken(
  tx: Queryable,
  type: "recovery" | "invite" | "signup",
  token: string,
  nowMs: number,
): Promise<{ id: string } | null> {
  const column = type === "recovery" ? "recovery_token" : "confirmation_token";
  const sentColumn = type === "recovery" ? "recovery_sent_at" : "confirmation_sent_at";
  const { rows } = await tx.query<{ id: string; sent_at: Date | null; invited_at: Date | null }>(
    `SELECT id, ${sentColumn} AS sent_at, invited_at FROM auth.users WHERE ${column} = $1 FOR UPDATE`,
    [hashToken(token)],
  );
  const user = rows[0];
  if (!user || (type !== "recovery" && (type === "invite") !== (user.invited_at !== null))) return null;
  await tx.query(`UPDATE auth.users SET ${column} = NULL WHERE id = $1`, [user.id]);
  const lifetime =
    type === "recovery" ? RECOVERY_LINK_SECONDS : type === "invite" ? INVITE_LINK_SECONDS : SIGNUP_LINK_SECONDS;
  if (!user.sent_at || nowMs > new Date(user.sent_at).getTime() + lifetime * 1000) return null;
  return user;
}

export function registerEmailLinkRoutes(app: Hono, ctx: AuthContext): void {
  const { db } = ctx;

  // GoTrue's Recover: 200 {} whether or not the address has an account.
  app.post("/recover", async (c) => {
    const mail = ctx.mail;
    if (!mail) throw authErrors.emailProviderDisabled();
    await rateLimit(ctx.limiters.emailSent, c);
    const body = await readBody(c);
    const email = normalizeEmail(body["email"]);
    if (!email) throw authErrors.validation("Unable to validate email address: invalid format");
    // Per address, found or not: a stranger cannot flood someone's mailbox, and the limit
    // answers the same for unknown addresses.
    if (!(await ctx.limiters.emailPerAddress.take(email)).allowed) throw authErrors.emailRateLimited();
    const token = newLinkToken();
    const now = new Date(ctx.tokens.now());
    const found = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ email: string }>(
        `UPDATE auth.users SET recovery_token = $2, recovery_sent_at = $3
         WHERE lower(email) = $1 AND deleted_at IS NULL AND encrypted_password IS NOT NULL AND encrypted_password <> ''
         RETURNING email`,
        [email, hashToken(token), now],
      );
      return rows[0]?.email ?? null;
    });
    if (found) sendLater(ctx, recoveryEmail(found, mail.site, token), "recovery");
    return c.json({});
  });

  // GoTrue's Invite (service role): an unconfirmed user and an e-mail to set a password. A
  // confirmed address is refused (422 email_exists); an unconfirmed one (a sign-up whose link
  // was never opened, perhaps by someone squatting the address) is invited anyway, as GoTrue
  // does, and starts over: its password and metadata go, so only the invitation lets anyone in.
  app.post("/invite", async (c) => {
    await requireServiceRole(ctx, c);
    const mail = ctx.mail;
    if (!mail) throw authErrors.emailProviderDisabled();
    const body = await readBody(c);
    const email = normalizeEmail(body["email"]);
    if (!email) throw authErrors.validation("Unable to validate email address: invalid format");
    const data = isPlainObject(body["data"]) ? body["data"] : {};
    const token = newLinkToken();
    const now = new Date(ctx.tokens.now());
    const user = await db.transaction(async (tx) => {
      const { rows: existing } = await tx.query<{ id: string; confirmed: boolean }>(
        "SELECT id, email_confirmed_at IS NOT NULL AS confirmed FROM auth.users WHERE lower(email) = $1 FOR UPDATE",
        [email],
      );
      if (existing[0]?.confirmed) throw authErrors.emailExists();
      if (existing[0]) await tx.query("DELETE FROM auth.users WHERE id = $1", [existing[0].id]);
      const created = await insertUser(tx, { email, passwordHash: null, confirmedAt: null, userMetadata: data, now });
      if (!created) throw authErrors.emailExists();
      await tx.query(
        "UPDATE auth.users SET invited_at = $2, confirmation_token = $3, confirmation_sent_at = $2 WHERE id = $1",
        [created.id, now, hashToken(token)],
      );
      const fresh = (await findUserById(tx, created.id)) ?? created;
      return serializeUser(fresh, await listFactors(tx, created.id));
    });
    sendLater(ctx, inviteEmail(email, mail.site, token), "invitation");
    return c.json(user);
  });

  // GoTrue's Verify (POST, the token_hash form supabase-js sends): a session for the link's user.
  // The first of an e-mail change's two links answers GoTrue's {msg, code} instead.
  app.post("/verify", async (c) => {
    await rateLimit(ctx.limiters.verify, c);
    const body = await readBody(c);
    const type = linkType(body["type"]);
    const tokenHash = body["token_hash"];
    if (!type) {
      throw authErrors.validation(
        "Verify requires a verification type of recovery, invite, signup, email or email_change",
      );
    }
    if (typeof tokenHash !== "string" || tokenHash === "" || tokenHash.length > 200) throw authErrors.linkInvalid();
    const outcome = await verifyToken(ctx, c, type, tokenHash, true);
    // Thrown after the commit, so an expired token stays cleared.
    if (outcome.kind === "first") return c.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: "200" });
    if (outcome.kind !== "session") throw authErrors.linkInvalid();
    return c.json(outcome.response);
  });

  // GoTrue's GET /verify, which the sign-up and e-mail change links open: it confirms, then
  // redirects (303) to `redirect_to` on this site, whether the link worked or not. No session
  // travels in the URL: the visitor signs in afterwards.
  app.get("/verify", async (c) => {
    await rateLimit(ctx.limiters.verify, c);
    const type = linkType(c.req.query("type"));
    const token = c.req.query("token") ?? "";
    if (type !== "signup" && type !== "email_change") {
      throw authErrors.validation("Verify requires a verification type of signup or email_change");
    }
    if (token !== "" && token.length <= 200) {
      await verifyToken(ctx, c, type, token, false).catch((error: unknown) => {
        // A taken address or a spent link: either way the visitor lands on the site.
        if (!(error instanceof AuthError)) throw error;
      });
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(sitePath(ctx, c.req.query("redirect_to")), 303);
  });
}
