// Relationships between the exposed tables and views, inferred from foreign keys as PostgREST's
// schema cache does (SchemaCache.hs): each foreign key is many-to-one from the referencing table
// and one-to-many back, or one-to-one both ways when its columns are the referencing table's
// primary key or a unique key; views over one table inherit its keys; a table whose primary key
// holds two foreign keys joins their tables many-to-many. findRelationship picks the one an
// embed names (Plan.hs findRel), with PostgREST's PGRST200/PGRST201 when none or several match.
import { relationKey } from "./identifiers.ts";
import { restErrors } from "./errors.ts";
import { closestMatch, fuzzyMatches } from "./fuzzy.ts";

export interface TableRef {
  schema: string;
  name: string;
}

export interface UniqueKey {
  schema: string;
  table: string;
  primary: boolean;
  columns: string[];
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  foreignSchema: string;
  foreignTable: string;
  /** (referencing column, referenced column) pairs. */
  columns: [string, string][];
}

export type Cardinality = "many-to-one" | "one-to-many" | "one-to-one" | "many-to-many";

export interface Junction {
  table: TableRef;
  constraint1: string;
  constraint2: string;
  /** (origin column, junction column) pairs. */
  sourceColumns: [string, string][];
  /** (target column, junction column) pairs. */
  targetColumns: [string, string][];
}

export interface Relationship {
  table: TableRef;
  foreignTable: TableRef;
  isSelf: boolean;
  cardinality: Cardinality;
  /** The foreign key's name (not set for many-to-many). */
  constraint: string;
  /** (origin column, target column) pairs for the join. */
  columns: [string, string][];
  foreignIsView: boolean;
  junction?: Junction;
}

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === "many-to-one" || rel.cardinality === "one-to-one";
}

const swap = (pairs: [string, string][]): [string, string][] => pairs.map(([a, b]) => [b, a]);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** What inference needs to know of a table. */
export type TableLookup = (schema: string, name: string) => { isView: boolean; primaryKey: string[] } | null;

/** A view over one table, and the columns it shows under their base names. */
export interface ViewBase extends TableRef {
  base: TableRef;
  columns: string[];
}

const sameRef = (a: TableRef, b: TableRef) => a.schema === b.schema && a.name === b.name;

/**
 * A foreign key also relates the views that show its columns (PostgREST follows views to their
 * base tables; here a view over one table whose key columns keep their names).
 */
function viewRelationships(direct: readonly Relationship[], views: readonly ViewBase[]): Relationship[] {
  const over = (t: TableRef, cols: string[]) =>
    views.filter((v) => sameRef(v.base, t) && cols.every((c) => v.columns.includes(c)));
  const ref = (v: ViewBase): TableRef => ({ schema: v.schema, name: v.name });
  return direct.flatMap((r) => {
    const from = over(
      r.table,
      r.columns.map(([c]) => c),
    ).map(ref);
    const to = over(
      r.foreignTable,
      r.columns.map(([, c]) => c),
    ).map(ref);
    return [
      ...from.map((v) => ({ ...r, table: v, isSelf: false })),
      ...to.map((w) => ({ ...r, foreignTable: w, isSelf: false, foreignIsView: true })),
      ...from.flatMap((v) =>
        to.map((w) => ({ ...r, table: v, foreignTable: w, isSelf: sameRef(v, w), foreignIsView: true })),
      ),
    ];
  });
}

