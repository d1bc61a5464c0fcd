// Stage 1, request parsing: who is asking (the verified JWT), which schema, the query string
// (parse.ts), the Prefer (prefer.ts), Accept (media.ts) and Range headers, and the JSON body
// under a size limit. Nothing here reads the catalog or the database; every refusal is an entry
// of errors.ts.
import type { Context } from "hono";
import { BodyAborted, BodyTooLarge, declaresMoreThan, readBoundedBody } from "../../../app/lib/bounded-body.ts";
import { clientIpOf } from "../../http/client-ip.ts";
import type { RequestRole } from "../db/types.ts";
import { restErrors } from "./errors.ts";
import { negotiate } from "./media.ts";
import type { Media } from "./media.ts";
import { checkQueryLength, parseQuery, parseRange } from "./parse.ts";
import type { QueryPlan } from "./parse.ts";
import { parsePrefer } from "./prefer.ts";
import type { Prefer } from "./prefer.ts";

/** Request body limit in bytes unless createRest is given another (a typical gateway limit). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** JSON nesting a body may have: deeper input must not reach Postgres' recursive JSON code. */
export const MAX_JSON_DEPTH = 32;

const ROLES: readonly RequestRole[] = ["anon", "authenticated", "service_role"];
/** Methods of a table route, as PostgREST serves them. */
const TABLE_METHODS = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"] as const;
export type TableMethod = (typeof TABLE_METHODS)[number];

export interface Auth {
  role: RequestRole;
  claims: Record<string, unknown>;
  /** What SQL sees as `request.headers` (as under PostgREST): the client address, for the audit log. */
  headers: Record<string, string>;
}

export type VerifyJwt = (token: string) => Promise<Record<string, unknown>>;

/**
 * The role comes from the verified JWT's `role` claim: the Authorization bearer token, else the
 * `apikey` header (both keys are JWTs). Without either, Supabase's gateway answers 401 before
 * PostgREST is reached; we do the same.
 */
export async function authenticate(c: Context, verifyJwt: VerifyJwt): Promise<Auth> {
  const header = c.req.header("authorization");
  let token: string | undefined;
  if (header !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw restErrors.unauthorized("Invalid Authorization header", "Expected 'Bearer <token>'");
    token = m[1];
  } else {
    token = c.req.header("apikey") || undefined;
  }
  if (!token) {
    throw restErrors.unauthorized("No API key found in request", "No `apikey` request header or url param was found.");
  }
  let claims: Record<string, unknown>;
  try {
    claims = await verifyJwt(token);
  } catch (err) {
    const expired = (err as { code?: string }).code === "ERR_JWT_EXPIRED";
    throw restErrors.unauthorized(expired ? "JWT expired" : "Invalid JWT");
  }
  const role = claims["role"];
  // Only the three request roles; a token claiming e.g. "postgres" must never reach SET ROLE.
  if (typeof role !== "string" || !(ROLES as readonly string[]).includes(role)) {
    throw restErrors.unauthorized("JWT role is not allowed");
  }
  const ip = clientIpOf(c);
  return { role: role as RequestRole, claims, headers: ip === "in-process" ? {} : { "x-forwarded-for": ip } };
}

/** The schema a request names, and whether it was negotiated (Content-Profile is then echoed). */
export interface Profile {
  schema: string;
  negotiated: boolean;
}

/**
 * PostgREST reads the schema from Accept-Profile on GET/HEAD (and OPTIONS) and Content-Profile
 * on writes; without one it is the first exposed schema (REST_SCHEMAS), negotiated when there
 * are several.
 */
export function checkProfile(c: Context, method: string, schemas: readonly string[]): Profile {
  const write = method === "POST" || method === "PATCH" || method === "PUT" || method === "DELETE";
  const profile = c.req.header(write ? "content-profile" : "accept-profile");
  if (profile === undefined) return { schema: schemas[0]!, negotiated: schemas.length > 1 };
  if (!schemas.includes(profile)) throw restErrors.schemaNotExposed(profile, schemas);
  return { schema: profile, negotiated: true };
}

