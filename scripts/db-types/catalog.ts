// What `npm run db:types` needs to know of a migrated database, read from pg_catalog: the
// tables, views, functions, enums and composite types of the schemas the app types. Objects an
// extension owns (pg_trgm's functions land in public on PGlite and PostgreSQL, in `extensions` on
// hosted Supabase) are left out, so every database yields the same file.
import type { Queryable } from "../../server/backend/db/types.ts";

export interface PgType {
  oid: number;
  schema: string;
  name: string;
  /** pg_type.typtype: b(ase), c(omposite), d(omain), e(num), p(seudo), r(ange), m(ultirange). */
  kind: string;
  /** The element of an array type, else 0. */
  elem: number;
  /** The base type of a domain, else 0. */
  base: number;
  /** The relation of a composite type (a table's row type, or CREATE TYPE … AS), else 0. */
  relid: number;
  /** pg_class.relkind of a composite type's relation (r, v, m, p, f, or c for CREATE TYPE … AS). */
  relkind: string;
  category: string;
}

export interface Column {
  name: string;
  type: number;
  nullable: boolean;
  hasDefault: boolean;
  /** pg_attribute.attidentity: "a" (ALWAYS), "d" (BY DEFAULT) or "". */
  identity: string;
  generated: boolean;
  updatable: boolean;
}

export interface Relation {
  oid: number;
  schema: string;
  name: string;
  /** r, p, f (tables) or v, m (views). */
  kind: string;
  /** A view that accepts INSERT, UPDATE and DELETE. */
  updatable: boolean;
  columns: Column[];
}

export interface Relationship {
  name: string;
  relation: number;
  referenced: number;
  columns: string[];
  referencedColumns: string[];
  oneToOne: boolean;
}

export interface FunctionArg {
  name: string;
  type: number;
  /** i(n), o(ut), b (inout), v(ariadic), t(able). */
  mode: string;
  hasDefault: boolean;
}

export interface PgFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returns: number;
  returnsSet: boolean;
  /** STRICT: a NULL argument skips the call (the result is NULL). */
  strict: boolean;
}

export interface Catalog {
  schemas: string[];
  types: Map<number, PgType>;
  enums: Map<number, string[]>;
  relations: Relation[];
  /** CREATE TYPE … AS (…) in the schemas, by type oid. */
  composites: Map<number, Column[]>;
  relationships: Relationship[];
  functions: PgFunction[];
}

const NOT_FROM_EXTENSION = (catalog: string, id: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${id} AND d.deptype = 'e')`;

const TYPES_SQL = `
SELECT t.oid::int AS oid, n.nspname AS schema, t.typname AS name, t.typtype::text AS kind,
       t.typelem::int AS elem, t.typbasetype::int AS base, t.typrelid::int AS relid, coalesce(c.relkind::text, '') AS relkind,
       t.typcategory::text AS category
FROM pg_type t
JOIN pg_namespace n ON n.oid = t.typnamespace
LEFT JOIN pg_class c ON c.oid = t.typrelid`;

const ENUMS_SQL = `SELECT enumtypid::int AS type, enumlabel AS label FROM pg_enum ORDER BY enumtypid, enumsortorder`;

const RELATIONS_SQL = `
SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
       (c.relkind = 'v' AND (pg_relation_is_updatable(c.oid, false) & 28) = 28) AS updatable
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY($1::text[]) AND c.relkind IN ('r', 'p', 'f', 'v', 'm', 'c') AND NOT c.relispartition
  AND ${NOT_FROM_EXTENSION("pg_class", "c.oid")}`;

const COLUMNS_SQL = `
SELECT a.attrelid::int AS relation, a.attname AS name, a.atttypid::int AS type, NOT a.attnotnull AS nullable,
       a.atthasdef AS "hasDefault", a.attidentity::text AS identity, a.attgenerated <> '' AS generated,
       pg_column_is_updatable(a.attrelid, a.attnum, false) AS updatable
