// Resource embedding, planned against the schema cache (PostgREST's Plan.hs readPlan): the
// select tree becomes a tree of reads, one per table, each joined to its parent by the
// relationship its name picks; filters, logic trees, orders and ranges go to the node their key
// names. Columns are checked here, so the compilers only see names the catalog spells.
import type { CatalogSnapshot, ColumnInfo, TableInfo } from "./catalog.ts";
import { restErrors } from "./errors.ts";
import type { Field, Filter, LogicTree, OrderTerm, SelectEmbed, SelectField, SelectItem } from "./grammar.ts";
import { relationKey } from "./identifiers.ts";
import type { AtPath, QueryPlan } from "./parse.ts";
import { findRelationship, isToOne } from "./relationships.ts";
import { outputKey } from "./select-grammar.ts";
import type { Relationship } from "./relationships.ts";

/** A filter `embed=is.null` / `embed=not.is.null` on a parent: does the embed have a row? */
export interface NullEmbedFilter {
  kind: "null-embed";
  negate: boolean;
  child: ReadNode;
}

export type NodeTree =
  | { kind: "filter"; filter: Filter }
  | NullEmbedFilter
  | { kind: "logic"; op: "and" | "or"; negate: boolean; children: NodeTree[] };

export interface NodeOrder {
  term: OrderTerm;
  /** The to-one embed a related order (`order=author(name)`) reads. */
  child?: ReadNode;
}

export interface ReadNode {
  /** Preorder position: names the node's aliases in the SQL. */
  index: number;
  table: TableInfo;
  /** The name in the select (table, constraint or column) and the output key's alias. */
  name: string;
  alias?: string;
  join?: "inner" | "left";
  spread: boolean;
  rel?: Relationship;
  fields: SelectField[];
  children: ReadNode[];
  where: NodeTree[];
  order: NodeOrder[];
  limit?: number;
  offset?: number;
}

export interface ReadTreeOptions {
  /** Writes apply root filters and root logic to the statement, not to the read after it. */
  write?: boolean;
  /** The rows any node returns at most (REST_MAX_ROWS), or none. */
  maxRows?: number;
  /** The Range header of a GET. */
  range?: { offset: number; limit?: number } | null;
}

function column(table: TableInfo, name: string): ColumnInfo {
  const c = table.columns.get(name);
  if (!c) throw restErrors.undefinedColumn(table.name, name);
  return c;
}

/** Checks a field's column exists (`*` aside, and `count` where no column has that name). */
function checkField(table: TableInfo, f: Field): Field {
  if (f.name !== "*" && !(f.name === "count" && f.path.length === 0 && !table.columns.has("count")))
    column(table, f.name);
  return f;
}

/**
 * `messages(count)`: in Postgres `t.count` is `count(t)`, so PostgREST answers the rows'
 * count for a `count` the table has no column of (supabase-js documents it). Here it is count().
 */
function countColumn(table: TableInfo, item: SelectField): SelectField | null {
  if (item.field.name !== "count" || item.field.path.length || table.columns.has("count") || item.aggregate)
    return null;
  const out: SelectField = { kind: "field", field: { name: "*", path: [] }, aggregate: "count" };
  if (item.alias !== undefined) out.alias = item.alias;
  if (item.cast !== undefined) out.aggregateCast = item.cast;
  return out;
}

export function nodeKey(node: ReadNode): string {
  return node.alias ?? node.name;
}

class TreeBuilder {
  private count = 0;
  readonly snapshot: CatalogSnapshot;
  constructor(snapshot: CatalogSnapshot) {
    this.snapshot = snapshot;
  }

  node(
    table: TableInfo,
    items: readonly SelectItem[],
    name: string,
    embed?: SelectEmbed,
    rel?: Relationship,
  ): ReadNode {
    const node: ReadNode = {
      index: this.count++,
      table,
      name,
      spread: embed?.spread ?? false,
      fields: [],
      children: [],
      where: [],
      order: [],
    };
    if (embed?.alias !== undefined) node.alias = embed.alias;
    if (embed?.join !== undefined) node.join = embed.join;
    if (rel) node.rel = rel;
    for (const item of items) {
      if (item.kind === "field") {
        node.fields.push(countColumn(table, item) ?? item);
        checkField(table, item.field);
      } else {
        node.children.push(this.embed(table, item));
      }
    }
    checkStarKeys(table, items);
    return node;
  }

  embed(parent: TableInfo, item: SelectEmbed): ReadNode {
    const rel = findRelationship(this.snapshot.relationships, parent.schema, parent.name, item.relation, item.hint);
    const table = this.snapshot.tables.get(relationKey(rel.foreignTable.schema, rel.foreignTable.name));
    if (!table) throw restErrors.tableNotFound(rel.foreignTable.schema, rel.foreignTable.name);
    const child = this.node(table, item.children, item.relation, item, rel);
    if (child.spread && !isToOne(rel) && hasAggregate(child)) {
      throw restErrors.notImplemented("Aggregates are not implemented for one-to-many or many-to-many spreads.");
    }
    return child;
  }
}

/**
 * `*,content` or `*,title:slug` would repeat a key in every row (ADR 014): parse.ts refused
 * repeated keys among named items; here `*` is known to be the table's columns.
 */
