// Stage 2, planning: what a parsed request does. Checks the request's shape against the
// operation (a read takes no `columns`, a write no paging, an UPDATE/DELETE needs a filter, a
// body has the JSON shape the operation takes), decides the row cap, and yields an operation
// that compile.ts turns into SQL against the catalog. No database, no catalog.
import type { RequestRole } from "../db/types.ts";
import { restErrors } from "./errors.ts";
import type { QueryPlan } from "./parse.ts";
import type { JsonBody, TableRequest } from "./request.ts";

/**
 * The max-rows that hosted Supabase projects start with (API settings), so the site meets the
 * same cap on both; docs/backend.md ("Request bounds") says what it means for the feeds and lists.
 */
export const DEFAULT_MAX_ROWS = 1000;

export interface ReadOperation {
  kind: "read";
  query: QueryPlan;
  count: boolean;
  maxRows?: number;
}

/** An insert of no rows: answered without a statement. */
export interface InsertNothing {
  kind: "insert-nothing";
}

/** What compile.ts turns into one statement. */
export type Statement =
  | ReadOperation
  | {
      kind: "insert";
      query: QueryPlan;
      rowsJson: string;
      columns: string[];
      missingDefault: boolean;
      representation: boolean;
    }
  | { kind: "update"; query: QueryPlan; rowJson: string; columns: string[]; representation: boolean }
  | { kind: "delete"; query: QueryPlan; representation: boolean };

export type Operation = Statement | InsertNothing;

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

/** GET/HEAD. A single object needs to see a second row to refuse it (PGRST116), even under a cap of 1. */
export function planRead(req: TableRequest, cap: number | undefined): ReadOperation {
  if (req.query.columns) throw restErrors.badQuery("columns is only valid for inserts");
  const maxRows = cap !== undefined && req.single ? Math.max(cap, 2) : cap;
  return { kind: "read", query: req.query, count: req.prefer.count, maxRows };
}

/** POST, PATCH, DELETE: what holds before any body is read. */
export function checkWrite(req: TableRequest): void {
  const { query } = req;
  if (query.limit !== undefined || query.offset !== undefined || query.order.length) {
    throw restErrors.badQuery("limit, offset and order are not supported on writes by this backend");
  }
  // Supabase runs PostgREST with pg-safeupdate: no UPDATE/DELETE without a WHERE clause.
  if (req.method !== "POST" && query.filters.length === 0) {
    throw restErrors.missingWhere(req.method === "PATCH" ? "UPDATE" : "DELETE");
  }
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
  if (rows.length === 0) return { kind: "insert-nothing" };
  return {
    kind: "insert",
    query: req.query,
    rowsJson: Array.isArray(value) ? raw : `[${raw}]`,
    columns,
    missingDefault: req.prefer.missingDefault,
    representation: req.prefer.return === "representation",
  };
}

/** PATCH: one object, its keys the columns to set. */
export function planUpdate(req: TableRequest, body: JsonBody): Statement {
  if (!isPlainObject(body.value)) throw restErrors.invalidBody("Expected a JSON object");
  return {
    kind: "update",
    query: req.query,
    rowJson: body.raw,
    columns: Object.keys(body.value),
    representation: req.prefer.return === "representation",
  };
}

export function planDelete(req: TableRequest): Statement {
  return { kind: "delete", query: req.query, representation: req.prefer.return === "representation" };
}

/** POST /rpc/<fn>: named arguments as one JSON object. */
export function rpcArguments(body: JsonBody): Record<string, unknown> {
  if (!isPlainObject(body.value)) throw restErrors.invalidBody("Function arguments must be a JSON object");
  return body.value;
}
