// The schema cache: tables, columns, keys, relationships and functions of the exposed schemas
// (REST_SCHEMAS), read from pg_catalog like PostgREST's schema cache. Every identifier in a
// request is looked up here and only the catalog's own spelling reaches the SQL, quoted.
import type { Database } from "../db/types.ts";
import { relationKey } from "./identifiers.ts";
import { inferRelationships } from "./relationships.ts";
import type { ForeignKey, Relationship, UniqueKey, ViewBase } from "./relationships.ts";

/** The schema exposed when REST_SCHEMAS is not set, as on PostgREST and Supabase. */
export const DEFAULT_SCHEMAS: readonly string[] = ["public"];

export interface ColumnInfo {
  name: string;
  type: string;
  /** The type without modifiers, a domain's base type: what json paths and text search look at. */
  baseType: string;
  /** The column's DEFAULT expression (trusted: it comes from the catalog), or null. */
  default: string | null;
  generated: boolean;
  /** GENERATED ALWAYS AS IDENTITY: only DEFAULT may be written to it. */
  identityAlways: boolean;
}

export interface TableInfo {
  schema: string;
  name: string;
  isView: boolean;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface FunctionArg {
  /** "" for an unnamed argument. */
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export type ReturnShape =
  | { kind: "void" }
  | { kind: "scalar"; type: string }
  /** Rows with columns: a table's row type (`table` names it, for embedding), a composite, OUT params. */
  | { kind: "composite"; columns: Map<string, ColumnInfo>; table: { schema: string; name: string } | null };

export interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returns: ReturnShape;
  volatility: "immutable" | "stable" | "volatile";
}

export interface CatalogSnapshot {
  /** The exposed schemas, the default (Accept-Profile/Content-Profile absent) first. */
  schemas: readonly string[];
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
  /** Relationships by their origin table (relationKey of the origin). */
  relationships: Map<string, Relationship[]>;
  /** pg_timezone_names, for Prefer: timezone. */
  timezones: ReadonlySet<string>;
  /** Each request role's own settings (ALTER ROLE … SET), applied to its requests as PostgREST does. */
  roleSettings: ReadonlyMap<string, Readonly<Record<string, string>>>;
}

export interface Catalog {
  get(): Promise<CatalogSnapshot>;
  /** Reloads now (e.g. after migrations). */
  refresh(): Promise<CatalogSnapshot>;
  /** Reloads if the last load is older than minAgeMs; for lookups that missed. */
  refreshIfStale(minAgeMs?: number): Promise<CatalogSnapshot>;
}

const IN_SCHEMAS = "(select json_array_elements_text($1::json))";

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  name: string;
  type: string;
  base_type: string;
  default: string | null;
  generated: boolean;
  identity: string;
}

async function loadTables(db: Database, schemasJson: string): Promise<Map<string, TableInfo>> {
  const cols = await db.query<ColumnRow>(
    `select n.nspname as schema, c.relname as table, c.relkind::text as kind, a.attname as name,
            format_type(a.atttypid, a.atttypmod) as type,
            format_type(case when t.typtype = 'd' then t.typbasetype else a.atttypid end, null) as base_type,
            case when a.attidentity = 'd'
                   then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                 when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default,
            a.attgenerated <> '' as generated, a.attidentity::text as identity
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname in ${IN_SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
      order by n.nspname, c.relname, a.attnum`,
    [schemasJson],
  );
  const tables = new Map<string, TableInfo>();
  for (const r of cols.rows) {
    const key = relationKey(r.schema, r.table);
    let t = tables.get(key);
    if (!t) {
      t = {
        schema: r.schema,
        name: r.table,
        isView: r.kind === "v" || r.kind === "m",
        columns: new Map(),
        primaryKey: [],
      };
      tables.set(key, t);
    }
    t.columns.set(r.name, {
      name: r.name,
      type: r.type,
      baseType: r.base_type,
      default: r.default,
      generated: r.generated,
      identityAlways: r.identity === "a",
    });
  }
  return tables;
}

/** Names of a constraint's columns, in key order. */
const KEY_COLUMNS = (keys: string, rel: string) =>
  `array(select a.attname::text from unnest(${keys}) with ordinality k(att, i)
           join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.att order by k.i)`;

