// Every auth error in one table, one error type and one serializer, in GoTrue's shape.
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

/** One row of the table: a constructor that also names its status and code. */
export interface AuthErrorKind<A extends unknown[]> {
  (...args: A): AuthError;
  readonly status: AuthErrorStatus;
  readonly code: string;
}

/** The table's one constructor: a fixed text, or the text (and extra body fields) from the arguments. */
function kind<A extends unknown[] = []>(
  status: AuthErrorStatus,
  code: string,
  message: string | ((...args: A) => string | { message: string; extra: Record<string, unknown> }),
): AuthErrorKind<A> {
  const make = (...args: A): AuthError => {
    const wording = typeof message === "string" ? message : message(...args);
    return typeof wording === "string"
      ? new AuthError(status, code, wording)
      : new AuthError(status, code, wording.message, wording.extra);
  };
  return Object.assign(make, { status, code });
}

const UNEXPECTED = "Unexpected failure, please check server logs for more information";
// GoTrue has no per-account or per-factor lock; its rate-limit code keeps every client's 429
// handling working, and unknown e-mails get it too, so it says nothing about which accounts exist.
const OVER_RATE = "over_request_rate_limit";
const PASSWORD_REQUIRED = "Current password required when setting new password.";

/**
 * Every error the auth service answers, in the 2024-01-01 API's codes (supabase/auth's
 * internal/api/apierrors) with GoTrue's status and text. Some codes come with more than one
 * status or text, as in GoTrue: each is its own row.
 */
export const authErrors = {
  // The request itself.
  badJson: kind(400, "bad_json", "Could not parse request body as JSON"),
  validation: kind(400, "validation_failed", (message: string) => message),
  requestTooLarge: kind(413, "request_too_large", "Request body too large"),
  notFound: kind(404, "not_found", "Not Found"),
  unexpected: kind(500, "unexpected_failure", UNEXPECTED),
  // Who is asking.
  noAuthorization: kind(401, "no_authorization", "This endpoint requires a valid Bearer token"),
  badJwt: kind(403, "bad_jwt", (detail: string) => `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: kind(403, "session_not_found", "Session from session_id claim in JWT does not exist"),
  userNotFoundFromJwt: kind(403, "user_not_found", "User from sub claim in JWT does not exist"),
  notAdmin: kind(403, "not_admin", "User not allowed"),
  insufficientAal: kind(403, "insufficient_aal", (message: string) => message),
  // Accounts and passwords.
  userNotFound: kind(404, "user_not_found", "User not found"),
  emailExists: kind(422, "email_exists", "A user with this email address has already been registered"),
  userAlreadyExists: kind(422, "user_already_exists", "User already registered"),
  lastAdmin: kind(422, "last_admin", "The last admin cannot be deleted"),
  weakPassword: kind(422, "weak_password", (message: string, reasons: string[]) => ({
    message,
    extra: { weak_password: { reasons } },
  })),
  samePassword: kind(422, "same_password", "New password should be different from the old password."),
  // GoTrue's UpdatePasswordRequireCurrentPassword (internal/api/user.go): the same text for both.
  currentPasswordRequired: kind(400, "current_password_required", PASSWORD_REQUIRED),
  currentPasswordMismatch: kind(400, "current_password_invalid", PASSWORD_REQUIRED),
  invalidCredentials: kind(400, "invalid_credentials", "Invalid login credentials"),
  emailNotConfirmed: kind(400, "email_not_confirmed", "Email not confirmed"),
  userBanned: kind(400, "user_banned", "User is banned"),
  phoneSignupDisabled: kind(422, "phone_provider_disabled", "Phone signups are disabled"),
  phoneLoginDisabled: kind(400, "phone_provider_disabled", "Phone logins are disabled"),
  // Sessions.
  refreshTokenNotFound: kind(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"),
  refreshTokenAlreadyUsed: kind(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
  // E-mailed links.
  emailProviderDisabled: kind(501, "email_provider_disabled", "Email sending is not configured"),
  linkInvalid: kind(403, "otp_expired", "Email link is invalid or has expired"),
  // OAuth / OpenID Connect sign-in (GoTrue's external.go and token_oidc.go).
  providerDisabled: kind(400, "validation_failed", "Unsupported provider: provider is not enabled"),
  badOAuthCallback: kind(400, "bad_oauth_callback", (message: string) => message),
  badOAuthState: kind(400, "bad_oauth_state", "OAuth callback with invalid state"),
  flowStateNotFound: kind(404, "flow_state_not_found", "invalid flow state, no valid flow state found"),
  flowStateExpired: kind(422, "flow_state_expired", "invalid flow state, flow state has expired"),
  badCodeVerifier: kind(400, "bad_code_verifier", "code challenge does not match previously saved code verifier"),
  // Second factors.
  mfaPhoneDisabled: kind(422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone"),
  tooManyFactors: kind(
    422,
    "too_many_enrolled_mfa_factors",
    "Maximum number of verified factors reached, unenroll to continue",
  ),
  factorNameConflict: kind(
    422,
    "mfa_factor_name_conflict",
    (name: string) => `A factor with the friendly name "${name}" for this user already exists`,
  ),
  factorNotFound: kind(404, "mfa_factor_not_found", "Factor not found"),
  challengeNotFound: kind(422, "mfa_challenge_not_found", (id: string) => `MFA challenge ${id} not found`),
  challengeExpired: kind(
    422,
    "mfa_challenge_expired",
    (id: string) => `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
  ),
  verificationFailed: kind(422, "mfa_verification_failed", "Invalid TOTP code entered"),
  // GoTrue's WebAuthn errors (shared by passkeys and WebAuthn factors).
  webauthnVerificationFailed: kind(400, "webauthn_verification_failed", "Credential verification failed"),
  // Limits.
  rateLimited: kind(429, OVER_RATE, "Request rate limit reached"),
  accountLocked: kind(429, OVER_RATE, "Too many failed sign-in attempts for this account, please try again later"),
  factorLocked: kind(429, OVER_RATE, "Too many failed verification attempts for this factor, please try again later"),
  tooManyChallenges: kind(429, OVER_RATE, "Too many MFA challenges for this factor, please try again later"),
  // GoTrue's answer when the same address asks for e-mails too often (SMTP_MAX_FREQUENCY).
  emailRateLimited: kind(
    429,
    "over_email_send_rate_limit",
    "For security purposes, you can only request this after some time.",
  ),
} as const;

export function authErrorBody(error: AuthError): Record<string, unknown> {
  return { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra };
}

export function authErrorResponse(c: Context, cause: unknown, log: (line: string) => void): Response {
  const error = cause instanceof AuthError ? cause : authErrors.unexpected();
  if (!(cause instanceof AuthError)) {
    log(`auth: unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}: ${describe(cause)}`);
  }
  c.header(API_VERSION_HEADER, API_VERSION);
  return c.json(authErrorBody(error), error.status);
}

function describe(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}
