// The REST surface's errors, in one table: every code the backend raises itself (PostgREST's
// PGRSTxxx, and the SQLSTATEs PostgREST raises on its own behalf), with its HTTP status and
// wording, and the SQLSTATE -> HTTP table for errors that come from Postgres. Bodies have
// PostgREST's shape {code, details, hint, message}; supabase-js surfaces them unchanged as
// `error`. PostgREST's list: https://docs.postgrest.org/en/v12/references/errors.html
import type { RequestRole } from "../db/types.ts";

/** PostgREST's `details` is text, except PGRST201's list of the candidate relationships. */
export type ErrorDetails = string | Record<string, string>[] | null;

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails;
  readonly hint: string | null;
  constructor(status: number, code: string, message: string, details: ErrorDetails = null, hint: string | null = null) {
    super(message);
    this.name = "RestError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }
}

interface Wording {
  message: string;
  details?: ErrorDetails;
  hint?: string | null;
}

/** One row of the table: a constructor that also names its code and status. */
export interface RestErrorKind<A extends unknown[]> {
  (...args: A): RestError;
  readonly status: number;
  readonly code: string;
}

function kind<A extends unknown[]>(status: number, code: string, wording: (...args: A) => Wording): RestErrorKind<A> {
  const make = (...args: A): RestError => {
    const w = wording(...args);
    return new RestError(status, code, w.message, w.details ?? null, w.hint ?? null);
  };
  return Object.assign(make, { status, code });
}

/** "(a, b)" or " without parameters", as PostgREST lists a call's argument names. */
function argumentList(keys: readonly string[]): string {
  return keys.length === 0 ? " without parameters" : `(${keys.join(", ")})`;
}

/**
 * Every error the REST layer raises itself. Messages copy PostgREST 13's (src/PostgREST/Error.hs)
 * where the backend does what PostgREST does; a bound of this backend's own says so in `details`.
 */
