// Inserts, upserts, PUT, updates and deletes (PostgREST's MutatePlan and QueryBuilder): the rows
// come in as one JSON parameter and are read with the table's own row type; `missing=default`
// gives absent keys the column default (an identity column no row sets is left to Postgres);
// `resolution` adds ON CONFLICT on `on_conflict` or the primary key. The written rows feed the
// same read the select asks for, embeds included, in the same statement.
import type { CatalogSnapshot, ColumnInfo, TableInfo } from "./catalog.ts";
import { Params, nodeSql } from "./compile-read.ts";
import { treeSql } from "./compile-filter.ts";
import { RESPONSE_GUCS, bodySql } from "./statement.ts";
import type { Compiled } from "./statement.ts";
import { readTree, writeFilters } from "./embed.ts";
import type { ReadNode } from "./embed.ts";
import { restErrors } from "./errors.ts";
import { qualified, quoteIdent } from "./identifiers.ts";
import type { WriteOperation } from "./plan.ts";

const T = "pgrst_t0";

function writable(table: TableInfo, name: string): ColumnInfo {
  const c = table.columns.get(name);
  // PostgREST's message when a payload key is not a column of the table.
  if (!c) throw restErrors.columnNotFound(table.name, name);
  return c;
}

/** A column's value from the body; with missing=default an absent key takes the column default. */
function valueSql(c: ColumnInfo, op: WriteOperation, p: Params): string {
  const v = `pgrst_r.${quoteIdent(c.name)}`;
  if (!op.missingDefault) return v;
  return `CASE WHEN pgrst_j.v -> ${p.add(c.name)}::text IS NOT NULL THEN ${v} ELSE ${c.default ?? "NULL"} END`;
}

/** PUT: the URL's filters must be the primary key with eq, and the body must hold the same values. */
function putConditions(table: TableInfo, op: WriteOperation, p: Params): string[] {
  const pk = table.primaryKey;
  const root = op.query.filters.filter((f) => f.path.length === 0).map((f) => f.value);
  const names = root.map((f) => f.field.name);
  const exact =
    pk.length > 0 &&
    !op.query.logic.some((l) => l.path.length === 0) &&
    names.length === pk.length &&
    pk.every((k) => names.includes(k)) &&
    root.every(
      (f) =>
        !f.negate &&
        f.field.path.length === 0 &&
        f.operation.op === "eq" &&
        !("quantifier" in f.operation && f.operation.quantifier),
    );
  if (!exact) throw restErrors.invalidPutFilters();
  return root.map((f) => `pgrst_r.${quoteIdent(f.field.name)} = ${p.add((f.operation as { value: string }).value)}`);
}

function conflictSql(table: TableInfo, op: WriteOperation, cols: readonly ColumnInfo[]): string {
  const update = cols.length
    ? `DO UPDATE SET ${cols.map((c) => `${quoteIdent(c.name)} = EXCLUDED.${quoteIdent(c.name)}`).join(", ")}`
    : "DO NOTHING";
  if (op.kind === "put") return ` ON CONFLICT (${table.primaryKey.map(quoteIdent).join(", ")}) ${update}`;
  const target = op.onConflict ?? table.primaryKey;
  // Without a key to meet, PostgREST inserts plainly and leaves resolution out of Preference-Applied.
  if (!op.resolution || target.length === 0) return "";
  for (const c of target) if (!table.columns.has(c)) throw restErrors.undefinedColumn(table.name, c);
  const action = op.resolution === "merge-duplicates" ? update : "DO NOTHING";
  return ` ON CONFLICT (${target.map(quoteIdent).join(", ")}) ${action}`;
}

/** Whether the statement counts inserted rows apart from updated ones (the status of an upsert). */
export function isUpsert(table: TableInfo, op: WriteOperation): boolean {
  if (op.kind === "put") return true;
  return op.kind === "insert" && op.resolution === "merge-duplicates" && (op.onConflict ?? table.primaryKey).length > 0;
}

function insertSql(table: TableInfo, op: WriteOperation, p: Params, returning: string): string {
  const rel = qualified(table.schema, table.name);
  // With missing=default a column that no row sets is left out, so Postgres gives it its default
  // itself (an identity column, too, which only DEFAULT may fill).
  const cols = op.columns
    .map((c) => writable(table, c))
    .filter((c) => !op.missingDefault || op.presentKeys.has(c.name));
  const rows = p.add(op.rowsJson);
  const where = op.kind === "put" ? putConditions(table, op, p) : [];
  const target = cols.length ? ` (${cols.map((c) => quoteIdent(c.name)).join(", ")})` : "";
  return (
    `INSERT INTO ${rel} AS ${T}${target} SELECT ${cols.map((c) => valueSql(c, op, p)).join(", ")}` +
    ` FROM json_array_elements(${rows}::json) WITH ORDINALITY AS pgrst_j(v, i)` +
    ` CROSS JOIN LATERAL json_populate_record(NULL::${rel}, pgrst_j.v) AS pgrst_r` +
    `${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY pgrst_j.i` +
    `${conflictSql(table, op, cols)} RETURNING ${returning}`
  );
}

