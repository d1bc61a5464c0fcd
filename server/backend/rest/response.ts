// Stage 4, response writing: status, Content-Range and Content-Type as PostgREST sets them, around
// a body Postgres already serialised (json_agg / to_json); and the error body.
import type { RestError } from "./errors.ts";
import { restErrors } from "./errors.ts";
import { SINGLE_MEDIA } from "./request.ts";

export const JSON_TYPE = "application/json; charset=utf-8";
const SINGLE_TYPE = `${SINGLE_MEDIA}; charset=utf-8`;

/** What a statement yields: the rows as JSON text, how many, and the count when asked. */
export interface Row {
  body: string;
  n: number;
  total?: string;
}

/** `from-to/total` of the rows returned (`*` for none, or for a total not counted). */
export function contentRange(offset: number, n: number, total: string | null): string {
  const range = n > 0 ? `${offset}-${offset + n - 1}` : "*";
  return `${range}/${total ?? "*"}`;
}

/**
 * PostgREST's status for a read (RangeQuery.rangeStatusHeader): 206 Partial Content when the
 * total is known (Prefer: count=...) and the rows returned are fewer than it, e.g. a page or a
 * read cut by max rows; 200 otherwise. (PostgREST's 416 for an offset past the total is not
 * copied: such a read answers 200 with no rows.)
 */
export function readStatus(n: number, total: string | null): number {
  return total !== null && n < Number(total) ? 206 : 200;
}

/** json_agg of exactly one row is "[<row>]": the object `.single()` asked for. */
export function unwrap(body: string): string {
  return body.slice(1, -1);
}

/**
 * `.single()` over anything but one row is PGRST116; checked inside the transaction, so a write
 * that touched != 1 rows is rolled back, as PostgREST does.
 */
export function expectSingle(single: boolean, row: Row): Row {
  if (single && row.n !== 1) throw restErrors.notSingle(row.n);
  return row;
}

/** GET/HEAD: the rows (none for HEAD), their range from the request's offset, 200 or 206. */
export function readResponse(head: boolean, single: boolean, offset: number, row: Row): Response {
  const total = row.total ?? null;
  const headers = new Headers({
    "Content-Type": single ? SINGLE_TYPE : JSON_TYPE,
    "Content-Range": contentRange(offset, row.n, total),
  });
  const body = head ? null : single ? unwrap(row.body) : row.body;
  return new Response(body, { status: readStatus(row.n, total), headers });
}

/** POST/PATCH/DELETE: the range of rows written (counted with Prefer: count), and the rows if asked. */
export function writeResponse(
  status: number,
  representation: boolean,
  single: boolean,
  row: Row,
  count: boolean,
): Response {
  const headers = new Headers({ "Content-Range": contentRange(0, row.n, count ? String(row.n) : null) });
  if (!representation) return new Response(null, { status, headers });
  headers.set("Content-Type", single ? SINGLE_TYPE : JSON_TYPE);
  return new Response(single ? unwrap(row.body) : row.body, { status, headers });
}

/** PostgREST's write statuses: 201 for an insert; 200 with the rows, else 204. */
export function writeStatus(method: "POST" | "PATCH" | "DELETE", representation: boolean): number {
  return method === "POST" ? 201 : representation ? 200 : 204;
}

/**
 * rpc: 204 for a void function; otherwise the JSON value, and for a set of rows the range it
 * holds, like PostgREST's rpc answers.
 */
export function rpcResponse(isVoid: boolean, row: { body: string | null; n?: number } | undefined): Response {
  if (isVoid) return new Response(null, { status: 204 });
  const headers = new Headers({ "Content-Type": JSON_TYPE });
  const n = row?.n;
  if (n !== undefined) headers.set("Content-Range", contentRange(0, n, null));
  return new Response(row?.body ?? "null", { status: 200, headers });
}

/** PostgREST's error body {code, details, hint, message}. */
export function errorResponse(err: RestError): Response {
  return new Response(JSON.stringify({ code: err.code, details: err.details, hint: err.hint, message: err.message }), {
    status: err.status,
    headers: { "Content-Type": JSON_TYPE },
  });
}
