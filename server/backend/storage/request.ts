// Stage 1, request parsing: who is asking (the verified JWT, as REST reads it), the bucket and
// object name from the path, the JSON bodies of list, move and remove, and the upload's
// headers. Nothing here reads the database; every refusal is an entry of errors.ts.
import type { Context } from "hono";
import { routePath } from "hono/route";
import { BodyAborted, BodyTooLarge, readBoundedBody } from "../../../app/lib/bounded-body.ts";
import { authenticate } from "../rest/request.ts";
import type { Auth, VerifyJwt } from "../rest/request.ts";
import { storageErrors } from "./errors.ts";

/** Most names one list or remove takes. */
export const MAX_LIST = 1000;
/** JSON bodies (list, move, remove) are small: 1,000 names fit well under this. */
const MAX_JSON_BYTES = 256 * 1024;
const SORT_COLUMNS = ["name", "created_at", "updated_at", "last_accessed_at"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export async function who(c: Context, verifyJwt: VerifyJwt): Promise<Auth> {
  try {
    return await authenticate(c, verifyJwt);
  } catch (error) {
    throw storageErrors.unauthorized(error instanceof Error ? error.message : "Invalid JWT");
  }
}

/** An object name: segments of printable characters, no `.` or `..`, no leading slash. */
export function checkObjectName(raw: string): string {
  const name = raw.replace(/\/+/g, "/").replace(/^\/|\/$/g, "");
  const bad =
    name.length === 0 ||
    name.length > 1024 ||
    [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === "\\") ||
    name.split("/").some((segment) => segment === "." || segment === "..");
  if (bad) throw storageErrors.invalidKey(raw);
  return name;
}

export interface ObjectPath {
  bucket: string;
  name: string;
}

/**
 * `<bucket>/<name>` where the route's `*` stands (after `skip`, e.g. "authenticated/"), decoded
 * and checked. Read from the raw path: a malformed escape (`%E0%A4%A`) is the client's mistake.
 */
export function objectPath(c: Context, skip = ""): ObjectPath {
  const route = routePath(c);
  let raw = new URL(c.req.url).pathname.slice(route.length - 1);
  if (skip && raw.startsWith(skip)) raw = raw.slice(skip.length);
  let rest: string;
  try {
    rest = decodeURIComponent(raw);
  } catch {
    throw storageErrors.invalidKey(raw);
  }
  const slash = rest.indexOf("/");
  if (slash <= 0) throw storageErrors.invalidKey(rest);
  return { bucket: rest.slice(0, slash), name: checkObjectName(rest.slice(slash + 1)) };
}

/** The body as a JSON object, refused with 413 as soon as it passes MAX_JSON_BYTES. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = Buffer.from(await readBoundedBody(c.req.raw, MAX_JSON_BYTES)).toString("utf8");
  } catch (error) {
    if (error instanceof BodyTooLarge) throw storageErrors.tooLarge(MAX_JSON_BYTES);
    throw error instanceof BodyAborted ? storageErrors.bodyAborted() : error;
  }
  try {
    const value = JSON.parse(text || "{}") as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw storageErrors.invalidRequest("The request body must be a JSON object");
}

export interface ListRequest {
  /** The folder listed, with its trailing slash ("" for the bucket's top). */
  base: string;
  limit: number;
  offset: number;
  search: string;
  column: SortColumn;
  descending: boolean;
}

/** storage-js `list(prefix, { limit, offset, search, sortBy })`. */
export function parseList(body: Record<string, unknown>): ListRequest {
  const prefix = typeof body["prefix"] === "string" ? body["prefix"].replace(/^\/+|\/+$/g, "") : "";
  const sortBy = (body["sortBy"] ?? {}) as { column?: string; order?: string };
  const column = SORT_COLUMNS.find((candidate) => candidate === sortBy.column) ?? "name";
  return {
    base: prefix ? `${prefix}/` : "",
    limit: Math.min(Math.max(Number(body["limit"] ?? 100) || 100, 1), MAX_LIST),
    offset: Math.max(Number(body["offset"] ?? 0) || 0, 0),
    search: typeof body["search"] === "string" ? body["search"].toLowerCase() : "",
    column,
    descending: sortBy.order === "desc",
  };
}

/** storage-js `move(from, to)`: within one bucket. */
export function parseMove(body: Record<string, unknown>): { bucket: string; from: string; to: string } {
  const bucket = String(body["bucketId"] ?? "");
  if (String(body["destinationBucket"] ?? bucket) !== bucket) {
    throw storageErrors.invalidRequest("Moving between buckets is not supported");
  }
  return {
    bucket,
    from: checkObjectName(String(body["sourceKey"] ?? "")),
    to: checkObjectName(String(body["destinationKey"] ?? "")),
  };
}

/** storage-js `remove(names)`. */
export function parseRemove(body: Record<string, unknown>): string[] {
  const prefixes = body["prefixes"];
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_LIST) {
    throw storageErrors.invalidRequest(`prefixes must be a list of 1 to ${MAX_LIST} names`);
  }
  return prefixes.map((prefix) => checkObjectName(String(prefix)));
}

/** An upload (POST) or update (PUT), and whether x-upsert lets an upload replace an object. */
export interface WriteRequest extends ObjectPath {
  mode: "create" | "update";
  upsert: boolean;
}

export function parseWrite(c: Context, mode: "create" | "update"): WriteRequest {
  return { ...objectPath(c), mode, upsert: c.req.header("x-upsert") === "true" };
}
