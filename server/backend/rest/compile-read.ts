// A read tree (embed.ts) to one SELECT, as PostgREST's QueryBuilder builds it: each embed is a
// lateral subquery joined to its parent row, to-one ones as an object (row_to_json), to-many
// ones aggregated with json_agg, spreads as columns of the parent; `!inner` turns the LEFT JOIN
// into an INNER one. A plain to-one embed of a table is joined to its parent instead (see
// toOneJoinSql). Row-level security applies inside every subquery and join, as it runs as the
// request's role. Aggregates group by the other columns; a to-one spread's aggregates are
// applied in the parent (PostgREST's hoisting).
import { restErrors } from "./errors.ts";
import type { NodeTree, ReadNode } from "./embed.ts";
import { nodeKey } from "./embed.ts";
import { Params, embedAlias, fieldSql, tableAlias, treeSql } from "./compile-filter.ts";
import type { AggregateFn, SelectField } from "./grammar.ts";
import { qualified, quoteIdent } from "./identifiers.ts";
import { isToOne } from "./relationships.ts";
import { outputKey } from "./select-grammar.ts";

export { Params } from "./compile-filter.ts";

/** A column a to-one spread hands its parent, with the aggregate the parent applies to it. */
interface SpreadColumn {
  name: string;
  aggregate?: AggregateFn;
  aggregateCast?: string;
}

const CAST = /^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * PostgreSQL's pseudo-types (pg_catalog, pg_type.typtype 'p'; filters.test.ts compares the list
 * with both databases). No value has one: a cast to `unknown` fails inside Postgres with an
 * internal error (XX000, a 500), others pass as nonsense (`::void`), so every one is refused here.
 */
export const PSEUDO_TYPES: ReadonlySet<string> = new Set([
  "_record",
  "any",
  "anyarray",
  "anycompatible",
  "anycompatiblearray",
  "anycompatiblemultirange",
  "anycompatiblenonarray",
  "anycompatiblerange",
  "anyelement",
  "anyenum",
  "anymultirange",
  "anynonarray",
  "anyrange",
  "cstring",
  "event_trigger",
  "fdw_handler",
  "index_am_handler",
  "internal",
  "language_handler",
  "pg_ddl_command",
  "record",
  "table_am_handler",
  "trigger",
  "tsm_handler",
  "unknown",
  "void",
]);

/**
 * A cast's type goes into the SQL as written: only plain type names (`int`, `double precision`),
 * and none of the pseudo-types. Every select position (columns, aggregates, embeds, rpc) ends here.
 */
function castSql(expr: string, type: string | undefined): string {
  if (type === undefined) return expr;
  if (!CAST.test(type) || type.length > 127)
    throw restErrors.badQuery(`"failed to parse select parameter"`, `invalid cast type "${type}"`);
  // Postgres folds an unquoted name to lower case: `::UNKNOWN` is the same type.
  if (PSEUDO_TYPES.has(type.toLowerCase())) throw restErrors.pseudoTypeCast(type.toLowerCase());
  return `CAST(${expr} AS ${type})`;
}

const isEmptyEmbed = (node: ReadNode): boolean => node.fields.length === 0 && node.children.every(isEmptyEmbed);
const isToOneSpread = (node: ReadNode) => node.spread && isToOne(node.rel!);
const joinWord = (node: ReadNode) => (node.join === "inner" ? "INNER" : "LEFT");

/** Columns a to-one spread exposes to its parent, aggregates of its own and of nested spreads included. */
function spreadColumns(node: ReadNode): SpreadColumn[] {
  const own = node.fields.map((f): SpreadColumn => {
    const c: SpreadColumn = { name: f.field.name === "*" && !f.aggregate ? "*" : outputKey(f)! };
    if (f.aggregate) c.aggregate = f.aggregate;
    if (f.aggregateCast !== undefined) c.aggregateCast = f.aggregateCast;
    return c;
  });
  const nested = node.children.flatMap((child): SpreadColumn[] => {
    if (!child.spread) return isEmptyEmbed(child) ? [] : [{ name: nodeKey(child) }];
    if (isToOneSpread(child)) return spreadColumns(child);
    return toManySpreadNames(child).map((name) => ({ name }));
  });
  return [...own, ...nested];
}

/** A to-many spread's keys: each becomes an array in the parent; `*` stands for every column. */
function toManySpreadNames(node: ReadNode): string[] {
  const own = node.fields.flatMap((f) => (f.field.name === "*" ? [...node.table.columns.keys()] : [outputKey(f)!]));
  const nested = node.children.flatMap((c) =>
    c.spread ? (isToOneSpread(c) ? spreadColumns(c).map((s) => s.name) : toManySpreadNames(c)) : [nodeKey(c)],
  );
  return [...own, ...nested];
}