async function loadKeys(db: Database, schemasJson: string): Promise<{ uniques: UniqueKey[]; foreign: ForeignKey[] }> {
  const keys = await db.query<{ schema: string; table: string; primary: boolean; columns: string[] }>(
    `select n.nspname as schema, c.relname as table, con.contype = 'p' as primary,
            ${KEY_COLUMNS("con.conkey", "con.conrelid")} as columns
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where con.contype in ('p', 'u') and n.nspname in ${IN_SCHEMAS}`,
    [schemasJson],
  );
  const fks = await db.query<{
    name: string;
    schema: string;
    table: string;
    foreign_schema: string;
    foreign_table: string;
    columns: string[];
    foreign_columns: string[];
  }>(
    `select con.conname as name, n1.nspname as schema, c1.relname as table,
            n2.nspname as foreign_schema, c2.relname as foreign_table,
            ${KEY_COLUMNS("con.conkey", "con.conrelid")} as columns,
            ${KEY_COLUMNS("con.confkey", "con.confrelid")} as foreign_columns
       from pg_constraint con
       join pg_class c1 on c1.oid = con.conrelid
       join pg_namespace n1 on n1.oid = c1.relnamespace
       join pg_class c2 on c2.oid = con.confrelid
       join pg_namespace n2 on n2.oid = c2.relnamespace
      where con.contype = 'f' and con.conparentid = 0
        and n1.nspname in ${IN_SCHEMAS} and n2.nspname in ${IN_SCHEMAS}
      order by con.conrelid, con.conname`,
    [schemasJson],
  );
  return {
    uniques: keys.rows.map((r) => ({ schema: r.schema, table: r.table, primary: r.primary, columns: r.columns })),
    foreign: fks.rows.map((r) => ({
      name: r.name,
      schema: r.schema,
      table: r.table,
      foreignSchema: r.foreign_schema,
      foreignTable: r.foreign_table,
      columns: r.columns.map((c, i): [string, string] => [c, r.foreign_columns[i]!]),
    })),
  };
}

interface FunctionRow {
  schema: string;
  name: string;
  all_names: string[] | null;
  all_types: string[];
  all_modes: string[] | null;
  nargs: number;
  defaults: number;
  returns_set: boolean;
  returns_void: boolean;
  return_type: string;
  volatility: string;
  composite: boolean;
  return_columns: string[] | null;
  return_column_types: string[] | null;
  return_table_schema: string | null;
  return_table: string | null;
}

function toFunction(r: FunctionRow): FunctionInfo {
  const modes = r.all_modes ?? r.all_types.map(() => "i");
  const names = r.all_names ?? [];
  const args: FunctionArg[] = [];
  const outs = new Map<string, ColumnInfo>();
  modes.forEach((mode, i) => {
    const name = names[i] ?? "";
    const type = r.all_types[i]!;
    if (mode === "i" || mode === "b" || mode === "v") {
      args.push({ name, type, required: args.length < r.nargs - r.defaults, variadic: mode === "v" });
    }
    if (mode === "o" || mode === "b" || mode === "t") {
      outs.set(name, {
        name,
        type,
        baseType: type,
        default: null,
        generated: false,
        identityAlways: false,
      });
    }
  });
  let returns: ReturnShape;
  if (r.returns_void) returns = { kind: "void" };
  else if (outs.size > 0) returns = { kind: "composite", columns: outs, table: null };
  else if (r.composite) {
    const columns = new Map<string, ColumnInfo>();
    (r.return_columns ?? []).forEach((name, i) => {
      const type = r.return_column_types![i]!;
      columns.set(name, { name, type, baseType: type, default: null, generated: false, identityAlways: false });
    });
    const table = r.return_table ? { schema: r.return_table_schema!, name: r.return_table } : null;
    returns = { kind: "composite", columns, table };
  } else returns = { kind: "scalar", type: r.return_type };
  const volatility = r.volatility === "i" ? "immutable" : r.volatility === "s" ? "stable" : "volatile";
  return { schema: r.schema, name: r.name, args, returnsSet: r.returns_set, returns, volatility };
}

async function loadFunctions(db: Database, schemasJson: string): Promise<Map<string, FunctionInfo[]>> {
  const fns = await db.query<FunctionRow>(
    `select n.nspname as schema, p.proname as name, p.proargnames as all_names,
            array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                    with ordinality u(t, i) order by i) as all_types,
            p.proargmodes::text[] as all_modes, p.pronargs::int as nargs, p.pronargdefaults::int as defaults,
            p.proretset as returns_set, p.prorettype = 'void'::regtype as returns_void,
            format_type(p.prorettype, null) as return_type, p.provolatile::text as volatility,
            rt.typtype = 'c' as composite,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) as return_columns,
            array(select format_type(a.atttypid, a.atttypmod) from pg_attribute a
                   where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
              as return_column_types,
            case when rc.relkind in ('r', 'p', 'v', 'm', 'f') then rn.nspname end as return_table_schema,
            case when rc.relkind in ('r', 'p', 'v', 'm', 'f') then rc.relname end as return_table
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
       left join pg_class rc on rc.oid = rt.typrelid
       left join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname in ${IN_SCHEMAS} and p.prokind = 'f'`,
    [schemasJson],
  );
  const functions = new Map<string, FunctionInfo[]>();
  for (const r of fns.rows) {
    const info = toFunction(r);
    const unnamed = info.args.filter((a) => a.name === "").length;
    // Callable by name, or through the single unnamed json/jsonb parameter (PostgREST's rule).
    if (unnamed > 1 || (unnamed === 1 && info.args.length !== 1)) continue;
    const key = relationKey(r.schema, r.name);
    const list = functions.get(key) ?? [];
    list.push(info);
    functions.set(key, list);
  }
  return functions;
}