FROM pg_attribute a
WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum`;

// One-to-one when the foreign key's columns are exactly those of a unique index of its table.
const RELATIONSHIPS_SQL = `
SELECT con.conname AS name, con.conrelid::int AS relation, con.confrelid::int AS referenced,
       ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
       ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord)
         AS "referencedColumns",
       EXISTS (
         SELECT 1 FROM pg_index i
         WHERE i.indrelid = con.conrelid AND i.indisunique AND i.indpred IS NULL
           AND (SELECT array_agg(x ORDER BY x) FROM unnest(i.indkey::int2[]) x)
             = (SELECT array_agg(x ORDER BY x) FROM unnest(con.conkey) x)
       ) AS "oneToOne"
FROM pg_constraint con
WHERE con.contype = 'f' AND con.conrelid = ANY($1::oid[]) AND con.confrelid = ANY($1::oid[])`;

const FUNCTIONS_SQL = `
SELECT n.nspname AS schema, p.proname AS name, p.prorettype::int AS returns, p.proretset AS "returnsSet", p.proisstrict AS strict,
       coalesce(p.proallargtypes, p.proargtypes::oid[])::int[] AS "argTypes",
       coalesce(p.proargmodes::text[], '{}') AS "argModes",
       coalesce(p.proargnames, '{}') AS "argNames",
       p.pronargdefaults AS "defaults"
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = ANY($1::text[]) AND p.prokind = 'f'
  AND p.prorettype NOT IN ('trigger'::regtype, 'event_trigger'::regtype)
  AND ${NOT_FROM_EXTENSION("pg_proc", "p.oid")}`;

interface FunctionRow {
  schema: string;
  name: string;
  returns: number;
  returnsSet: boolean;
  strict: boolean;
  argTypes: number[];
  argModes: string[];
  argNames: string[];
  defaults: number;
}

/** The arguments of a function; its last `defaults` input arguments have a default. */
function functionArgs(row: FunctionRow): FunctionArg[] {
  const args = row.argTypes.map((type, i) => ({
    name: row.argNames[i] ?? "",
    type,
    mode: row.argModes[i] ?? "i",
    hasDefault: false,
  }));
  const inputs = args.filter((arg) => ["i", "b", "v"].includes(arg.mode));
  for (const arg of inputs.slice(inputs.length - row.defaults)) arg.hasDefault = true;
  return args;
}

export async function readCatalog(db: Queryable, schemas: string[]): Promise<Catalog> {
  const { rows: types } = await db.query<PgType>(TYPES_SQL);
  const { rows: labels } = await db.query<{ type: number; label: string }>(ENUMS_SQL);
  const { rows: relationRows } = await db.query<Omit<Relation, "columns">>(RELATIONS_SQL, [schemas]);
  const oids = relationRows.map((relation) => relation.oid);
  const { rows: columns } = await db.query<Column & { relation: number }>(COLUMNS_SQL, [oids]);
  const { rows: relationships } = await db.query<Relationship>(RELATIONSHIPS_SQL, [oids]);
  const { rows: functions } = await db.query<FunctionRow>(FUNCTIONS_SQL, [schemas]);

  const enums = new Map<number, string[]>();
  for (const { type, label } of labels) enums.set(type, [...(enums.get(type) ?? []), label]);
  const columnsOf = (oid: number): Column[] => columns.filter((column) => column.relation === oid);
  const composites = new Map<number, Column[]>();
  const relations: Relation[] = [];
  for (const relation of relationRows) {
    if (relation.kind !== "c") {
      relations.push({ ...relation, columns: columnsOf(relation.oid) });
      continue;
    }
    const type = types.find((candidate) => candidate.relid === relation.oid);
    if (type) composites.set(type.oid, columnsOf(relation.oid));
  }
  return {
    schemas,
    types: new Map(types.map((type) => [type.oid, type])),
    enums,
    relations,
    composites,
    relationships,
    functions: functions.map((row) => ({
      schema: row.schema,
      name: row.name,
      args: functionArgs(row),
      returns: row.returns,
      returnsSet: row.returnsSet,
      strict: row.strict,
    })),
  };
}