function whereSql(table: TableInfo, op: WriteOperation, p: Params): string {
  const { probe, trees } = writeFilters(table, op.query);
  const conds = trees.map((t) => treeSql(probe, t, p, () => "false"));
  return conds.length ? ` WHERE ${conds.join(" AND ")}` : "";
}

function updateSql(table: TableInfo, op: WriteOperation, p: Params, returning: string): string {
  const rel = qualified(table.schema, table.name);
  const cols = op.columns.map((c) => writable(table, c));
  // PostgREST answers an empty body with no change (and no rows).
  if (!cols.length) return `SELECT ${returning} FROM ${rel} AS ${T} WHERE false`;
  const body = p.add(op.rowsJson);
  const set = cols.map((c) => `${quoteIdent(c.name)} = ${valueSql(c, op, p)}`).join(", ");
  return (
    `UPDATE ${rel} AS ${T} SET ${set} FROM (SELECT ${body}::json AS v) AS pgrst_j` +
    ` CROSS JOIN LATERAL json_populate_record(NULL::${rel}, pgrst_j.v) AS pgrst_r${whereSql(table, op, p)} RETURNING ${returning}`
  );
}

/** What RETURNING gives the read after the write: the select's columns, the embeds' keys, the primary key. */
function returningSql(table: TableInfo, root: ReadNode | null, op: WriteOperation, upsert: boolean): string {
  const pk = table.primaryKey;
  let cols: string[];
  if (op.returning === "minimal") cols = [];
  else if (op.returning === "headers-only" || !root) cols = [...pk];
  else if (root.fields.some((f) => f.field.name === "*" && !f.aggregate)) cols = ["*"];
  else {
    const needs = [
      ...root.fields.map((f) => f.field.name).filter((n) => n !== "*"),
      ...root.children.flatMap((c) =>
        c.rel!.junction ? c.rel!.junction.sourceColumns.map(([col]) => col) : c.rel!.columns.map(([col]) => col),
      ),
      ...pk,
    ];
    cols = [...new Set(needs)];
  }
  const list = cols.map((c) => (c === "*" ? `${T}.*` : `${T}.${quoteIdent(c)}`));
  if (upsert) list.push("(xmax = 0) AS pgrst_inserted");
  return list.length ? list.join(", ") : "1";
}

/** An insert, upsert, PUT, update or delete, and what the client asked to get back. */
export function compileWrite(
  snapshot: CatalogSnapshot,
  table: TableInfo,
  op: WriteOperation,
): Compiled & { root?: ReadNode } {
  const p = new Params();
  const representation = op.returning === "representation";
  const root = representation ? readTree(snapshot, table, op.query, { write: true }) : null;
  const upsert = isUpsert(table, op);
  const returning = returningSql(table, root, op, upsert);
  let mutation: string;
  if (op.kind === "insert" || op.kind === "put") mutation = insertSql(table, op, p, returning);
  else if (op.kind === "update") mutation = updateSql(table, op, p, returning);
  else
    mutation = `DELETE FROM ${qualified(table.schema, table.name)} AS ${T}${whereSql(table, op, p)} RETURNING ${returning}`;
  const inserted = upsert ? "(SELECT count(*) FROM pgrst_source WHERE pgrst_inserted)::int" : "NULL::int";
  const pk = table.primaryKey;
  const location =
    op.kind === "insert" && op.returning === "headers-only" && pk.length
      ? `(SELECT row_to_json(pgrst_l)::text FROM (SELECT ${pk.map(quoteIdent).join(", ")} FROM pgrst_source) pgrst_l LIMIT 1)`
      : "NULL";
  const cte = `WITH pgrst_source AS (${mutation})`;
  if (!root) {
    return {
      sql: `${cte} SELECT count(*)::int AS n, NULL AS body, NULL AS total, ${location} AS location, ${inserted} AS inserted, ${RESPONSE_GUCS} FROM pgrst_source AS pgrst_r`,
      params: p.values,
    };
  }
  const read = nodeSql(root, { p, hoisted: false, expandStar: upsert }, null, "pgrst_source", []);
  return {
    sql: `${cte}, pgrst_read AS (${read}) SELECT count(*)::int AS n, ${bodySql(op.media, "pgrst_r", "pgrst_read")} AS body, NULL AS total, NULL AS location, ${inserted} AS inserted, ${RESPONSE_GUCS} FROM pgrst_read AS pgrst_r`,
    params: p.values,
    root,
  };
}
