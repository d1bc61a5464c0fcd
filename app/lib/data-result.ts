import type { adminCopy as AdminCopy } from "~/content/admin";
import type { authCopy as AuthCopy } from "~/content/auth";

// One reading of every supabase-js failure, and one policy for what a user sees for it
// (docs/decisions/047-typed-data-access.md). supabase-js hands PostgREST's error body over as
// `{ code, message, details, hint }` with the HTTP status beside it, and GoTrue's as an AuthError
// with `status` and `code` (docs/supabase-wire.md §2, §3); `toDataError` turns either into a
// DataError whose `kind` says what happened, whatever the service's wording. No runtime imports:
// server loaders, the sign-in screen and the admin share this module at no cost.

/** What went wrong, as the app cares about it. */
export type DataErrorKind =
  /** No valid session, or wrong credentials (401; PostgREST 42501 for anonymous, PGRST30x; GoTrue invalid_credentials, bad_jwt). */
  | "unauthorized"
  /** Signed in, but row-level security or the service says no (403; 42501). */
  | "forbidden"
  /** The row, table or function is not there (404, 406 PGRST116, 416 PGRST103, 42P01, PGRST205). */
  | "not-found"
  /** A unique key is taken (409; 23505: a duplicate slug; GoTrue user_already_exists). */
  | "conflict"
  /** The row changed since the screen read it (a save that would overwrite someone else's). */
  | "stale"
  /** The request or its values were refused (400, 422; CHECK and NOT NULL violations; GoTrue weak_password). */
  | "invalid"
  /** Too many attempts for now (429). */
  | "throttled"
  /** The service or the network is down (5xx, no response; 08*, 53*, 57P*). */
  | "unavailable"
  /** Anything else, and anything thrown instead of returned. */
  | "unknown";

export interface DataError {
  kind: DataErrorKind;
  /** The service's own message (English), or the thrown exception's. */
  message: string;
  /** PostgREST's SQLSTATE or PGRST code, or GoTrue's error code, when there was one. */
  code?: string;
  /** The HTTP status, when the client reported one (0: no response arrived). */
  status?: number;
  /** GoTrue's weak_password reasons ("length", "characters", "pwned"), on that error only. */
  reasons?: readonly string[];
  /**
   * The database constraint a write broke, from PostgREST's message ('violates check constraint
   * "blog_posts_meta_title_check"') or, for a trigger's refusal, its hint ("post_tags_limit"):
   * what lets a form say which field is wrong.
   */
  constraint?: string;
  /** True when the call threw instead of returning `{ error }` (a bug, a response the client could not read). */
  thrown?: true;
}

export type DataResult<T> = { ok: true; data: T } | { ok: false; error: DataError };

/** GoTrue's error codes, by kind (https://supabase.com/docs/guides/auth/debugging/error-codes). */
const AUTH_CODES: Record<string, DataErrorKind> = {
  invalid_credentials: "unauthorized",
  bad_jwt: "unauthorized",
  invalid_jwt: "unauthorized",
  no_authorization: "unauthorized",
  session_not_found: "unauthorized",
  session_expired: "unauthorized",
  refresh_token_not_found: "unauthorized",
  refresh_token_already_used: "unauthorized",
  not_admin: "forbidden",
  insufficient_aal: "forbidden",
  user_banned: "forbidden",
  signup_disabled: "forbidden",
  email_not_confirmed: "forbidden",
  user_not_found: "not-found",
  user_already_exists: "conflict",
  email_exists: "conflict",
  phone_exists: "conflict",
  weak_password: "invalid",
  current_password_required: "invalid",
  current_password_invalid: "invalid",
  validation_failed: "invalid",
  bad_json: "invalid",
  email_address_invalid: "invalid",
  over_request_rate_limit: "throttled",
  over_email_send_rate_limit: "throttled",
  over_sms_send_rate_limit: "throttled",
};

/** PostgREST's own codes and the SQLSTATEs it passes through (docs/supabase-wire.md §3). */
function restKind(code: string, status: number | undefined): DataErrorKind | undefined {
  if (code === "42501") return status === 401 ? "unauthorized" : "forbidden";
  if (/^PGRST30\d$/.test(code)) return "unauthorized";
  if (code === "PGRST116" || code === "PGRST103" || code === "PGRST202" || code === "PGRST205") return "not-found";
  if (code === "42P01" || code === "42883") return "not-found";
  if (code === "23505" || code === "23P01") return "conflict";
  // 23503 (a foreign key pointing nowhere) is a 409 too, but no key is taken: the values are wrong.
  if (/^(22|23)/.test(code) || code === "P0001" || /^PGRST1\d\d$/.test(code)) return "invalid";
  if (/^(08|53|57P)/.test(code) || /^PGRST00\d$/.test(code)) return "unavailable";
  return undefined;
}