/** Views over exactly one table, with the columns they show under the table's names. */
async function loadViews(db: Database, schemasJson: string, tables: Map<string, TableInfo>): Promise<ViewBase[]> {
  const bases = await db.query<{ schema: string; view: string; base_schema: string; base: string; used: string[] }>(
    `select u.view_schema::text as schema, u.view_name::text as view,
            min(u.table_schema)::text as base_schema, min(u.table_name)::text as base,
            array(select c.column_name::text from information_schema.view_column_usage c
                   where c.view_schema = u.view_schema and c.view_name = u.view_name) as used
       from information_schema.view_table_usage u
      where u.view_schema in ${IN_SCHEMAS}
      group by u.view_schema, u.view_name
     having count(*) = 1`,
    [schemasJson],
  );
  return bases.rows.flatMap((r) => {
    const view = tables.get(relationKey(r.schema, r.view));
    if (!view) return [];
    const columns = r.used.filter((c) => view.columns.has(c));
    const base = tables.get(relationKey(r.base_schema, r.base));
    // A view showing its table's whole primary key is keyed by it too (upserts, Location).
    if (base && base.primaryKey.length && base.primaryKey.every((k) => columns.includes(k)))
      view.primaryKey = base.primaryKey;
    return [{ schema: r.schema, name: r.view, base: { schema: r.base_schema, name: r.base }, columns }];
  });
}

/**
 * PostgREST's impersonated role settings: what `ALTER ROLE anon SET statement_timeout = '3s'`
 * stored, this database's over every database's. Only settings any role may change (context
 * `user`): one that needs a superuser would fail every request of the role.
 */
async function loadRoleSettings(db: Database): Promise<Map<string, Record<string, string>>> {
  const rows = await db.query<{ role: string; name: string; value: string }>(
    `select r.rolname as role, g.name, substr(s.setting, strpos(s.setting, '=') + 1) as value
       from pg_db_role_setting d
       join pg_roles r on r.oid = d.setrole
       cross join unnest(d.setconfig) as s(setting)
       join pg_settings g on g.name = split_part(s.setting, '=', 1) and g.context = 'user'
      where r.rolname in ('anon', 'authenticated', 'service_role')
        and d.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      order by d.setdatabase`,
  );
  const settings = new Map<string, Record<string, string>>();
  for (const r of rows.rows) settings.set(r.role, { ...settings.get(r.role), [r.name]: r.value });
  return settings;
}

async function load(db: Database, schemas: readonly string[]): Promise<CatalogSnapshot> {
  const schemasJson = JSON.stringify(schemas);
  const tables = await loadTables(db, schemasJson);
  const keys = await loadKeys(db, schemasJson);
  for (const k of keys.uniques) {
    const t = tables.get(relationKey(k.schema, k.table));
    if (t && k.primary) t.primaryKey = k.columns.toSorted();
  }
  const views = await loadViews(db, schemasJson, tables);
  const functions = await loadFunctions(db, schemasJson);
  const zones = await db.query<{ name: string }>("select name from pg_timezone_names");
  return {
    schemas,
    tables,
    functions,
    relationships: inferRelationships(
      (schema, name) => tables.get(relationKey(schema, name)) ?? null,
      keys.uniques,
      keys.foreign,
      views,
    ),
    timezones: new Set(zones.rows.map((z) => z.name)),
    roleSettings: await loadRoleSettings(db),
  };
}

export function createCatalog(db: Database, schemas: readonly string[] = DEFAULT_SCHEMAS): Catalog {
  let current: Promise<CatalogSnapshot> | null = null;
  let loadedAt = 0;
  const refresh = () => {
    loadedAt = Date.now();
    const p = load(db, schemas);
    current = p;
    // A statement prepared before a migration may mean something else now; prepare anew.
    void p.then(
      () => db.dropPreparedStatements(),
      () => {},
    );
    // A failed load must not stay cached.
    p.catch(() => {
      if (current === p) current = null;
    });
    return p;
  };
  return {
    get: () => current ?? refresh(),
    refresh,
    refreshIfStale: (minAgeMs = 1000) => (current && Date.now() - loadedAt < minAgeMs ? current : refresh()),
  };
}
