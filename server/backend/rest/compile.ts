// Plan -> parameterised SQL. Identifiers come only from the catalog (quoted); every value is a
// bind parameter. The response JSON is built by Postgres (json_agg / to_json), as PostgREST does,
// so types serialise exactly like upstream (timestamptz with +00:00, numeric as a number, ...).
import type { CatalogSnapshot, ColumnInfo, FunctionInfo, TableInfo } from "./catalog.ts";
import { SCHEMA } from "./catalog.ts";
import { restErrors } from "./errors.ts";
import type { Filter, OrderTerm, QueryPlan, SelectItem } from "./parse.ts";
import type { Statement } from "./plan.ts";

const { badQuery } = restErrors;

export interface Compiled {
  sql: string;
  params: unknown[];
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const T = "_target";

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export function lookupTable(snapshot: CatalogSnapshot, name: string): TableInfo {
  const t = snapshot.tables.get(name);
  if (!t) {
    // PostgREST 12's message for a relation missing from its schema cache.
    throw restErrors.tableNotFound(SCHEMA, name);
  }
  return t;
}

function column(table: TableInfo, name: string): ColumnInfo {
  const c = table.columns.get(name);
  if (!c) throw restErrors.undefinedColumn(table.name, name);
  return c;
}

function ref(table: TableInfo, name: string): string {
  return `${T}.${quoteIdent(column(table, name).name)}`;
}

function selectList(table: TableInfo, items: readonly SelectItem[]): string {
  // parse.ts refused repeated keys among the named items; here `*` is known to be the table's
  // columns, so `*,content` or `*,title:slug` would repeat a key in every row (ADR 014).
  if (items.some((it) => it.column === "*")) {
    for (const it of items) {
      const key = it.alias ?? it.column;
      if (it.column !== "*" && table.columns.has(key)) {
        throw badQuery(
          `"failed to parse select parameter"`,
          `"${key}" appears more than once in select (it is part of *); give the copy its own alias`,
        );
      }
    }
  }
  return items
    .map((it) => {
      if (it.column === "*") return `${T}.*`;
      const r = ref(table, it.column);
      return it.alias ? `${r} AS ${quoteIdent(it.alias)}` : r;
    })
    .join(", ");
}

const COMPARATORS = {
  eq: "=",
  neq: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "LIKE",
  ilike: "ILIKE",
} as const;

function filterSql(table: TableInfo, f: Filter, p: Params): string {
  const r = ref(table, f.column);
  let sql: string;
  switch (f.op) {
    case "is":
      sql = `${r} IS ${f.value.toUpperCase()}`;
      break;
    case "in":
      sql = f.value.length === 0 ? "false" : `${r} IN (${f.value.map((v) => p.add(v)).join(", ")})`;
      break;
    case "like":
    case "ilike":
      // PostgREST lets `*` stand for `%` so patterns survive URLs unescaped.
      sql = `${r} ${COMPARATORS[f.op]} ${p.add(f.value.replace(/\*/g, "%"))}`;
      break;
    default:
      sql = `${r} ${COMPARATORS[f.op]} ${p.add(f.value)}`;
  }
  return f.negate ? `NOT (${sql})` : sql;
}

function whereSql(table: TableInfo, filters: readonly Filter[], p: Params): string {
  return filters.length ? ` WHERE ${filters.map((f) => filterSql(table, f, p)).join(" AND ")}` : "";
}

function orderSql(table: TableInfo, order: readonly OrderTerm[]): string {
  if (!order.length) return "";
  const terms = order.map(
    (o) =>
      `${ref(table, o.column)} ${o.descending ? "DESC" : "ASC"}${o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : ""}`,
  );
  return ` ORDER BY ${terms.join(", ")}`;
}

function relation(table: TableInfo): string {
  return `${quoteIdent(SCHEMA)}.${quoteIdent(table.name)}`;
}

/**
 * The LIMIT a read runs with: the request's own limit, never above maxRows. PostgREST's
 * db-max-rows does the same (RangeQuery.restrictRange: the range from the offset is cut to
 * maxRows rows), silently, and the Content-Range header shows what was returned.
 */
export function effectiveLimit(limit: number | undefined, maxRows: number | undefined): number | undefined {
  if (maxRows === undefined) return limit;
  return limit === undefined ? maxRows : Math.min(limit, maxRows);
}

/** GET/HEAD: one row `{body, n, total?}`. maxRows caps the rows returned (not the count). */
export function compileRead(table: TableInfo, plan: QueryPlan, opts: { count: boolean; maxRows?: number }): Compiled {
  const p = new Params();
  const where = whereSql(table, plan.filters, p);
  let inner = `SELECT ${selectList(table, plan.select)} FROM ${relation(table)} AS ${T}${where}${orderSql(table, plan.order)}`;
  const limit = effectiveLimit(plan.limit, opts.maxRows);
  if (limit !== undefined) inner += ` LIMIT ${p.add(limit)}::bigint`;
  if (plan.offset !== undefined) inner += ` OFFSET ${p.add(plan.offset)}::bigint`;
  const total = opts.count ? `, (SELECT count(*) FROM ${relation(table)} AS ${T}${where})::bigint::text AS total` : "";
  return {
    sql: `SELECT coalesce(json_agg(_t), '[]')::text AS body, count(*)::int AS n${total} FROM (${inner}) _t`,
    params: p.values,
  };
}

/** RETURNING + JSON when the client asked for a representation; the plain statement otherwise. */
function finishWrite(table: TableInfo, stmt: string, plan: QueryPlan, representation: boolean): string {
  if (!representation) return stmt;
  return `WITH _w AS (${stmt} RETURNING ${selectList(table, plan.select)}) SELECT coalesce(json_agg(_w), '[]')::text AS body, count(*)::int AS n FROM _w`;
}

function writableColumn(table: TableInfo, name: string): ColumnInfo {
  const c = table.columns.get(name);
  // PostgREST's message when a payload key is not a column of the table.
  if (!c) throw restErrors.columnNotFound(table.name, name);
  return c;
}

export interface InsertInput {
  /** The rows as JSON text of an array of objects. */
  rowsJson: string;
  /** Target columns (the `columns` parameter or the keys of the payload). */
  columns: readonly string[];
  /** Prefer: missing=default: keys absent from a row take the column default, not NULL. */
  missingDefault: boolean;
  representation: boolean;
}

export function compileInsert(table: TableInfo, plan: QueryPlan, input: InsertInput): Compiled {
  const p = new Params();
  const cols = input.columns.map((c) => writableColumn(table, c));
  const rows = p.add(input.rowsJson);
  const exprs = cols.map((c) => {
    const value = `_r.${quoteIdent(c.name)}`;
    if (!input.missingDefault) return value;
    return `CASE WHEN (_j.v::jsonb) ? ${p.add(c.name)} THEN ${value} ELSE ${c.default ?? "NULL"} END`;
  });
  const target = cols.length ? ` (${cols.map((c) => quoteIdent(c.name)).join(", ")})` : "";
  const stmt =
    `INSERT INTO ${relation(table)} AS ${T}${target} SELECT ${exprs.join(", ")}` +
    ` FROM json_array_elements(${rows}::json) WITH ORDINALITY AS _j(v, i)` +
    ` CROSS JOIN LATERAL json_populate_record(NULL::${relation(table)}, _j.v) AS _r ORDER BY _j.i`;
  return { sql: finishWrite(table, stmt, plan, input.representation), params: p.values };
}

export function compileUpdate(
  table: TableInfo,
  plan: QueryPlan,
  input: { rowJson: string; columns: readonly string[]; representation: boolean },
): Compiled {
  const p = new Params();
  const cols = input.columns.map((c) => writableColumn(table, c));
  if (!cols.length) throw badQuery("Empty update body");
  const row = p.add(input.rowJson);
  const set = cols.map((c) => `${quoteIdent(c.name)} = _r.${quoteIdent(c.name)}`).join(", ");
  const stmt =
    `UPDATE ${relation(table)} AS ${T} SET ${set}` +
    ` FROM json_populate_record(NULL::${relation(table)}, ${row}::json) AS _r${whereSql(table, plan.filters, p)}`;
  return { sql: finishWrite(table, stmt, plan, input.representation), params: p.values };
}

export function compileDelete(table: TableInfo, plan: QueryPlan, input: { representation: boolean }): Compiled {
  const p = new Params();
  const stmt = `DELETE FROM ${relation(table)} AS ${T}${whereSql(table, plan.filters, p)}`;
  return { sql: finishWrite(table, stmt, plan, input.representation), params: p.values };
}

/** The statement for a planned table operation (plan.ts); an insert of no rows has none. */
export function compileOperation(table: TableInfo, op: Statement): Compiled {
  switch (op.kind) {
    case "read":
      return compileRead(table, op.query, op);
    case "insert":
      return compileInsert(table, op.query, op);
    case "update":
      return compileUpdate(table, op.query, op);
    case "delete":
      return compileDelete(table, op.query, op);
  }
}

/** Picks the overload whose argument names match the payload keys (PostgREST does the same). */
export function lookupFunction(snapshot: CatalogSnapshot, name: string, keys: readonly string[]): FunctionInfo {
  const candidates = (snapshot.functions.get(name) ?? []).filter((fn) => {
    const names = fn.args.map((a) => a.name);
    const required = names.slice(0, names.length - fn.defaults);
    return keys.every((k) => names.includes(k)) && required.every((r) => keys.includes(r));
  });
  if (candidates.length === 0) {
    throw restErrors.functionNotFound(SCHEMA, name, keys);
  }
  if (candidates.length > 1) {
    throw restErrors.ambiguousFunction(SCHEMA, name);
  }
  return candidates[0]!;
}

function argText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

/** maxRows caps a set-returning function's rows, as PostgREST's db-max-rows does for rpc. */
export function compileRpc(
  fn: FunctionInfo,
  args: Record<string, unknown>,
  opts: { maxRows?: number } = {},
): Compiled & { void: boolean } {
  const p = new Params();
  const named = fn.args
    .filter((a) => Object.hasOwn(args, a.name))
    // The type text comes from format_type() in the catalog, not from the request.
    .map((a) => `${quoteIdent(a.name)} => ${p.add(argText(args[a.name]))}::${a.type}`);
  const call = `${quoteIdent(SCHEMA)}.${quoteIdent(fn.name)}(${named.join(", ")})`;
  if (fn.returnsVoid) return { sql: `SELECT ${call}`, params: p.values, void: true };
  if (fn.returnsSet) {
    // `SELECT _f FROM f() AS _f` is the whole row for a composite result and the value for a
    // scalar one, so json_agg gives objects or scalars as before; the subquery carries the LIMIT.
    const limit = opts.maxRows === undefined ? "" : ` LIMIT ${p.add(opts.maxRows)}::bigint`;
    return {
      sql:
        `SELECT coalesce(json_agg(_s._f), '[]')::text AS body, count(*)::int AS n` +
        ` FROM (SELECT _f FROM ${call} AS _f${limit}) AS _s(_f)`,
      params: p.values,
      void: false,
    };
  }
  return { sql: `SELECT to_json(${call})::text AS body`, params: p.values, void: false };
}