function statusKind(status: number | undefined): DataErrorKind {
  if (status === undefined) return "unknown";
  if (status === 0 || status >= 500) return "unavailable";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404 || status === 406 || status === 416) return "not-found";
  if (status === 409) return "conflict";
  if (status === 429) return "throttled";
  if (status >= 400) return "invalid";
  return "unknown";
}

/**
 * The kind of a failure from its code and HTTP status. A 429 is throttling and a 5xx (or no
 * response) an outage whatever the code says; otherwise the code decides, and the status when
 * the code is unknown or missing.
 */
export function classify(code: string | undefined, status: number | undefined): DataErrorKind {
  if (status === 429) return "throttled";
  if (status !== undefined && (status === 0 || status >= 500)) return "unavailable";
  if (code) {
    const known = AUTH_CODES[code] ?? restKind(code, status);
    if (known) return known;
  }
  return statusKind(status);
}

/** The parts of a supabase-js error this module reads (PostgrestError, AuthError, a plain body). */
interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  reasons?: unknown;
  hint?: unknown;
}

/** The constraint a PostgreSQL refusal names (23xxx codes only), or its snake_case hint. */
function constraintOf(code: string | undefined, message: string, hint: unknown): string | undefined {
  if (!code?.startsWith("23")) return undefined;
  const named = /constraint "([^"]+)"/.exec(message)?.[1];
  if (named) return named;
  return typeof hint === "string" && /^[a-z][a-z0-9_]*$/.test(hint) ? hint : undefined;
}

/**
 * A failure supabase-js returned as `error`. PostgREST errors carry no status of their own:
 * pass the response's (`result.status`). A code of "" (supabase-js's network failures) is none.
 */
export function toDataError(error: ErrorLike, status?: number): DataError {
  const code = typeof error.code === "string" && error.code !== "" ? error.code : undefined;
  const httpStatus = typeof error.status === "number" ? error.status : status;
  const result: DataError = {
    kind: classify(code, httpStatus),
    message: typeof error.message === "string" ? error.message : String(error.message ?? ""),
  };
  if (code !== undefined) result.code = code;
  if (httpStatus !== undefined) result.status = httpStatus;
  if (code === "weak_password") {
    result.reasons = Array.isArray(error.reasons) ? error.reasons.filter((r) => typeof r === "string") : [];
  }
  const constraint = constraintOf(code, result.message, error.hint);
  if (constraint) result.constraint = constraint;
  return result;
}

/** A failure that was thrown rather than returned: always "unknown", with the exception's message. */
export function fromThrown(thrown: unknown): DataError {
  return { kind: "unknown", message: thrown instanceof Error ? thrown.message : String(thrown), thrown: true };
}

/** What every supabase-js call resolves to: data or error, and (REST calls) the HTTP status. */
interface ClientResult {
  data: unknown;
  error: ErrorLike | null;
  status?: number;
}

type SuccessData<R> = R extends { error: null; data: infer D } ? D : never;

/** A supabase-js result as data or a typed error: `const posts = unwrap(await client.from(...).select())`. */
export function unwrap<R extends ClientResult>(result: R): DataResult<SuccessData<R>> {
  if (result.error) return { ok: false, error: toDataError(result.error, result.status) };
  return { ok: true, data: result.data as SuccessData<R> };
}

/** A DataError as an exception, for callers that throw (TanStack Query retries and reports them). */
export class DataFailure extends Error {
  readonly error: DataError;
  constructor(error: DataError) {
    super(error.message);
    this.name = "DataFailure";
    this.error = error;
  }
}

/** The data of a supabase-js result, or a thrown DataFailure. */
export function expectData<R extends ClientResult>(result: R): SuccessData<R> {
  const unwrapped = unwrap(result);
  if (!unwrapped.ok) throw new DataFailure(unwrapped.error);
  return unwrapped.data;
}

/** The DataError behind anything caught: a DataFailure's own, else the exception as thrown. */
export function dataErrorOf(caught: unknown): DataError {
  return caught instanceof DataFailure ? caught.error : fromThrown(caught);
}

// ---------------------------------------------------------------------------------------------
// The policy: what a user sees for a failure (docs/product.md §8).

