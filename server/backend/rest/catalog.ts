// The schema cache: tables, columns and functions of the exposed schema, read from pg_catalog
// (like PostgREST's schema cache). Every identifier in a request is looked up here and only the
// catalog's own spelling reaches the SQL, quoted.
import type { Database } from "../db/types.ts";

export const SCHEMA = "public";

export interface ColumnInfo {
  name: string;
  type: string;
  /** The column's DEFAULT expression (trusted: it comes from the catalog), or null. */
  default: string | null;
  generated: boolean;
}

export interface TableInfo {
  name: string;
  columns: Map<string, ColumnInfo>;
}

export interface FunctionInfo {
  name: string;
  /** Input argument names and types, in order. */
  args: { name: string; type: string }[];
  /** How many trailing args have defaults. */
  defaults: number;
  returnsSet: boolean;
  returnsVoid: boolean;
}

export interface CatalogSnapshot {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
}

export interface Catalog {
  get(): Promise<CatalogSnapshot>;
  /** Reloads now (e.g. after migrations). */
  refresh(): Promise<CatalogSnapshot>;
  /** Reloads if the last load is older than minAgeMs; for lookups that missed. */
  refreshIfStale(minAgeMs?: number): Promise<CatalogSnapshot>;
}

async function load(db: Database): Promise<CatalogSnapshot> {
  const cols = await db.query<{
    table: string;
    name: string;
    type: string;
    default: string | null;
    generated: boolean;
  }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default,
            a.attgenerated <> '' as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
      order by c.relname, a.attnum`,
    [SCHEMA],
  );
  const tables = new Map<string, TableInfo>();
  for (const r of cols.rows) {
    let t = tables.get(r.table);
    if (!t) tables.set(r.table, (t = { name: r.table, columns: new Map() }));
    t.columns.set(r.name, { name: r.name, type: r.type, default: r.default, generated: r.generated });
  }
  const fns = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[] | null;
    arg_modes: string[] | null;
    defaults: number;
    returns_set: boolean;
    returns_void: boolean;
  }>(
    `select p.proname as name, p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality u(t, i) order by i) as arg_types,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults::int as defaults, p.proretset as returns_set,
            p.prorettype = 'void'::regtype as returns_void
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f'`,
    [SCHEMA],
  );
  const functions = new Map<string, FunctionInfo[]>();
  for (const r of fns.rows) {
    const types = r.arg_types ?? [];
    // proargnames covers all args (in, out, inout...) when proargmodes is set; keep input ones.
    const names = r.arg_names ?? [];
    const modes = r.arg_modes;
    const inNames = modes ? names.filter((_, i) => modes[i] === "i" || modes[i] === "b" || modes[i] === "v") : names;
    if (inNames.length < types.length || inNames.some((n) => n === "")) continue; // unnamed args: not callable by name
    const info: FunctionInfo = {
      name: r.name,
      args: types.map((type, i) => ({ name: inNames[i]!, type })),
      defaults: r.defaults,
      returnsSet: r.returns_set,
      returnsVoid: r.returns_void,
    };
    const list = functions.get(r.name) ?? [];
    list.push(info);
    functions.set(r.name, list);
  }
  return { tables, functions };
}

export function createCatalog(db: Database): Catalog {
  let current: Promise<CatalogSnapshot> | null = null;
  let loadedAt = 0;
  const refresh = () => {
    loadedAt = Date.now();
    const p = load(db);
    current = p;
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
