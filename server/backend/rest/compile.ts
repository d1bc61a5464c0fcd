// Operations -> one parameterised statement each (the row it answers: statement.ts).
// Identifiers come only from the catalog (quoted); every value is a bind parameter. The response
// body is built by Postgres (json_agg, CSV text, GeoJSON), as PostgREST does, so types serialise
// exactly like upstream (timestamptz with +00:00, numeric as a number, ...).
import type { CatalogSnapshot, TableInfo } from "./catalog.ts";
import { Params, countSql, nodeSql, pagedSource, pagesBeforeEmbeds } from "./compile-read.ts";
import { compileWrite } from "./compile-write.ts";
import { readTree } from "./embed.ts";
import type { ReadNode } from "./embed.ts";
import { restErrors } from "./errors.ts";
import { closestMatch } from "./fuzzy.ts";
import { qualified, relationKey } from "./identifiers.ts";
import type { Count, ReadOperation, WriteOperation } from "./plan.ts";

import { bodySql, readStatement } from "./statement.ts";
import type { Compiled } from "./statement.ts";

export type { Compiled, StatementRow } from "./statement.ts";

export function lookupTable(snapshot: CatalogSnapshot, schema: string, name: string): TableInfo {
  const t = snapshot.tables.get(relationKey(schema, name));
  if (!t) throw restErrors.tableNotFound(schema, name, tableSuggestion(snapshot, schema, name));
  return t;
}

function tableSuggestion(snapshot: CatalogSnapshot, schema: string, name: string): string | null {
  const names = [...snapshot.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  return closestMatch(names, name);
}

/**
 * The total a read reports (`count=`): exact counts every matching row; estimated counts up to
 * the cap and leaves the rest to the planner; planned is the planner's alone (run after, see
 * execute.ts). Without a cap or paging the total is the rows returned.
 */
export function totalSql(
  root: ReadNode,
  count: Count | undefined,
  cap: number | undefined,
  p: Params,
  source: string | null,
): string {
  if (count === undefined || count === "planned") return "NULL";
  if (root.limit === undefined && root.offset === undefined) return "count(*)::text";
  const limit = count === "estimated" && cap !== undefined ? ` LIMIT ${p.add(cap + 1)}::bigint` : "";
  return `(SELECT count(*) FROM (${countSql(root, p, null, source)}${limit}) pgrst_c)::text`;
}

/** The count query of `count=planned|estimated`, for EXPLAIN; `prefix` holds what its source needs (a WITH). */
export function explainFor(
  root: ReadNode,
  count: Count | undefined,
  source: string | null,
  prefix?: (p: Params) => string,
): Compiled["explain"] {
  if (count !== "planned" && count !== "estimated") return undefined;
  const p = new Params();
  const head = prefix ? prefix(p) : "";
  return { sql: `EXPLAIN (FORMAT JSON) ${head}${countSql(root, p, null, source)}`, params: p.values };
}

/** GET/HEAD on a table or view: the read tree as one SELECT, its count and its body. */
export function compileRead(
  snapshot: CatalogSnapshot,
  table: TableInfo,
  op: ReadOperation,
  opts: { lateralOnly?: boolean; embedsBeforePaging?: boolean } = {},
): Compiled & { root: ReadNode } {
  const root = readTree(snapshot, table, op.query, { maxRows: op.maxRows, range: op.range });
  const p = new Params();
  const source = qualified(table.schema, table.name);
  const paged =
    !opts.embedsBeforePaging && pagesBeforeEmbeds(root) ? pagedSource(root, p, source) : { node: root, source };
  const ctx = { p, hoisted: false, ...(opts.lateralOnly ? { lateralOnly: true } : {}) };
  const select = nodeSql(paged.node, ctx, null, paged.source, []);
  const total = totalSql(root, op.count, op.maxRows, p, source);
  const body = op.head ? "NULL" : bodySql(op.media, "pgrst_r", "pgrst_source");
  return {
    sql: readStatement("", select, body, total, op.media.kind === "csv"),
    params: p.values,
    explain: explainFor(root, op.count, source),
    root,
  };
}

/** The statement of a planned table operation. */
export function compileOperation(
  snapshot: CatalogSnapshot,
  table: TableInfo,
  op: ReadOperation | WriteOperation,
): Compiled & { root?: ReadNode } {
  return op.kind === "read" ? compileRead(snapshot, table, op) : compileWrite(snapshot, table, op);
}
