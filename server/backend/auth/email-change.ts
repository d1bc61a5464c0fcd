// GoTrue's secure e-mail change (internal/api/user.go sendEmailChange, verify.go
// emailChangeVerify): `PUT /user {email}` changes nothing yet. It stores the new address in
// auth.users.email_change and e-mails one link to the current address and one to the new;
// the address changes when both have been opened, so a stolen session alone cannot move the
// account to an attacker's mailbox, and the owner hears of the attempt. Only SHA-256 hashes of
// the links' tokens are stored (email_change_token_current, email_change_token_new).
import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/types.ts";
import { emailChangeEmail, verifyLink } from "../../mail/auth-templates.ts";
import { sendLater } from "./context.ts";
import type { AuthContext } from "./context.ts";
import { authErrors } from "./errors.ts";
import { hashToken } from "./sessions.ts";
import { findUserByEmail } from "./users.ts";
import type { UserRow } from "./users.ts";

/** GoTrue's MAILER_OTP_EXP default: confirmation links last 24 hours. */
export const EMAIL_CHANGE_LINK_SECONDS = 24 * 3600;
/** GoTrue's SMTP_MAX_FREQUENCY default: one change request per account per minute. */
const MIN_SECONDS_BETWEEN_REQUESTS = 60;

/** GoTrue's answer to the first of the two links. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

export interface EmailChangeRequest {
  from: string;
  to: string;
  currentToken: string;
  newToken: string;
}

/**
 * Checks a requested change (a free address, not too often) and stores it in the caller's
 * transaction; `send` mails both links after the commit.
 */
export async function requestEmailChange(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  to: string,
  now: Date,
): Promise<EmailChangeRequest> {
  const taken = await findUserByEmail(tx, to);
  if (taken && taken.id !== user.id) throw authErrors.emailExists();
  if (!ctx.mail) throw authErrors.emailProviderDisabled();
  const last = user.email_change_sent_at ? new Date(user.email_change_sent_at).getTime() : 0;
  if (now.getTime() - last < MIN_SECONDS_BETWEEN_REQUESTS * 1000) throw authErrors.emailRateLimited();
  const request = {
    from: user.email ?? "",
    to,
    currentToken: randomBytes(32).toString("base64url"),
    newToken: randomBytes(32).toString("base64url"),
  };
  // A new request replaces an unfinished one: its links stop working.
  await tx.query(
    `UPDATE auth.users SET email_change = $2, email_change_token_current = $3, email_change_token_new = $4,
       email_change_sent_at = $5, email_change_confirm_status = 0
     WHERE id = $1`,
    [user.id, to, hashToken(request.currentToken), hashToken(request.newToken), now],
  );
  return request;
}

/** Mails the two links of a stored request (after its transaction committed). */
export function sendEmailChange(ctx: AuthContext, request: EmailChangeRequest, redirectTo: string): void {
  if (!ctx.mail) return;
  const { site } = ctx.mail;
  const change = { from: request.from, to: request.to };
  sendLater(
    ctx,
    emailChangeEmail(request.from, site, change, verifyLink(site, "email_change", request.currentToken, redirectTo)),
    "e-mail change (current address)",
  );
  sendLater(
    ctx,
    emailChangeEmail(request.to, site, change, verifyLink(site, "email_change", request.newToken, redirectTo)),
    "e-mail change (new address)",
  );
}

export type EmailChangeOutcome =
  /** Unknown, used or expired link (an expired one is spent by looking at it). */
  | { kind: "invalid" }
  /** The first of the two links: the other one is still needed. */
  | { kind: "first" }
  /** Both links used: the address changed. */
  | { kind: "changed"; userId: string };

/** Applies one of the two links, in the caller's transaction; `token` is the link's token. */
export async function confirmEmailChange(tx: Queryable, token: string, nowMs: number): Promise<EmailChangeOutcome> {
  const hash = hashToken(token);
  const { rows } = await tx.query<{
    id: string;
    email_change: string | null;
    email_change_sent_at: Date | null;
    current_token: string | null;
    new_token: string | null;
  }>(
    `SELECT id, email_change, email_change_sent_at, nullif(email_change_token_current, '') AS current_token,
       nullif(email_change_token_new, '') AS new_token
     FROM auth.users WHERE email_change_token_current = $1 OR email_change_token_new = $1 FOR UPDATE`,
    [hash],
  );
  const user = rows[0];
  if (!user) return { kind: "invalid" };
  const sentAt = user.email_change_sent_at ? new Date(user.email_change_sent_at).getTime() : 0;
  if (!user.email_change || nowMs > sentAt + EMAIL_CHANGE_LINK_SECONDS * 1000) {
    await tx.query(
      `UPDATE auth.users SET email_change = '', email_change_token_current = '', email_change_token_new = '',
         email_change_confirm_status = 0 WHERE id = $1`,
      [user.id],
    );
    return { kind: "invalid" };
  }
  const other = user.current_token === hash ? user.new_token : user.current_token;
  if (other) {
    const column = user.current_token === hash ? "email_change_token_current" : "email_change_token_new";
    await tx.query(`UPDATE auth.users SET ${column} = '', email_change_confirm_status = 1 WHERE id = $1`, [user.id]);
    return { kind: "first" };
  }
  // The address may have been taken since the request: then the change cannot happen.
  const taken = await findUserByEmail(tx, user.email_change);
  if (taken && taken.id !== user.id) throw authErrors.emailExists();
  const now = new Date(nowMs);
  await tx.query(
    `UPDATE auth.users SET email = email_change, email_change = '', email_change_token_current = '',
       email_change_token_new = '', email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, $2),
       raw_user_meta_data = raw_user_meta_data || jsonb_build_object('email', email_change, 'email_verified', true),
       updated_at = $2
     WHERE id = $1`,
    [user.id, now],
  );
  return { kind: "changed", userId: user.id };
}
