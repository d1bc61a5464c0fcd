// /rpc/<fn>: which function a call names (PostgREST's Plan.findProc), and the statement that calls
// it: named arguments from the query string (GET/HEAD, cast to the parameters' types) or from the
// JSON body (json_to_record, so arrays and objects arrive typed), variadic ones as an array, a
// single unnamed json/jsonb parameter (or, with PostgREST 12's `params=single-object`, the one
// json parameter) taking the whole body. The function's rows are then read like a table:
// select, filters, order, paging, count, and embeds when it returns a table's rows.
import type { CatalogSnapshot, ColumnInfo, FunctionArg, FunctionInfo, TableInfo } from "./catalog.ts";
import { Params, nodeSql } from "./compile-read.ts";
import { arrayLiteral } from "./compile-filter.ts";
import { explainFor, totalSql } from "./compile.ts";
import { readTree } from "./embed.ts";
import type { ReadNode } from "./embed.ts";
import { restErrors } from "./errors.ts";
import { closestMatch, fuzzyMatches } from "./fuzzy.ts";
import { qualified, quoteIdent, relationKey } from "./identifiers.ts";
import type { ReadShape } from "./plan.ts";
import { bodySql, readStatement } from "./statement.ts";
import type { Compiled, RowShape } from "./statement.ts";

export type CallArgs =
  /** GET/HEAD: `name=value` pairs, a variadic's values repeated. */
  | { kind: "query"; pairs: [string, string][] }
  /** POST: the JSON object's keys name the arguments. */
  | { kind: "json"; raw: string; keys: string[] }
  /** POST to a single json/jsonb parameter: the whole body. */
  | { kind: "single"; raw: string };

export interface CallOperation extends ReadShape {
  fn: FunctionInfo;
  args: CallArgs;
}

const isJsonType = (type: string) => type === "json" || type === "jsonb";

function matchesKeys(fn: FunctionInfo, keys: ReadonlySet<string>): boolean {
  if (fn.args.some((a) => a.name === "")) return false;
  const required = fn.args.filter((a) => a.required).map((a) => a.name);
  const optional = new Set(fn.args.filter((a) => !a.required).map((a) => a.name));
  return required.every((r) => keys.has(r)) && [...keys].every((k) => optional.has(k) || required.includes(k));
}

function signature(fn: FunctionInfo): string {
  return `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(", ")})`;
}

const sortedList = (names: string[]) => `(${names.toSorted().join(", ")})`;

function notFound(
  snapshot: CatalogSnapshot,
  schema: string,
  name: string,
  keys: string[],
  search: string,
  overloads: FunctionInfo[],
): never {
  let hint: string | null = null;
  if (overloads.length === 0) {
    const names = [...snapshot.functions.values()]
      .flat()
      .filter((f) => f.schema === schema)
      .map((f) => f.name);
    const best = closestMatch([...new Set(names)], name);
    if (best) hint = `Perhaps you meant to call the function ${schema}.${best}`;
  } else {
    const best = fuzzyMatches(
      overloads.map((f) => sortedList(f.args.map((a) => a.name))),
      sortedList(keys),
    )[0]?.[1];
    if (best) hint = `Perhaps you meant to call the function ${schema}.${name}${best}`;
  }
  throw restErrors.functionNotFound(schema, name, keys, search, hint);
}

/**
 * The function `name` that takes these argument names, or the one whose single unnamed json
 * parameter takes a POST's body; PGRST202 for none, PGRST203 for several.
 */
export function lookupFunction(
  snapshot: CatalogSnapshot,
  schema: string,
  name: string,
  keys: readonly string[],
  how: { post: boolean; singleObject: boolean },
): { fn: FunctionInfo; single: boolean } {
  const overloads = snapshot.functions.get(relationKey(schema, name)) ?? [];
  const sorted = [...keys].toSorted();
  const describeKeys =
    sorted.length === 0 ? " without parameters" : ` with parameter${sorted.length > 1 ? "s" : ""} ${sorted.join(", ")}`;
  if (how.singleObject) {
    const found = overloads.filter((f) => f.args.length === 1 && isJsonType(f.args[0]!.type));
    if (found.length === 1) return { fn: found[0]!, single: true };
    if (found.length > 1) throw restErrors.ambiguousFunction(found.map(signature));
    notFound(snapshot, schema, name, sorted, " with a single json/jsonb parameter", overloads);
  }
  const keySet = new Set(keys);
  const named = overloads.filter((f) => matchesKeys(f, keySet));
  const fallback = how.post
    ? overloads.filter((f) => f.args.length === 1 && f.args[0]!.name === "" && isJsonType(f.args[0]!.type))
    : [];
  const found = named.length ? named : fallback;
  if (found.length === 1) return { fn: found[0]!, single: named.length === 0 };
  if (found.length > 1) throw restErrors.ambiguousFunction(found.map(signature));
  return notFound(
    snapshot,
    schema,
    name,
    sorted,
    how.post ? `${describeKeys} or with a single unnamed json/jsonb parameter` : describeKeys,
    overloads,
  );
}