function aggregateSql(fn: AggregateFn, expr: string, cast: string | undefined): string {
  return castSql(`${fn.toUpperCase()}(${expr})`, cast);
}

interface Ctx {
  p: Params;
  /** Every embed as a lateral subquery (no toOneJoinSql): the tests compare both forms. */
  lateralOnly?: boolean;
  /** Aggregates are left to the parent (a to-one spread). */
  hoisted: boolean;
  /** Embeds as jsonb: the parent groups by this node's columns. */
  jsonb?: boolean;
  /** `*` as the table's columns (the source holds more, e.g. an upsert's inserted flag). */
  expandStar?: boolean;
}

/** One select item of a node: `expr AS "key"`, and whether it is an aggregate. */
function fieldSelect(node: ReadNode, f: SelectField, ctx: Ctx, expandStar: boolean): { sql: string; agg: boolean }[] {
  const t = tableAlias(node);
  if (f.field.name === "*" && !f.aggregate) {
    if (!expandStar) return [{ sql: `${t}.*`, agg: false }];
    return [...node.table.columns.keys()].map((c) => ({ sql: `${t}.${quoteIdent(c)}`, agg: false }));
  }
  const key = quoteIdent(outputKey(f)!);
  if (f.aggregate === "count" && f.field.name === "*") {
    // A hoisted count() counts the spread's rows: the parent counts this whole-row column.
    return [
      {
        sql: ctx.hoisted ? `${t} AS ${key}` : `${aggregateSql("count", "*", f.aggregateCast)} AS ${key}`,
        agg: !ctx.hoisted,
      },
    ];
  }
  const expr = castSql(fieldSql(node.table, t, f.field, ctx.p), f.cast);
  if (!f.aggregate || ctx.hoisted) return [{ sql: `${expr} AS ${key}`, agg: false }];
  return [{ sql: `${aggregateSql(f.aggregate, expr, f.aggregateCast)} AS ${key}`, agg: true }];
}

/**
 * What a child adds to its parent's select list (its parent groups by the non-aggregates). Embeds
 * are json, which is cheaper to build; jsonb where the parent groups by them (json has no `=`).
 */
function childSelects(child: ReadNode, jsonb: boolean): { sql: string; agg: boolean }[] {
  const e = embedAlias(child);
  if (!child.spread) {
    if (isEmptyEmbed(child)) return [];
    const value = isToOne(child.rel!) ? `row_to_json(${e}.*)${jsonb ? "::jsonb" : ""}` : `COALESCE(${e}.${e}, '[]')`;
    return [{ sql: `${value} AS ${quoteIdent(nodeKey(child))}`, agg: false }];
  }
  if (!isToOne(child.rel!)) return toManySpreadNames(child).map((n) => ({ sql: `${e}.${quoteIdent(n)}`, agg: false }));
  return spreadColumns(child).map((s) => {
    const col = s.name === "*" ? `${e}.*` : `${e}.${quoteIdent(s.name)}`;
    if (!s.aggregate) return { sql: col, agg: false };
    return { sql: `${aggregateSql(s.aggregate, col, s.aggregateCast)} AS ${quoteIdent(s.name)}`, agg: true };
  });
}

function joinConditions(node: ReadNode, parent: ReadNode): string[] {
  const t = tableAlias(node);
  const pt = tableAlias(parent);
  const rel = node.rel!;
  if (rel.junction) {
    const j = `pgrst_j${node.index}`;
    return [
      ...rel.junction.targetColumns.map(([col, jcol]) => `${j}.${quoteIdent(jcol)} = ${t}.${quoteIdent(col)}`),
      ...rel.junction.sourceColumns.map(([col, jcol]) => `${j}.${quoteIdent(jcol)} = ${pt}.${quoteIdent(col)}`),
    ];
  }
  return rel.columns.map(([origin, target]) => `${t}.${quoteIdent(target)} = ${pt}.${quoteIdent(origin)}`);
}

/** FROM of a node: the root's source, or the embedded table (and the junction of a many-to-many). */
export function fromSql(node: ReadNode, source: string | null): string {
  const t = tableAlias(node);
  if (source !== null) return `${source} AS ${t}`;
  const j = node.rel?.junction;
  const junction = j ? `, ${qualified(j.table.schema, j.table.name)} AS pgrst_j${node.index}` : "";
  return `${qualified(node.table.schema, node.table.name)} AS ${t}${junction}`;
}