function checkStarKeys(table: TableInfo, items: readonly SelectItem[]): void {
  if (!items.some((i) => i.kind === "field" && i.field.name === "*" && !i.aggregate)) return;
  for (const item of items) {
    const key = outputKey(item);
    if (key !== null && key !== "*" && table.columns.has(key)) {
      throw restErrors.badQuery(
        `"failed to parse select parameter"`,
        `"${key}" appears more than once in select (it is part of *); give the copy its own alias`,
      );
    }
  }
}

function hasAggregate(node: ReadNode): boolean {
  return (
    node.fields.some((f) => f.aggregate) || node.children.some((c) => c.spread && isToOne(c.rel!) && hasAggregate(c))
  );
}

/** The node a path (`messages.tags`) names, by alias or name; PGRST108 when none. */
function nodeAt(root: ReadNode, path: readonly string[]): ReadNode {
  let node = root;
  for (const step of path) {
    const next = node.children.find((c) => nodeKey(c) === step);
    if (!next) throw restErrors.notEmbedded(step);
    node = next;
  }
  return node;
}

function resolveTree(node: ReadNode, tree: LogicTree): NodeTree {
  if (tree.kind === "logic") {
    return {
      kind: "logic",
      op: tree.op,
      negate: tree.negate,
      children: tree.children.map((t) => resolveTree(node, t)),
    };
  }
  return resolveFilter(node, tree.filter);
}

/** `embed=is.null` on an embedded name tests the embed (Plan.hs addNullEmbedFilters). */
function resolveFilter(node: ReadNode, filter: Filter): NodeTree {
  const child = filter.field.path.length ? undefined : node.children.find((c) => nodeKey(c) === filter.field.name);
  if (child && filter.operation.op === "is" && filter.operation.value === "null") {
    return { kind: "null-embed", negate: filter.negate, child };
  }
  checkField(node.table, filter.field);
  return { kind: "filter", filter };
}

function resolveOrder(node: ReadNode, term: OrderTerm): NodeOrder {
  if (term.relation === undefined) {
    checkField(node.table, term.field);
    return { term };
  }
  const child = node.children.find((c) => nodeKey(c) === term.relation);
  if (!child) throw restErrors.notEmbedded(term.relation);
  if (!isToOne(child.rel!)) throw restErrors.relatedOrderNotToOne(node.table.name, nodeKey(child));
  checkField(child.table, term.field);
  return { term, child };
}

function place<T>(
  root: ReadNode,
  items: readonly AtPath<T>[],
  write: boolean,
  apply: (node: ReadNode, value: T) => void,
): void {
  for (const { path, value } of items) {
    if (write && path.length === 0) continue;
    apply(nodeAt(root, path), value);
  }
}

function capRanges(node: ReadNode, maxRows: number | undefined): void {
  if (maxRows !== undefined) node.limit = node.limit === undefined ? maxRows : Math.min(node.limit, maxRows);
  for (const child of node.children) capRanges(child, maxRows);
}

/** The read tree of a request over `table` (a table, or the rows a write or a function returns). */
export function readTree(
  snapshot: CatalogSnapshot,
  table: TableInfo,
  plan: QueryPlan,
  opts: ReadTreeOptions = {},
): ReadNode {
  const write = opts.write ?? false;
  const root = new TreeBuilder(snapshot).node(table, plan.select, table.name);
  place(root, plan.filters, write, (node, filter) => node.where.push(resolveFilter(node, filter)));
  place(root, plan.logic, write, (node, tree) => node.where.push(resolveTree(node, tree)));
  place(root, plan.order, write, (node, terms) => node.order.push(...terms.map((t) => resolveOrder(node, t))));
  place(root, plan.ranges, write, (node, range) => {
    if (range.limit !== undefined) node.limit = range.limit;
    if (range.offset !== undefined) node.offset = range.offset;
  });
  if (opts.range) {
    // The Range header and `limit`/`offset` intersect (ApiRequest.hs getRanges).
    const start = Math.max(opts.range.offset, root.offset ?? 0);
    const ends = [
      opts.range.limit === undefined ? Infinity : opts.range.offset + opts.range.limit,
      root.limit === undefined ? Infinity : (root.offset ?? 0) + root.limit,
    ];
    const end = Math.min(...ends);
    root.offset = start;
    if (end !== Infinity) root.limit = Math.max(0, end - start);
  }
  if (!write) capRanges(root, opts.maxRows);
  return root;
}

/** The root's filters and logic trees of a write, checked against its table: they go in the statement's WHERE. */
export function writeFilters(table: TableInfo, plan: QueryPlan): { probe: ReadNode; trees: NodeTree[] } {
  const probe: ReadNode = {
    index: 0,
    table,
    name: table.name,
    spread: false,
    fields: [],
    children: [],
    where: [],
    order: [],
  };
  const trees = [
    ...plan.filters.filter((f) => f.path.length === 0).map((f) => resolveFilter(probe, f.value)),
    ...plan.logic.filter((l) => l.path.length === 0).map((l) => resolveTree(probe, l.value)),
  ];
  return { probe, trees };
}
