// Account e-mails with a single-use link, as GoTrue's /recover, /invite and /verify
// (internal/api/recover.go, invite.go, verify.go): supabase-js's `resetPasswordForEmail`,
// `auth.admin.inviteUserByEmail` and `verifyOtp({ token_hash, type })`.
//
// The link carries a random token; only its SHA-256 is stored (auth.users.recovery_token or
// confirmation_token, GoTrue's columns), so a database copy holds no usable link. A token works
// once: verifying clears it. Recovery links last 1 hour, invitations 7 days.
import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import type { Mailer, MailMessage } from "../../mail/mailer.ts";
import { inviteEmail, recoveryEmail } from "../../mail/auth-templates.ts";
import type { SiteIdentity } from "../../mail/lead-templates.ts";
import { isPlainObject, rateLimit, readBody, requestMeta, requireServiceRole, setAuditAddress } from "./context.ts";
import type { AuthContext } from "./context.ts";
import { AuthError, errors } from "./errors.ts";
import { createSession, hashToken, tokenResponse } from "./sessions.ts";
import { USER_COLUMNS, findUserById, insertUser, listFactors, normalizeEmail, serializeUser } from "./users.ts";
import type { UserRow } from "./users.ts";

export const RECOVERY_LINK_SECONDS = 3600;
export const INVITE_LINK_SECONDS = 7 * 24 * 3600;

export interface AccountMail {
  mailer: Mailer;
  site: SiteIdentity;
}

/** GoTrue's answer to a link that is unknown, used or expired: one text for all three. */
const linkInvalid = () => new AuthError(403, "otp_expired", "Email link is invalid or has expired");

function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function registerEmailLinkRoutes(app: Hono, ctx: AuthContext, mail: AccountMail | undefined): void {
  const { db } = ctx;

  /** Sent after the response: the answer (and its timing) must not say whether the address exists. */
  const sendLater = (message: MailMessage, what: string) => {
    if (!mail) return;
    mail.mailer.send(message).catch((error: unknown) => {
      ctx.log(`auth: could not send the ${what} e-mail: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  // GoTrue's Recover: 200 {} whether or not the address has an account.
  app.post("/recover", async (c) => {
    if (!mail) throw new AuthError(501, "email_provider_disabled", "Email sending is not configured");
    await rateLimit(ctx.limiters.emailSent, c);
    const body = await readBody(c);
    const email = normalizeEmail(body["email"]);
    if (!email) throw errors.validation("Unable to validate email address: invalid format");
    // Per address, found or not: a stranger cannot flood someone's mailbox, and the limit
    // answers the same for unknown addresses.
    if (!(await ctx.limiters.emailPerAddress.take(email)).allowed) throw errors.emailRateLimited();
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
    if (found) sendLater(recoveryEmail(found, mail.site, token), "recovery");
    return c.json({});
  });

  // GoTrue's Invite (service role): a new, unconfirmed user and an e-mail to set a password.
  app.post("/invite", async (c) => {
    await requireServiceRole(ctx, c);
    if (!mail) throw new AuthError(501, "email_provider_disabled", "Email sending is not configured");
    const body = await readBody(c);
    const email = normalizeEmail(body["email"]);
    if (!email) throw errors.validation("Unable to validate email address: invalid format");
    const data = isPlainObject(body["data"]) ? body["data"] : {};
    const token = newLinkToken();
    const now = new Date(ctx.tokens.now());
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, { email, passwordHash: null, confirmedAt: null, userMetadata: data, now });
      if (!created) throw errors.emailExists();
      await tx.query(
        "UPDATE auth.users SET invited_at = $2, confirmation_token = $3, confirmation_sent_at = $2 WHERE id = $1",
        [created.id, now, hashToken(token)],
      );
      const fresh = (await findUserById(tx, created.id)) ?? created;
      return serializeUser(fresh, await listFactors(tx, created.id));
    });
    sendLater(inviteEmail(email, mail.site, token), "invitation");
    return c.json(user);
  });

  // GoTrue's Verify (POST, the token_hash form supabase-js sends): a session for the link's user.
  app.post("/verify", async (c) => {
    await rateLimit(ctx.limiters.verify, c);
    const body = await readBody(c);
    const type = body["type"];
    const tokenHash = body["token_hash"];
    if (type !== "recovery" && type !== "invite") {
      throw errors.validation("Verify requires a verification type of recovery or invite");
    }
    if (typeof tokenHash !== "string" || tokenHash === "" || tokenHash.length > 200) throw linkInvalid();
    const nowMs = ctx.tokens.now();
    const now = new Date(nowMs);
    const outcome = await db.transaction(async (tx) => {
      const column = type === "recovery" ? "recovery_token" : "confirmation_token";
      const sentColumn = type === "recovery" ? "recovery_sent_at" : "confirmation_sent_at";
      const lifetime = type === "recovery" ? RECOVERY_LINK_SECONDS : INVITE_LINK_SECONDS;
      const { rows } = await tx.query<UserRow & { sent_at: Date | null }>(
        `SELECT ${USER_COLUMNS}, ${sentColumn} AS sent_at FROM auth.users WHERE ${column} = $1 FOR UPDATE`,
        [hashToken(tokenHash)],
      );
      const user = rows[0];
      if (!user) return null;
      // Used or not, an expired link is spent.
      await tx.query(`UPDATE auth.users SET ${column} = NULL WHERE id = $1`, [user.id]);
      if (!user.sent_at || nowMs > new Date(user.sent_at).getTime() + lifetime * 1000) return "expired" as const;
      await setAuditAddress(tx, c);
      if (type === "invite") {
        await tx.query("UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, $2) WHERE id = $1", [
          user.id,
          now,
        ]);
      } else {
        // Whoever asked for the link may have lost the device that holds a session: all go.
        await tx.query("DELETE FROM auth.sessions WHERE user_id = $1", [user.id]);
      }
      const session = await createSession(tx, ctx.tokens, user.id, type, requestMeta(c));
      const fresh = (await findUserById(tx, user.id)) ?? user;
      return tokenResponse(tx, ctx.tokens, fresh, session.sessionId, session.refreshToken);
    });
    // Thrown after the commit, so an expired token stays cleared.
    if (outcome === null || outcome === "expired") throw linkInvalid();
    return c.json(outcome);
  });
}
