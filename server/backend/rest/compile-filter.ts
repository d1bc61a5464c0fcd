// Filters to SQL (PostgREST's SqlFragment.pgFmtFilter): every value a bind parameter, every
// column a catalog name; JSON paths as -> / ->> with parameters for the keys; full-text search
// through to_tsvector unless the column already is one.
import type { ColumnInfo, TableInfo } from "./catalog.ts";
import type { NodeTree, ReadNode } from "./embed.ts";
import type { Field, Filter, Operation } from "./grammar.ts";
import { quoteIdent } from "./identifiers.ts";

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** How the compilers name a node's relation and its lateral subquery in SQL. */
export const tableAlias = (node: { index: number }) => `pgrst_t${node.index}`;
export const embedAlias = (node: { index: number }) => `pgrst_e${node.index}`;

const isJson = (c: ColumnInfo | undefined) => c?.baseType === "json" || c?.baseType === "jsonb";

/** A column with its JSON path: `to_jsonb(t."data")->$1::text->>$2::text` (no to_jsonb for json columns). */
export function fieldSql(table: TableInfo, alias: string, f: Field, p: Params): string {
  if (f.name === "*") return `${alias}.*`;
  const col = `${alias}.${quoteIdent(f.name)}`;
  if (f.path.length === 0) return col;
  const base = isJson(table.columns.get(f.name)) ? col : `to_jsonb(${col})`;
  return f.path.reduce(
    (sql, step) => `${sql}${step.arrow}${step.index ? `${p.add(Number(step.key))}::int` : `${p.add(step.key)}::text`}`,
    base,
  );
}

const QUANT_SQL = {
  eq: "=",
  gte: ">=",
  gt: ">",
  lte: "<=",
  lt: "<",
  like: "LIKE",
  ilike: "ILIKE",
  match: "~",
  imatch: "~*",
} as const;
const SIMPLE_SQL = {
  neq: "<>",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
} as const;
const FTS_SQL = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
} as const;

/** `{"a","b\"c"}`: a Postgres array literal of text values (PostgREST's pgBuildArrayLiteral). */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

function operationSql(col: string, o: Operation, p: Params, ftsColumn: () => string): string {
  switch (o.op) {
    case "in":
      return o.values.length === 0 ? "false" : `${col} = ANY(${p.add(arrayLiteral(o.values))})`;
    case "is":
      return `${col} IS ${o.value === "not_null" ? "NOT NULL" : o.value.toUpperCase()}`;
    case "isdistinct":
      return `${col} IS DISTINCT FROM ${p.add(o.value)}`;
    case "fts":
    case "plfts":
    case "phfts":
    case "wfts": {
      const lang = o.language === undefined ? "" : `${p.add(o.language)}::regconfig, `;
      return `${ftsColumn()} @@ ${FTS_SQL[o.op]}(${lang}${p.add(o.value)})`;
    }
    case "neq":
    case "cs":
    case "cd":
    case "ov":
    case "sl":
    case "sr":
    case "nxr":
    case "nxl":
    case "adj":
      return `${col} ${SIMPLE_SQL[o.op]} ${p.add(o.value)}`;
    default: {
      // PostgREST lets `*` stand for `%` in like patterns, so they survive URLs unescaped.
      const value = o.op === "like" || o.op === "ilike" ? o.value.replace(/\*/g, "%") : o.value;
      const rhs = o.quantifier ? `${o.quantifier.toUpperCase()}(${p.add(value)})` : p.add(value);
      return `${col} ${QUANT_SQL[o.op]} ${rhs}`;
    }
  }
}

export function filterSql(table: TableInfo, alias: string, f: Filter, p: Params): string {
  const col = fieldSql(table, alias, f.field, p);
  const ftsColumn = () => {
    const c = table.columns.get(f.field.name);
    if (f.field.path.length === 0 && c?.baseType === "tsvector") return col;
    const o = f.operation as { language?: string };
    return `to_tsvector(${o.language === undefined ? "" : `${p.add(o.language)}::regconfig, `}${col})`;
  };
  const sql = operationSql(col, f.operation, p, ftsColumn);
  return f.negate ? `NOT (${sql})` : sql;
}

/** A node's WHERE condition trees; `embedRef` names an embed's lateral result (or its count test). */
export function treeSql(
  node: ReadNode,
  tree: NodeTree,
  p: Params,
  embedTest: (child: ReadNode, negate: boolean) => string,
): string {
  switch (tree.kind) {
    case "filter":
      return filterSql(node.table, tableAlias(node), tree.filter, p);
    case "null-embed":
      return embedTest(tree.child, tree.negate);
    case "logic": {
      const inner = tree.children.map((t) => treeSql(node, t, p, embedTest)).join(tree.op === "and" ? " AND " : " OR ");
      return `${tree.negate ? "NOT " : ""}(${inner})`;
    }
  }
}
