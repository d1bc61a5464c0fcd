// One error type and one serializer for every auth response, in GoTrue's shape.
//
// GoTrue's 2024-01-01 API answers `{code: "<error_code>", message}` with the response header
// `X-Supabase-Api-Version: 2024-01-01`; its legacy shape is `{code: <status>, error_code, msg}`.
// auth-js reads `body.code` only when that header is present and falls back to `error_code`,
// and takes the text from `msg || message`. We send both spellings (docs/supabase-wire.md §8.1) so
// every client version and any browser that cannot read the header (no CORS expose) agree.
import type { Context } from "hono";

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION = "2024-01-01";

export type AuthErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 501;

export class AuthError extends Error {
  readonly status: AuthErrorStatus;
  readonly code: string;
  /** Extra top-level body fields GoTrue sends for some errors (e.g. `weak_password.reasons`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(status: AuthErrorStatus, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** GoTrue's text for anything unexpected; the cause goes to the log only. */
const UNEXPECTED = "Unexpected failure, please check server logs for more information";

export function authErrorBody(error: AuthError): Record<string, unknown> {
  return { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra };
}

export function authErrorResponse(c: Context, cause: unknown, log: (line: string) => void): Response {
  const error = cause instanceof AuthError ? cause : new AuthError(500, "unexpected_failure", UNEXPECTED);
  if (!(cause instanceof AuthError)) {
    log(`auth: unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}: ${describe(cause)}`);
  }
  c.header(API_VERSION_HEADER, API_VERSION);
  return c.json(authErrorBody(error), error.status);
}

function describe(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}

// The errors used in more than one place, with GoTrue's codes and texts.
export const errors = {
  noAuthorization: () => new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token"),
  badJwt: (detail: string) =>
    new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () => new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist"),
  userNotFoundFromJwt: () => new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist"),
  notAdmin: () => new AuthError(403, "not_admin", "User not allowed"),
  userNotFound: () => new AuthError(404, "user_not_found", "User not found"),
  emailExists: () => new AuthError(422, "email_exists", "A user with this email address has already been registered"),
  validation: (message: string) => new AuthError(400, "validation_failed", message),
  badJson: () => new AuthError(400, "bad_json", "Could not parse request body as JSON"),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, "weak_password", message, { weak_password: { reasons } }),
  invalidCredentials: () => new AuthError(400, "invalid_credentials", "Invalid login credentials"),
  rateLimited: () => new AuthError(429, "over_request_rate_limit", "Request rate limit reached"),
  // GoTrue has no per-account lockout; its rate-limit code keeps every client's 429 handling
  // working. Unknown e-mails get it too, so it says nothing about which accounts exist.
  accountLocked: () =>
    new AuthError(
      429,
      "over_request_rate_limit",
      "Too many failed sign-in attempts for this account, please try again later",
    ),
  // GoTrue's answer when the same address asks for e-mails too often (SMTP_MAX_FREQUENCY).
  emailRateLimited: () =>
    new AuthError(
      429,
      "over_email_send_rate_limit",
      "For security purposes, you can only request this after some time.",
    ),
  insufficientAal: (message: string) => new AuthError(403, "insufficient_aal", message),
  // Wrong codes for one second factor, from any address (mfa.ts). GoTrue has no such lock; its
  // rate-limit code keeps every client's 429 handling working.
  factorLocked: () =>
    new AuthError(
      429,
      "over_request_rate_limit",
      "Too many failed verification attempts for this factor, please try again later",
    ),
  tooManyChallenges: () =>
    new AuthError(429, "over_request_rate_limit", "Too many MFA challenges for this factor, please try again later"),
  // GoTrue's UpdatePasswordRequireCurrentPassword (internal/api/user.go): the same text for both.
  currentPasswordRequired: () =>
    new AuthError(400, "current_password_required", "Current password required when setting new password."),
  currentPasswordMismatch: () =>
    new AuthError(400, "current_password_invalid", "Current password required when setting new password."),
};
