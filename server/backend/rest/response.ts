// Stage 4, response writing: status, Content-Range, Content-Type, Location, Preference-Applied
// and Content-Profile as PostgREST sets them (Response.hs, RangeQuery.hs), around a body Postgres
// already built; and the error body.
import type { RestError } from "./errors.ts";
import { restErrors } from "./errors.ts";
import { contentType } from "./media.ts";
import type { Media } from "./media.ts";

export const JSON_TYPE = "application/json; charset=utf-8";

/** Headers every answer of a request carries beside its own. */
export interface CommonHeaders {
  /** Preference-Applied, when some preference was honoured. */
  applied: string | null;
  /** The schema, echoed as Content-Profile when it was negotiated. */
  profile: string | null;
}

/** `from-to/total` of the rows returned, or `*` (RangeQuery.contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : "*";
  return `${range}/${total ?? "*"}`;
}

/**
 * PostgREST's status for a read (RangeQuery.rangeStatusHeader): 416 when the offset is past a
 * counted total, 206 Partial Content when the rows returned are fewer than it (a page, or a read
 * cut by max rows), 200 otherwise.
 */
export function readStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  return n < total ? 206 : 200;
}

function headersOf(common: CommonHeaders, own: Record<string, string | null>): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(own)) if (v !== null) h.set(k, v);
  if (common.applied) h.set("Preference-Applied", common.applied);
  if (common.profile) h.set("Content-Profile", common.profile);
  return h;
}

/** GET/HEAD of a table and rpc: the rows (none for HEAD), their range from the offset. */
export function readResponse(
  read: { head: boolean; media: Media; offset: number; isVoid?: boolean },
  n: number,
  body: string | null,
  total: number | null,
  common: CommonHeaders,
): Response {
  const status = readStatus(read.offset, n, total);
  const range = contentRange(read.offset, read.offset + n - 1, total);
  if (read.isVoid) return new Response(null, { status: 204, headers: headersOf(common, { "Content-Range": range }) });
  const headers = headersOf(common, { "Content-Range": range, "Content-Type": contentType(read.media) });
  if (status === 416) {
    const err = restErrors.invalidRange(`An offset of ${read.offset} was requested, but there are only ${total} rows.`);
    return new Response(read.head ? null : errorBody(err), { status, headers });
  }
  return new Response(read.head ? null : body, { status, headers });
}

export interface WriteResult {
  kind: "insert" | "update" | "delete" | "put" | "insert-nothing";
  representation: boolean;
  media: Media;
  n: number;
  body: string | null;
  /** Prefer: count asked for the total. */
  counted: boolean;
  /** An upsert's inserted rows (null: not an upsert). */
  inserted: number | null;
  /** The Location header (return=headers-only). */
  location: string | null;
}

/** POST/PATCH/PUT/DELETE as PostgREST answers them (Response.hs actionResponse). */
export function writeResponse(w: WriteResult, common: CommonHeaders): Response {
  const total = w.counted ? w.n : null;
  let status: number;
  let range: string | null;
  if (w.kind === "insert" || w.kind === "insert-nothing") {
    status = w.inserted !== null && w.inserted <= 0 ? 200 : 201;
    range = contentRange(1, 0, total);
  } else if (w.kind === "put") {
    status = w.representation ? (w.inserted !== null && w.inserted > 0 ? 201 : 200) : 204;
    range = null;
  } else {
    status = w.representation ? 200 : 204;
    range = w.kind === "update" ? contentRange(0, w.n - 1, total) : contentRange(1, 0, total);
  }
  const own: Record<string, string | null> = { "Content-Range": range, Location: w.location };
  if (!w.representation) return new Response(null, { status, headers: headersOf(common, own) });
  own["Content-Type"] = contentType(w.media);
  return new Response(w.body ?? "", { status, headers: headersOf(common, own) });
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function gucStatus(raw: string): number {
  // PostgREST reads the leading digits (Data.Text.Read.decimal); a Response takes 200 to 599.
  const digits = /^\d+/.exec(raw)?.[0];
  const status = digits === undefined ? Number.NaN : Number(digits);
  if (!(status >= 200 && status <= 599)) throw restErrors.gucStatus();
  return status;
}

function gucHeaders(raw: string): [string, string][] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw restErrors.gucHeaders();
  }
  if (!Array.isArray(value)) throw restErrors.gucHeaders();
  return value.map((item: unknown) => {
    const entries = typeof item === "object" && item !== null && !Array.isArray(item) ? Object.entries(item) : [];
    const [name, text] = entries.length === 1 ? entries[0]! : [];
    if (typeof name !== "string" || typeof text !== "string") throw restErrors.gucHeaders();
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(text)) throw restErrors.gucHeaders();
    return [name, text];
  });
}

/**
 * PostgREST's response GUCs (transactions.html#response-headers): a status set by a function or
 * trigger replaces the response's, and each header it set replaces the one of that name. The
 * status is decoded first, as PostgREST does, which decides the error when both are wrong.
 */
export function withResponseGucs(
  res: Response,
  gucs: { response_headers?: string | null; response_status?: string | null },
): Response {
  const rawStatus = gucs.response_status ?? null;
  const rawHeaders = gucs.response_headers ?? null;
  if (rawStatus === null && rawHeaders === null) return res;
  const status = rawStatus === null ? res.status : gucStatus(rawStatus);
  const set = rawHeaders === null ? [] : gucHeaders(rawHeaders);
  const headers = new Headers(res.headers);
  for (const [name] of set) headers.delete(name);
  for (const [name, value] of set) headers.append(name, value);
  const body = NULL_BODY_STATUSES.has(status) ? null : res.body;
  if (body === null) headers.delete("content-type");
  return new Response(body, { status, headers });
}

/** `.single()` over anything but one row is PGRST116; checked inside the transaction, so a write is rolled back. */
export function expectSingle(media: Media, n: number): void {
  if (media.kind === "object" && n !== 1) throw restErrors.notSingle(n);
}

/** PostgREST's error body {code, details, hint, message}. */
export function errorBody(err: RestError): string {
  return JSON.stringify({ code: err.code, details: err.details, hint: err.hint, message: err.message });
}

export function errorResponse(err: RestError): Response {
  return new Response(errorBody(err), { status: err.status, headers: { "Content-Type": JSON_TYPE } });
}