export const restErrors = {
  /** PGRST100: a query string PostgREST cannot parse, or one past this backend's bounds. */
  badQuery: kind(400, "PGRST100", (message: string, details: string | null = null) => ({ message, details })),
  /** PGRST101: a method rpc does not take. */
  invalidRpcMethod: kind(405, "PGRST101", (method: string) => ({ message: `Cannot use the ${method} method on RPC` })),
  /** PGRST102: a body that is not the JSON the operation takes. */
  invalidBody: kind(400, "PGRST102", (message: string = "Empty or invalid json", details: string | null = null) => ({
    message,
    details,
  })),
  /** PGRST103: a negative limit, an empty Range, or an offset past the counted total. */
  invalidRange: kind(416, "PGRST103", (details: string) => ({ message: "Requested range not satisfiable", details })),
  /** PGRST105: PUT filters that are not exactly the primary key with eq. */
  invalidPutFilters: kind(405, "PGRST105", () => ({
    message: "Filters must include all and only primary key columns with 'eq' operators",
  })),
  /** PGRST106: a schema outside REST_SCHEMAS in Accept-Profile / Content-Profile. */
  schemaNotExposed: kind(406, "PGRST106", (schema: string, exposed: readonly string[]) => ({
    message: `Invalid schema: ${schema}`,
    hint: `Only the following schemas are exposed: ${exposed.join(", ")}`,
  })),
  /** PGRST107 (406): an Accept header naming no media type this backend produces. */
  notAcceptable: kind(406, "PGRST107", (types: readonly string[]) => ({
    message: `None of these media types are available: ${types.join(", ")}`,
  })),
  /** PGRST107 (415): a body that is not application/json. */
  unsupportedMediaType: kind(415, "PGRST107", (type: string) => ({
    message: `Content-Type not acceptable: ${type}`,
    hint: "Send application/json",
  })),
  /** PGRST108: a filter, order or limit on an embed the select does not have. */
  notEmbedded: kind(400, "PGRST108", (resource: string) => ({
    message: `'${resource}' is not an embedded resource in this request`,
    hint: `Verify that '${resource}' is included in the 'select' query parameter.`,
  })),
  /** PGRST111: a function or trigger set response.headers to something other than [{"name": "value"}, …]. */
  gucHeaders: kind(500, "PGRST111", () => ({
    message: "response.headers guc must be a JSON array composed of objects with a single key and a string value",
  })),
  /** PGRST112: a function or trigger set response.status to something other than a status code. */
  gucStatus: kind(500, "PGRST112", () => ({ message: "response.status guc must be a valid status code" })),
  /** PGRST114: limit or offset on PUT. */
  putLimit: kind(400, "PGRST114", () => ({
    message: "limit/offset querystring parameters are not allowed for PUT",
  })),
  /** PGRST115: a PUT body whose primary key differs from the URL's. */
  putMatchingPk: kind(400, "PGRST115", () => ({ message: "Payload values do not match URL in primary key column(s)" })),
  /** PGRST116: `.single()` (vnd.pgrst.object+json) over 0 or more than 1 rows. */
  notSingle: kind(406, "PGRST116", (rows: number) => ({
    message: "Cannot coerce the result to a single JSON object",
    details: `The result contains ${rows} rows`,
  })),
  /** PGRST117: a method the route does not take. */
  methodNotAllowed: kind(405, "PGRST117", (method: string, hint: string | null = null) => ({
    message: `Unsupported HTTP method: ${method}`,
    hint,
  })),
  /** PGRST118: ordering by an embed that is not to-one. */
  relatedOrderNotToOne: kind(400, "PGRST118", (origin: string, target: string) => ({
    message: `A related order on '${target}' is not possible`,
    details: `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  })),
  /** PGRST122: preferences this backend does not know, under handling=strict. */
  invalidPreferences: kind(400, "PGRST122", (prefs: readonly string[]) => ({
    message: "Invalid preferences given with handling=strict",
    details: `Invalid preferences: ${prefs.join(", ")}`,
  })),
  /** PGRST124: an update, delete or rpc over max-affected rows under handling=strict. */
  maxAffected: kind(400, "PGRST124", (rows: number) => ({
    message: "Query result exceeds max-affected preference constraint",
    details: `The query affects ${rows} rows`,
  })),
  /** PGRST125: a path under /rest/v1 that is neither a table nor rpc/<fn>. */
  invalidPath: kind(404, "PGRST125", () => ({ message: "Invalid path specified in request URL" })),
  /** PGRST126: the root path, where PostgREST serves its OpenAPI document (not served here). */
  openApiDisabled: kind(404, "PGRST126", () => ({ message: "Root endpoint metadata is disabled" })),
  /** PGRST127: a combination PostgREST does not implement either. */
  notImplemented: kind(400, "PGRST127", (details: string) => ({ message: "Feature not implemented", details })),
  /** PGRST128: max-affected with handling=strict on a function that returns one row. */
  maxAffectedRpc: kind(400, "PGRST128", () => ({
    message: "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
  })),
  /** PGRST200: no relationship matches an embed. */
  noRelationship: kind(
    400,
    "PGRST200",
    (origin: string, target: string, hint: string | undefined, schema: string, suggestion: string | null) => ({
      message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      details: `Searched for a foreign key relationship between '${origin}' and '${target}${hint === undefined ? "" : `' using the hint '${hint}`}' in the schema '${schema}', but no matches were found.`,
      hint: suggestion,
    }),
  ),
  /** PGRST201: several relationships match an embed. */
  ambiguousRelationship: kind(
    300,
    "PGRST201",
    (origin: string, target: string, candidates: Record<string, string>[], hints: string) => ({
      message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      details: candidates,
      hint: `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
    }),
  ),
  /** PGRST202: no function of that name takes these arguments. */
  functionNotFound: kind(
    404,
    "PGRST202",
    (schema: string, name: string, keys: readonly string[], search: string, hint: string | null = null) => ({
      message: `Could not find the function ${schema}.${name}${search.startsWith(" with a single json") ? "" : argumentList(keys)} in the schema cache`,
      details: `Searched for the function ${schema}.${name}${search}, but no matches were found in the schema cache.`,
      hint,
    }),
  ),
  /** PGRST203: several overloads take these arguments. */
  ambiguousFunction: kind(300, "PGRST203", (candidates: readonly string[]) => ({
    message: `Could not choose the best candidate function between: ${candidates.join(", ")}`,
    hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
  })),
  /** PGRST204: a payload key that is not a column of the table. */
  columnNotFound: kind(400, "PGRST204", (table: string, column: string) => ({
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  })),
  /** PGRST205: a relation missing from the schema cache. */
  tableNotFound: kind(404, "PGRST205", (schema: string, name: string, suggestion: string | null = null) => ({
    message: `Could not find the table '${schema}.${name}' in the schema cache`,
    hint: suggestion === null ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
  })),
  /** PGRST301: no key, a malformed or invalid JWT, or one whose role may not make requests. */
  unauthorized: kind(401, "PGRST301", (message: string, hint: string | null = null) => ({ message, hint })),
  /** PGRST413: a body over the limit. */
  payloadTooLarge: kind(413, "PGRST413", (maxBytes: number) => ({
    message: "Payload Too Large",
    details: `The body is limited to ${maxBytes} bytes`,
  })),
  /** 21000: UPDATE/DELETE without a filter, as Supabase's pg-safeupdate refuses them. */
  missingWhere: kind(400, "21000", (statement: "UPDATE" | "DELETE") => ({
    message: `${statement} requires a WHERE clause`,
  })),
  /** 42846: a select cast to a pseudo-type (`::unknown`): Postgres' code for a cast it refuses. */
  pseudoTypeCast: kind(400, "42846", (type: string) => ({ message: `cannot cast to pseudo-type ${type}` })),
  /** 42703: a select, filter or order column the table does not have (Postgres' own words). */
  undefinedColumn: kind(400, "42703", (table: string, column: string) => ({
    message: `column ${table}.${column} does not exist`,
  })),
  /** XX000: anything else that went wrong; the cause goes to the log only. */
  internal: kind(500, "XX000", () => ({ message: "Internal server error" })),
} as const;

