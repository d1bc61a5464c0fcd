// Stage 2, planning: what a parsed request does. Checks the request's shape against the
// operation (a read takes no `columns`, a write no paging, an UPDATE/DELETE needs a filter, a
// body has the JSON shape the operation takes, the preferences go with it), decides the row cap,
// and yields an operation that the compilers turn into SQL against the catalog. No database, no
// catalog.
import type { RequestRole } from "../db/types.ts";
import { restErrors } from "./errors.ts";
import type { Media } from "./media.ts";
import type { QueryPlan } from "./parse.ts";
import type { Prefer } from "./prefer.ts";
import type { JsonBody, TableRequest } from "./request.ts";

/**
 * The max-rows that hosted Supabase projects start with (API settings), so the site meets the
 * same cap on both; docs/backend.md ("Request bounds") says what it means for the feeds and lists.
 */
export const DEFAULT_MAX_ROWS = 1000;

export type Count = NonNullable<Prefer["count"]>;

/** What a read of rows asks for: of a table, or of what a function returns. */
export interface ReadShape {
  query: QueryPlan;
  media: Media;
  head: boolean;
  count?: Count;
  maxRows?: number;
  range: { offset: number; limit?: number } | null;
}

export interface ReadOperation extends ReadShape {
  kind: "read";
}

export type Returning = "minimal" | "representation" | "headers-only";

export interface WriteOperation {
  kind: "insert" | "update" | "delete" | "put";
  query: QueryPlan;
  media: Media;
  returning: Returning;
  /** The body as sent (an array of rows for an insert, one object otherwise). */
  rowsJson: string;
  /** Columns written: `columns`, else the body's keys. */
  columns: string[];
  /** Keys some row of the body holds: identity columns no row sets keep their default. */
  presentKeys: ReadonlySet<string>;
  missingDefault: boolean;
  resolution?: "merge-duplicates" | "ignore-duplicates";
  onConflict?: string[];
  count?: Count;
}

/** An insert of no rows: answered without a statement. */
export interface InsertNothing {
  kind: "insert-nothing";
  returning: Returning;
  media: Media;
}

export type Operation = ReadOperation | WriteOperation | InsertNothing;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The cap for a request's role, or none. PostgREST applies db-max-rows to every role; here the
 * service role (a server-held secret that bypasses RLS anyway: operator commands, the server's
 * own writes) is exempt, while `authenticated` is capped like `anon` because anyone can sign up
 * (ADR 014).
 */
export function rowCap(role: RequestRole, maxRows: number): number | undefined {
  return role === "service_role" ? undefined : maxRows;
}

/** Handling=strict refuses preferences this backend does not know (PGRST122). */
export function checkPreferences(prefer: Prefer): void {
  if (prefer.handling === "strict" && prefer.invalid.length) throw restErrors.invalidPreferences(prefer.invalid);
}

/** GET/HEAD. A single object needs to see a second row to refuse it (PGRST116), even under a cap of 1. */
export function planRead(req: TableRequest, cap: number | undefined): ReadOperation {
  if (req.query.columns) throw restErrors.badQuery("columns is only valid for inserts and updates");
  if (req.query.onConflict) throw restErrors.badQuery("on_conflict is only valid for inserts");
  const maxRows = cap !== undefined && req.media.kind === "object" ? Math.max(cap, 2) : cap;
  const op: ReadOperation = {
    kind: "read",
    query: req.query,
    media: req.media,
    head: req.method === "HEAD",
    range: req.range,
  };
  if (maxRows !== undefined) op.maxRows = maxRows;
  if (req.prefer.count) op.count = req.prefer.count;
  return op;
}

const root = (items: readonly { path: string[] }[]) => items.some((i) => i.path.length === 0);

/** POST, PATCH, PUT, DELETE: what holds before any body is read. */
export function checkWrite(req: TableRequest): void {
  const { query } = req;
  if (req.method === "PUT" && root(query.ranges)) throw restErrors.putLimit();
  if (root(query.ranges) || root(query.order)) {
    throw restErrors.badQuery("limit, offset and order are not supported on writes by this backend");
  }
  if (query.onConflict && req.method !== "POST") throw restErrors.badQuery("on_conflict is only valid for inserts");
  if (query.columns && req.method !== "POST" && req.method !== "PATCH") {
    throw restErrors.badQuery("columns is only valid for inserts and updates");
  }
  // Supabase runs PostgREST with pg-safeupdate: no UPDATE/DELETE without a WHERE clause.
  if ((req.method === "PATCH" || req.method === "DELETE") && !root(query.filters) && !root(query.logic)) {
    throw restErrors.missingWhere(req.method === "PATCH" ? "UPDATE" : "DELETE");
  }
}

function write(
  req: TableRequest,
  kind: WriteOperation["kind"],
  body: JsonBody | null,
  columns: string[],
  rows: readonly Record<string, unknown>[],
): WriteOperation {
  const presentKeys = new Set(rows.flatMap((r) => Object.keys(r)));
  const op: WriteOperation = {
    kind,
    query: req.query,
    media: req.media,
    returning: req.prefer.return ?? "minimal",
    rowsJson: body?.raw ?? "{}",
    columns,
    presentKeys,
    missingDefault: req.prefer.missing === "default",
  };
  if (req.prefer.count) op.count = req.prefer.count;
  return op;
}

/** POST: one object or an array of them, with the same keys unless `columns` names them. */
export function planInsert(req: TableRequest, body: JsonBody): Operation {
  const { raw, value } = body;
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every(isPlainObject)) throw restErrors.invalidBody("Expected a JSON object or an array of objects");
  let columns = req.query.columns;
  if (!columns) {
    // PostgREST requires the same keys in every object when `columns` is not given.
    const first = Object.keys(rows[0] ?? {});
    const sameKeys = (r: Record<string, unknown>) => {
      const keys = Object.keys(r);
      return keys.length === first.length && keys.every((k) => first.includes(k));
    };
    if (!rows.every(sameKeys)) throw restErrors.invalidBody("All object keys must match");
    columns = first;
  }
  const returning = req.prefer.return ?? "minimal";
  if (rows.length === 0) return { kind: "insert-nothing", returning, media: req.media };
  const op = write(req, "insert", { raw: Array.isArray(value) ? raw : `[${raw}]`, value }, columns, rows);
  if (req.prefer.resolution) op.resolution = req.prefer.resolution;
  if (req.query.onConflict) op.onConflict = req.query.onConflict;
  return op;
}

/** PATCH: one object, its keys (or `columns`) the columns to set. */
export function planUpdate(req: TableRequest, body: JsonBody): WriteOperation {
  if (!isPlainObject(body.value)) throw restErrors.invalidBody("Expected a JSON object");
  return write(req, "update", body, req.query.columns ?? Object.keys(body.value), [body.value]);
}

/** PUT: one whole row, its primary key also in the URL (checked against the catalog later). */
export function planPut(req: TableRequest, body: JsonBody): WriteOperation {
  if (!isPlainObject(body.value)) throw restErrors.invalidBody("Expected a JSON object");
  return write(req, "put", { raw: `[${body.raw}]`, value: body.value }, Object.keys(body.value), [body.value]);
}

export function planDelete(req: TableRequest): WriteOperation {
  return write(req, "delete", null, [], []);
}