/** A node's order terms: each expression, and its direction and nulls as written. */
function orderTerms(node: ReadNode, p: Params): { expr: string; how: string }[] {
  return node.order.map(({ term, child }) => {
    const expr = child
      ? fieldSql(child.table, embedAlias(child), term.field, p)
      : fieldSql(node.table, tableAlias(node), term.field, p);
    const dir = term.descending === undefined ? "" : term.descending ? " DESC" : " ASC";
    return { expr, how: `${dir}${term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ""}` };
  });
}

/**
 * Whether a to-one embed can be a join rather than a lateral subquery: an object of a table's
 * columns, nothing nested, no aggregate and no offset. A to-one relationship joins on a key the
 * table keeps unique (the foreign key's target, or a unique foreign key), so the join meets one
 * row at most, as the subquery would; a view keeps no such promise.
 */
function joinsAsTable(child: ReadNode): boolean {
  return (
    isToOne(child.rel!) &&
    !child.spread &&
    !child.table.isView &&
    child.children.length === 0 &&
    child.fields.every((f) => !f.aggregate) &&
    (child.limit === undefined || child.limit > 0) &&
    (child.offset === undefined || child.offset === 0)
  );
}

/**
 * A to-one embed as a join of its table, with the embed's filters in ON and its columns as a
 * lateral projection named like the subquery (so `row_to_json`, related orders and `is.null`
 * read it alike). Postgres flattens the projection and plans the join by the key, where a
 * subquery is run again for every parent row.
 */
function toOneJoinSql(child: ReadNode, parent: ReadNode, p: Params): string {
  const e = embedAlias(child);
  const items = child.fields.flatMap((f) => fieldSelect(child, f, { p, hoisted: false }, false));
  const conds = [
    ...joinConditions(child, parent),
    ...child.where.map((tree) => treeSql(child, tree, p, nullEmbedTest)),
  ];
  const projection = `SELECT ${items.map((i) => i.sql).join(", ")}`;
  return ` ${joinWord(child)} JOIN (${fromSql(child, null)} CROSS JOIN LATERAL (${projection}) AS ${e}) ON ${conds.join(" AND ")}`;
}

/** The embed's lateral join; a to-many one aggregates its rows (and a spread each of its keys). */
function joinSql(child: ReadNode, parent: ReadNode, ctx: Ctx, jsonb: boolean): string {
  const { p } = ctx;
  const e = embedAlias(child);
  const cast = jsonb ? "::jsonb" : "";
  const own = { p, hoisted: false, ...(ctx.lateralOnly ? { lateralOnly: true } : {}) };
  if (isToOne(child.rel!)) {
    if (!ctx.lateralOnly && joinsAsTable(child)) return toOneJoinSql(child, parent, p);
    const sub = nodeSql(child, { ...own, hoisted: child.spread, jsonb: jsonb && child.spread }, parent, null, []);
    return ` ${joinWord(child)} JOIN LATERAL (${sub}) AS ${e} ON TRUE`;
  }
  const on = child.join === "inner" ? `${e}.${e} IS NOT NULL` : "TRUE";
  if (!child.spread) {
    const sub = nodeSql(child, own, parent, null, []);
    return ` ${joinWord(child)} JOIN LATERAL (SELECT json_agg(${e})${cast} AS ${e} FROM (${sub}) AS ${e}) AS ${e} ON ${on}`;
  }
  // A to-many spread: one array per key, in the embed's order (selected as extra columns).
  const terms = orderTerms(child, p);
  const extra = terms.map((o, i) => `${o.expr} AS pgrst_o${i}`);
  const sub = nodeSql(child, own, parent, null, extra);
  const aggOrder = terms.length ? ` ORDER BY ${terms.map((o, i) => `${e}.pgrst_o${i}${o.how}`).join(", ")}` : "";
  const arrays = toManySpreadNames(child).map(
    (n) => `COALESCE(json_agg(${e}.${quoteIdent(n)}${aggOrder}), '[]')${cast} AS ${quoteIdent(n)}`,
  );
  return ` ${joinWord(child)} JOIN LATERAL (SELECT ${[`json_agg(${e})${cast} AS ${e}`, ...arrays].join(", ")} FROM (${sub}) AS ${e}) AS ${e} ON ${on}`;
}

const mentionsEmbed = (tree: NodeTree): boolean =>
  tree.kind === "null-embed" || (tree.kind === "logic" && tree.children.some(mentionsEmbed));