/**
 * Codes of a name missing from the schema cache: the lookup may succeed after a reload (a
 * migration applied by another instance), which PostgREST needs a NOTIFY for.
 */
const CATALOG_MISSES: ReadonlySet<string> = new Set([
  restErrors.tableNotFound.code,
  restErrors.functionNotFound.code,
  restErrors.columnNotFound.code,
  restErrors.undefinedColumn.code,
]);

export function isCatalogMiss(err: unknown): boolean {
  return err instanceof RestError && CATALOG_MISSES.has(err.code);
}

/** Postgres' insufficient_privilege: 401 without a login, 403 with one (see statusFor). */
export const INSUFFICIENT_PRIVILEGE = "42501";

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
export function statusFor(code: string, role: RequestRole): number {
  if (code === INSUFFICIENT_PRIVILEGE) return role === "anon" ? 401 : 403;
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
    if (status === 504) {
      // The role's statement_timeout: PostgreSQL's own words, which tell the client what happened.
      console.error(`rest: statement cancelled (${err.message}) for role ${role}`);
      return new RestError(status, err.code, err.message);
    }
    if (status >= 500) {
      // Server-side trouble (connection, resources, corruption): the cause is for the log only.
      console.error("rest: database error", err);
      return new RestError(status, err.code, status === 503 ? "Database unavailable" : "Database error");
    }
    return new RestError(status, err.code, err.message, err.detail || null, err.hint || null);
  }
  console.error("rest: internal error", err);
  return restErrors.internal();
}