/** What every request to /rest/v1 asks for beside its path: schema, query, Prefer, Accept, Range. */
interface CommonRequest extends Profile {
  query: QueryPlan;
  prefer: Prefer;
  media: Media;
  /** The Range header of a GET (PostgREST ignores it on other methods, as RFC 9110 says). */
  range: { offset: number; limit?: number } | null;
}

/** The query string is bounded before anything parses it (ADR 014). */
function parseCommon(c: Context, method: string, schemas: readonly string[], rpcRead: boolean): CommonRequest {
  const profile = checkProfile(c, method, schemas);
  const url = new URL(c.req.url);
  checkQueryLength(url.search.slice(1));
  return {
    ...profile,
    query: parseQuery(url.searchParams, { rpcRead }),
    prefer: parsePrefer(c.req.header("prefer")),
    media: negotiate(c.req.header("accept")),
    range: method === "GET" ? parseRange(c.req.header("range")) : null,
  };
}

/** What a request to /rest/v1/<table> asks for, before the catalog is consulted. */
export interface TableRequest extends CommonRequest {
  method: TableMethod;
  table: string;
}

export function parseTableRequest(c: Context, table: string, schemas: readonly string[]): TableRequest {
  const method = c.req.method;
  if (!(TABLE_METHODS as readonly string[]).includes(method)) throw restErrors.methodNotAllowed(method);
  return { ...parseCommon(c, method, schemas, false), method: method as TableMethod, table };
}

/** What a call of /rest/v1/rpc/<fn> asks for: GET/HEAD take their arguments in the query string. */
export interface RpcRequest extends CommonRequest {
  method: "GET" | "HEAD" | "POST";
  fn: string;
}

export function parseRpcRequest(c: Context, fn: string, schemas: readonly string[]): RpcRequest {
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD" && method !== "POST") throw restErrors.invalidRpcMethod(method);
  return { ...parseCommon(c, method, schemas, method !== "POST"), method, fn };
}

/** Iterative depth check: deep nesting must not reach Postgres' recursive JSON code. */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (d > max) max = d;
    if (max > MAX_JSON_DEPTH) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

export interface JsonBody {
  /** The body as sent: passed to Postgres as one JSON parameter. */
  raw: string;
  value: unknown;
}

/**
 * The body, at most maxBytes, as JSON. Checked in this order: a declared Content-Length over the
 * limit (413), the type (415), then the bytes as they arrive (413), counted whatever the
 * Content-Length says (an in-process Request may understate it); then UTF-8 and JSON (400).
 */
export async function readJsonBody(c: Context, maxBytes: number): Promise<JsonBody> {
  // Before the type, so an oversized body is 413 whatever it claims to be.
  if (declaresMoreThan(c.req.raw, maxBytes)) throw restErrors.payloadTooLarge(maxBytes);
  const type = (c.req.header("content-type") ?? "application/json").toLowerCase();
  if (!type.startsWith("application/json")) throw restErrors.unsupportedMediaType(type);
  let bytes: Uint8Array;
  try {
    bytes = await readBoundedBody(c.req.raw, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw restErrors.payloadTooLarge(maxBytes);
    // A client that hung up mid-body: its own mistake (400), never logged as ours.
    if (error instanceof BodyAborted) throw restErrors.invalidBody(undefined, error.message);
    throw error;
  }
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw restErrors.invalidBody();
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw restErrors.invalidBody();
  }
  if (jsonDepth(value) > MAX_JSON_DEPTH) {
    throw restErrors.invalidBody(undefined, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  if (raw.includes("\\u0000")) {
    // Postgres text cannot hold NUL; fail here with a 400 instead of deep inside a cast.
    throw restErrors.invalidBody(undefined, "\\u0000 cannot be stored");
  }
  return { raw, value };
}