/**
 * Whether a read's page can be taken from its table before the embeds run, so that an offset
 * skips rows without running their embeds (each lateral subquery runs once per row the join
 * meets, and LIMIT … OFFSET sits above the join). Only when the embeds can neither drop nor
 * repeat a row, nor decide its place: left joins, to-one ones on a table's key, no filter or
 * order naming an embed, no aggregate.
 */
export function pagesBeforeEmbeds(root: ReadNode): boolean {
  return (
    (root.offset ?? 0) > 0 &&
    root.children.length > 0 &&
    root.children.every((c) => c.join !== "inner" && !(isToOne(c.rel!) && c.table.isView)) &&
    !root.where.some(mentionsEmbed) &&
    root.order.every((o) => !o.child) &&
    !root.fields.some((f) => f.aggregate) &&
    !root.children.some((c) => isToOneSpread(c) && spreadColumns(c).some((col) => col.aggregate))
  );
}

/** The root's page of its table as a subquery (see pagesBeforeEmbeds), and the node left to join to it. */
export function pagedSource(root: ReadNode, p: Params, source: string): { node: ReadNode; source: string } {
  const bare: ReadNode = { ...root, children: [], fields: [{ kind: "field", field: { name: "*", path: [] } }] };
  const page = nodeSql(bare, { p, hoisted: false }, null, source, []);
  return { node: { ...root, where: [], limit: undefined, offset: undefined }, source: `(${page})` };
}

/** `embed=is.null`: whether the embed's subquery (or projection) has a row. */
const nullEmbedTest = (child: ReadNode, negate: boolean) =>
  `${embedAlias(child)} IS ${negate ? "" : "NOT "}DISTINCT FROM NULL`;

/** A read's SELECT. `parent` joins an embed to its row; `source` is the root's FROM. */
export function nodeSql(
  node: ReadNode,
  ctx: Ctx,
  parent: ReadNode | null,
  source: string | null,
  extra: string[],
): string {
  const { p } = ctx;
  const own = node.fields;
  const aggregated = own.some((f) => f.aggregate) && !ctx.hoisted;
  const hoisting = node.children.some((c) => isToOneSpread(c) && spreadColumns(c).some((s) => s.aggregate));
  const jsonb = aggregated || hoisting || (ctx.jsonb ?? false);
  const fromChildren = node.children.flatMap((c) => childSelects(c, jsonb));
  const expand = aggregated || hoisting || (ctx.expandStar ?? false);
  const fieldItems = own.flatMap((f) => fieldSelect(node, f, ctx, expand));
  const items = [...fieldItems, ...fromChildren];
  const joins = node.children.map((c) => joinSql(c, node, ctx, jsonb)).join("");
  const conds = [
    ...(parent ? joinConditions(node, parent) : []),
    ...node.where.map((tree) => treeSql(node, tree, p, nullEmbedTest)),
  ];
  let sql = `SELECT ${[...items.map((i) => i.sql), ...extra].join(", ")} FROM ${fromSql(node, source)}${joins}`;
  if (conds.length) sql += ` WHERE ${conds.join(" AND ")}`;
  if (items.some((i) => i.agg)) {
    const groups = items.filter((i) => !i.agg).map((i) => i.sql.replace(/ AS "(?:[^"]|"")*"$/, ""));
    if (groups.length) sql += ` GROUP BY ${groups.join(", ")}`;
  }
  const order = orderTerms(node, p);
  if (order.length) sql += ` ORDER BY ${order.map((o) => o.expr + o.how).join(", ")}`;
  if (node.limit !== undefined) sql += ` LIMIT ${p.add(node.limit)}::bigint`;
  if (node.offset !== undefined) sql += ` OFFSET ${p.add(node.offset)}::bigint`;
  return sql;
}

/**
 * The rows a count counts (QueryBuilder.readPlanToCountQuery): the node's filters, an embed's
 * `is.null` test and every `!inner` embed as EXISTS, no select, order or paging.
 */
export function countSql(node: ReadNode, p: Params, parent: ReadNode | null, source: string | null): string {
  const exists = (child: ReadNode) => `EXISTS (${countSql(child, p, node, null)})`;
  const conds = [
    ...(parent ? joinConditions(node, parent) : []),
    ...node.where.map((tree) => treeSql(node, tree, p, (child, negate) => `${negate ? "" : "NOT "}${exists(child)}`)),
    ...node.children.filter((c) => c.join === "inner").map(exists),
  ];
  return `SELECT 1 FROM ${fromSql(node, source)}${conds.length ? ` WHERE ${conds.join(" AND ")}` : ""}`;
}