/** A screen's words for one kind of failure; the copy itself lives in app/content. */
export interface ErrorTexts {
  /** The toast's title ("Erro"). */
  title: string;
  /** Show nothing at all (docs/product.md §8: a failed post delete; the reloaded list tells the truth). */
  silent?: boolean;
  /** The screen's own text for a kind, instead of the service's message. */
  byKind?: Partial<Record<DataErrorKind, string>>;
  /** The screen's own text for a service's error code (the auth screens: every GoTrue code in pt-BR). */
  byCode?: Readonly<Record<string, string>>;
  /** For a call that threw: the screen's generic text. Without one, the exception's message. */
  unexpected?: string;
  /** Instead of the service's own message when nothing above matched (screens that never show English). */
  fallback?: string;
}

export interface ErrorNotice {
  title: string;
  description: string;
}

/**
 * The one rule: the screen's text for this kind when it has one, else for this code; for an
 * exception, its "unexpected" text; otherwise its fallback, or the service's own message as
 * docs/product.md §8 asks. Null: show nothing.
 */
export function errorNotice(error: DataError, texts: ErrorTexts): ErrorNotice | null {
  if (texts.silent) return null;
  const description =
    texts.byKind?.[error.kind] ??
    (error.code === undefined ? undefined : texts.byCode?.[error.code]) ??
    (error.thrown ? texts.unexpected : undefined) ??
    texts.fallback ??
    error.message;
  return { title: texts.title, description };
}

/** Every screen's texts for failures, in one table (docs/product.md §8). */
export const screenErrorTexts = {
  /**
   * Sign-in and sign-up: throttling has its own words per mode, every auth error code its pt-BR
   * text ("E-mail ou senha incorretos."), anything else the generic one: never the service's English.
   */
  auth: (copy: typeof AuthCopy, mode: "login" | "signup"): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byKind: { throttled: copy.toasts.throttled[mode] },
    byCode: copy.errors,
    unexpected: copy.toasts.unexpected,
    fallback: copy.toasts.unexpected,
  }),
  /** The account screens ("Segurança da conta"): the same pt-BR texts by code, never English. */
  account: (copy: typeof AuthCopy): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byCode: copy.errors,
    unexpected: copy.toasts.unexpected,
    fallback: copy.toasts.unexpected,
  }),
  /**
   * Saving a post: a taken slug is the only conflict blog_posts can raise (said under the field
   * too); a post saved elsewhere since it was opened is not overwritten.
   */
  savePost: (copy: typeof AdminCopy): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byKind: { ...adminWriteKinds(copy), conflict: copy.dialog.validation.slugTaken, stale: copy.toasts.postChanged },
    unexpected: copy.toasts.unexpected,
  }),
  /** Deleting a post: nothing. */
  deletePost: (copy: typeof AdminCopy): ErrorTexts => ({ title: copy.toasts.errorTitle, silent: true }),
  /** Marking a lead handled or deleting it: the service's message, unless a kind above says it. */
  messageWrite: (copy: typeof AdminCopy): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byKind: adminWriteKinds(copy),
  }),
  /** Deleting an image: one already gone says so; never the storage service's English. */
  imageWrite: (copy: typeof AdminCopy): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byKind: { ...adminWriteKinds(copy), "not-found": copy.toasts.imageGone },
    unexpected: copy.toasts.unexpected,
    fallback: copy.toasts.unexpected,
  }),
  /**
   * "Tags e autoria"'s author profiles: a refused value is said under its field
   * (app/lib/authoring.ts), anything else in pt-BR, never the database's English.
   */
  profileWrite: (copy: typeof AdminCopy): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byKind: adminWriteKinds(copy),
    unexpected: copy.toasts.unexpected,
    fallback: copy.toasts.unexpected,
  }),
  /** Its tags, the same, and a tag someone else deleted meanwhile says so. */
  tagWrite: (copy: typeof AdminCopy): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byKind: { ...adminWriteKinds(copy), "not-found": copy.editorial.toasts.tagGone },
    unexpected: copy.toasts.unexpected,
    fallback: copy.toasts.unexpected,
  }),
  /** Saving the site settings: a refused value is also said under its field. */
  saveSettings: (copy: typeof AdminCopy): ErrorTexts => ({
    title: copy.toasts.errorTitle,
    byKind: {
      ...adminWriteKinds(copy),
      invalid: copy.settings.toasts.invalid,
      forbidden: copy.settings.toasts.forbidden,
    },
    unexpected: copy.toasts.unexpected,
  }),
};

/**
 * What every admin write says when the network or server failed, or the session ended: pt-BR,
 * instead of "TypeError: Failed to fetch", a proxy's HTML page or "permission denied for table".
 */
function adminWriteKinds(copy: typeof AdminCopy): Partial<Record<DataErrorKind, string>> {
  return {
    unavailable: copy.toasts.unavailable,
    unauthorized: copy.toasts.signedOut,
    forbidden: copy.toasts.forbidden,
  };
}