/** PostgREST widens fixed-length types so an argument is not cut to the column's length. */
function argType(a: FunctionArg): string {
  return a.type.replace(/^character(\[\])?$/, "character varying$1").replace(/^bit(\[\])?$/, "bit varying$1");
}

function callFrom(op: CallOperation, p: Params): { from: string; call: string } {
  const { fn, args } = op;
  const name = qualified(fn.schema, fn.name);
  if (args.kind === "single") return { from: "", call: `${name}(${p.add(args.raw)}::${argType(fn.args[0]!)})` };
  if (args.kind === "query") {
    const values = new Map<string, string[]>();
    for (const [k, v] of args.pairs) values.set(k, [...(values.get(k) ?? []), v]);
    const given = fn.args.filter((a) => values.has(a.name));
    const list = given.map((a) => {
      const vs = values.get(a.name)!;
      if (!a.variadic && vs.length > 1) throw restErrors.badQuery(`"${a.name}" given more than once`);
      const value = a.variadic ? arrayLiteral(vs) : vs[0]!;
      return `${a.variadic ? "VARIADIC " : ""}${quoteIdent(a.name)} := ${p.add(value)}::${argType(a)}`;
    });
    return { from: "", call: `${name}(${list.join(", ")})` };
  }
  const given = fn.args.filter((a) => args.keys.includes(a.name));
  if (!given.length) return { from: "", call: `${name}()` };
  const record = given.map((a) => `${quoteIdent(a.name)} ${argType(a)}`).join(", ");
  const list = given.map(
    (a) => `${a.variadic ? "VARIADIC " : ""}${quoteIdent(a.name)} := pgrst_body.${quoteIdent(a.name)}`,
  );
  return {
    from: `json_to_record(${p.add(args.raw)}::json) AS pgrst_body(${record}), LATERAL `,
    call: `${name}(${list.join(", ")})`,
  };
}

/** The rows of the call, as the CTE `pgrst_call_src`. */
function callSource(op: CallOperation, p: Params): string {
  const { from, call } = callFrom(op, p);
  if (op.fn.returns.kind === "composite") return `SELECT pgrst_call.* FROM ${from}${call} AS pgrst_call`;
  return `SELECT pgrst_call.pgrst_scalar FROM ${from}(SELECT ${call} AS pgrst_scalar) AS pgrst_call`;
}

const scalar = (type: string): ColumnInfo => ({
  name: "pgrst_scalar",
  type,
  baseType: type,
  default: null,
  generated: false,
  identityAlways: false,
});

/** What the read over a function's rows sees as its table: the returned table's, for embedding. */
export function resultTable(snapshot: CatalogSnapshot, fn: FunctionInfo): TableInfo {
  const r = fn.returns;
  if (r.kind === "composite" && r.table) {
    const table = snapshot.tables.get(relationKey(r.table.schema, r.table.name));
    if (table) return table;
  }
  const columns =
    r.kind === "composite" ? r.columns : new Map([["pgrst_scalar", scalar(r.kind === "scalar" ? r.type : "void")]]);
  return { schema: fn.schema, name: fn.name, isView: false, columns, primaryKey: [] };
}

export function rowShape(fn: FunctionInfo): RowShape {
  if (fn.returns.kind !== "composite") return fn.returnsSet ? "scalars" : "scalar";
  return fn.returnsSet ? "rows" : "single-row";
}

export function compileCall(snapshot: CatalogSnapshot, op: CallOperation): Compiled & { root: ReadNode } {
  const table = resultTable(snapshot, op.fn);
  const root = readTree(snapshot, table, op.query, {
    maxRows: op.fn.returnsSet ? op.maxRows : undefined,
    range: op.range,
  });
  const p = new Params();
  const source = `WITH pgrst_call_src AS (${callSource(op, p)})`;
  const select = nodeSql(root, { p, hoisted: false }, null, "pgrst_call_src", []);
  const total = totalSql(root, op.count, op.maxRows, p, "pgrst_call_src");
  const body = op.head ? "NULL" : bodySql(op.media, "pgrst_r", "pgrst_source", rowShape(op.fn));
  return {
    sql: readStatement(source, select, body, total, op.media.kind === "csv"),
    params: p.values,
    explain: explainFor(root, op.count, "pgrst_call_src", (q) => `WITH pgrst_call_src AS (${callSource(op, q)}) `),
    root,
  };
}