export function inferRelationships(
  table: TableLookup,
  uniques: readonly UniqueKey[],
  foreignKeys: readonly ForeignKey[],
  views: readonly ViewBase[] = [],
): Map<string, Relationship[]> {
  const isView = (schema: string, name: string) => table(schema, name)?.isView ?? false;
  const fromKeys: Relationship[] = foreignKeys.map((fk) => {
    const referencing = fk.columns.map(([c]) => c);
    const oneToOne = uniques.some(
      (u) => u.schema === fk.schema && u.table === fk.table && sameSet(u.columns, referencing),
    );
    return {
      table: { schema: fk.schema, name: fk.table },
      foreignTable: { schema: fk.foreignSchema, name: fk.foreignTable },
      isSelf: fk.schema === fk.foreignSchema && fk.table === fk.foreignTable,
      cardinality: oneToOne ? "one-to-one" : "many-to-one",
      constraint: fk.name,
      columns: fk.columns,
      foreignIsView: isView(fk.foreignSchema, fk.foreignTable),
    };
  });
  const direct = [...fromKeys, ...viewRelationships(fromKeys, views)];
  const manyToMany: Relationship[] = [];
  for (const a of direct) {
    if (a.cardinality !== "many-to-one") continue;
    for (const b of direct) {
      if (
        b === a ||
        b.cardinality !== "many-to-one" ||
        relationKey(a.table.schema, a.table.name) !== relationKey(b.table.schema, b.table.name)
      ) {
        continue;
      }
      const pk = table(a.table.schema, a.table.name)?.primaryKey ?? [];
      const junctionColumns = [...a.columns.map(([c]) => c), ...b.columns.map(([c]) => c)];
      if (!junctionColumns.every((c) => pk.includes(c))) continue;
      manyToMany.push({
        table: a.foreignTable,
        foreignTable: b.foreignTable,
        isSelf:
          relationKey(a.foreignTable.schema, a.foreignTable.name) ===
          relationKey(b.foreignTable.schema, b.foreignTable.name),
        cardinality: "many-to-many",
        constraint: "",
        columns: [],
        foreignIsView: b.foreignIsView,
        junction: {
          table: a.table,
          constraint1: a.constraint,
          constraint2: b.constraint,
          sourceColumns: swap(a.columns),
          targetColumns: swap(b.columns),
        },
      });
    }
  }
  const inverse: Relationship[] = direct.map((r) => ({
    table: r.foreignTable,
    foreignTable: r.table,
    isSelf: r.isSelf,
    cardinality: r.cardinality === "one-to-one" ? "one-to-one" : "one-to-many",
    constraint: r.constraint,
    columns: swap(r.columns),
    foreignIsView: isView(r.table.schema, r.table.name),
  }));
  const byOrigin = new Map<string, Relationship[]>();
  for (const r of [...direct, ...manyToMany, ...inverse]) {
    const key = relationKey(r.table.schema, r.table.name);
    const list = byOrigin.get(key) ?? [];
    list.push(r);
    byOrigin.set(key, list);
  }
  return byOrigin;
}

const single = (pairs: [string, string][], side: 0 | 1): string | undefined =>
  pairs.length === 1 ? pairs[0]![side] : undefined;

/** Plan.hs findRel: does `target` (with its hint) name this relationship? */
function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
  const hasFk = rel.cardinality !== "many-to-many";
  const fkColumn = hasFk ? single(rel.columns, 0) : undefined;
  const refColumn = hasFk ? single(rel.columns, 1) : undefined;
  const isTarget = target === rel.foreignTable.name;
  if (rel.isSelf) {
    if (hint === undefined) {
      return (
        (isTarget && rel.cardinality === "one-to-many") || (fkColumn === target && rel.cardinality === "many-to-one")
      );
    }
    return isTarget && rel.cardinality === "one-to-many" && refColumn === hint;
  }
  if (hint === undefined) {
    return (
      isTarget ||
      (hasFk && rel.constraint === target && !rel.foreignIsView) ||
      (fkColumn === target && !rel.foreignIsView)
    );
  }
  return (
    isTarget &&
    ((hasFk && rel.constraint === hint) || fkColumn === hint || refColumn === hint || rel.junction?.table.name === hint)
  );
}

const cols = (list: string[]) => `(${list.join(", ")})`;

function describe(rel: Relationship): Record<string, string> {
  const embedding = `${rel.table.name} with ${rel.foreignTable.name}`;
  if (rel.junction) {
    const j = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${j.table.name} using ${j.constraint1}${cols(j.sourceColumns.map(([, c]) => c))} and ${j.constraint2}${cols(j.targetColumns.map(([, c]) => c))}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.constraint} using ${rel.table.name}${cols(rel.columns.map(([c]) => c))} and ${rel.foreignTable.name}${cols(rel.columns.map(([, c]) => c))}`,
  };
}

/** "Perhaps you meant ..." as PostgREST's noRelBetweenHint words it, or null. */
function noRelationshipHint(
  all: Map<string, Relationship[]>,
  schema: string,
  origin: string,
  target: string,
): string | null {
  const fromOrigin = all.get(relationKey(schema, origin));
  if (fromOrigin) {
    const children = [...new Set(fromOrigin.map((r) => r.foreignTable.name))];
    const child = fuzzyMatches(children, target).find(([score]) => score < 1)?.[1];
    return child ? `Perhaps you meant '${child}' instead of '${target}'.` : null;
  }
  const parents = [...all.values()]
    .flat()
    .filter((r) => r.table.schema === schema)
    .map((r) => r.table.name);
  const parent = closestMatch([...new Set(parents)], origin);
  return parent ? `Perhaps you meant '${parent}' instead of '${origin}'.` : null;
}

/** The relationship from `origin` that `target!hint` names; PGRST200 for none, PGRST201 for several. */
export function findRelationship(
  all: Map<string, Relationship[]>,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const found = (all.get(relationKey(schema, origin)) ?? []).filter((r) => matches(r, target, hint));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw restErrors.noRelationship(origin, target, hint, schema, noRelationshipHint(all, schema, origin, target));
  }
  const hints = found.map((r) => `'${r.foreignTable.name}!${r.junction ? r.junction.table.name : r.constraint}'`);
  throw restErrors.ambiguousRelationship(origin, target, found.map(describe), hints.join(", "));
}
