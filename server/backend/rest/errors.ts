// One error type and one serializer for the REST API, in PostgREST's shape
// {code, details, hint, message}. supabase-js surfaces this body unchanged as `error`.
import type { RequestRole } from "../db/types.ts";

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) {
    super(message);
    this.name = "RestError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }
}

/** PostgREST's own "bad query" error (PGRST100, 400). */
export function badQuery(message: string, details: string | null = null): RestError {
  return new RestError(400, "PGRST100", message, details);
}

interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  severity?: string;
}

function isPgError(err: unknown): err is PgErrorLike {
  if (typeof err !== "object" || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof message === "string";
}

/**
 * PostgREST's SQLSTATE -> HTTP table (PostgREST docs, "HTTP status codes"), for the codes this
 * backend can meet. Permission errors depend on whether the request was authenticated, so that
 * supabase-js and browsers can tell "sign in" (401) from "not allowed" (403).
 */
function statusFor(code: string, role: RequestRole): number {
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23505" || code === "23503") return 409;
  if (code === "42P01" || code === "42883") return 404;
  if (code === "P0001") return 400;
  if (code === "25006") return 405; // read_only_sql_transaction
  if (code.startsWith("08") || code.startsWith("53")) return 503;
  if (code.startsWith("XX") || code.startsWith("58")) return 500;
  if (code === "57014") return 504; // statement timeout / cancel
  return 400;
}

/** Turns anything thrown while serving a request into a RestError; logs what is not sent. */
export function toRestError(err: unknown, role: RequestRole): RestError {
  if (err instanceof RestError) return err;
  if (isPgError(err)) {
    const status = statusFor(err.code, role);
    if (status >= 500) {
      // Server-side trouble (connection, resources, corruption): the cause is for the log only.
      console.error("rest: database error", err);
      return new RestError(status, err.code, status === 503 ? "Database unavailable" : "Database error");
    }
    return new RestError(status, err.code, err.message, err.detail || null, err.hint || null);
  }
  console.error("rest: internal error", err);
  return new RestError(500, "XX000", "Internal server error");
}

export function errorResponse(err: RestError): Response {
  return new Response(JSON.stringify({ code: err.code, details: err.details, hint: err.hint, message: err.message }), {
    status: err.status,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}
