// Reads every row the project owns, in one consistent snapshot, into JSON-lines files; and loads
// such files back. The same code runs on PGlite and PostgreSQL, which is what lets a backup of
// the embedded database be restored into PostgreSQL (and back). ADR 054 says why this is not
// pg_dump.
//
// What is copied: every table in the schemas `public` (posts, leads, roles), `auth` (users with
// their password hashes, identities, second factors, sessions) and `storage` when it exists.
// What is not: omnia_internal (migration bookkeeping, which the manifest records as the
// migration level, and short-lived rate-limit counters) and pg-boss's schema (its jobs are
// derived from lead_deliveries, and pending deliveries are queued again after a restore).
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Queryable } from "../backend/db/types.ts";
import { sha256File } from "./archive.ts";
import type { Manifest, SequenceEntry, TableEntry } from "./archive.ts";

export const BACKED_UP_SCHEMAS = ["public", "auth", "storage"] as const;

/** Rows per INSERT when loading: large enough to be fast, small enough to bound memory. */
const LOAD_BATCH_ROWS = 500;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, table: string) => `${ident(schema)}.${ident(table)}`;

interface TableInfo {
  schema: string;
  table: string;
}

async function listTables(tx: Queryable): Promise<TableInfo[]> {
  const { rows } = await tx.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      order by 1, 2`,
    [BACKED_UP_SCHEMAS],
  );
  return rows;
}

/** Parents before children, so that every foreign key holds while rows are inserted. */
async function inForeignKeyOrder(tx: Queryable, tables: TableInfo[]): Promise<TableInfo[]> {
  const { rows } = await tx.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const key = (t: TableInfo) => `${t.schema}.${t.table}`;
  const parents = new Map<string, Set<string>>(tables.map((t) => [key(t), new Set<string>()]));
  for (const { child, parent } of rows) if (parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(key(t)) && [...parents.get(key(t))!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle; a backup cannot order them");
    for (const t of ready) {
      ordered.push(t);
      placed.add(key(t));
    }
  }
  return ordered;
}

/** The columns a row is made of: not generated ones (the database computes them again). */
async function storedColumns(tx: Queryable, t: TableInfo): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [qualified(t.schema, t.table)],
  );
  return rows.map((r) => r.name);
}

async function listSequences(tx: Queryable): Promise<SequenceEntry[]> {
  const { rows } = await tx.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind = 'S' order by 1`,
    [BACKED_UP_SCHEMAS],
  );
  const sequences: SequenceEntry[] = [];
  for (const { name } of rows) {
    const [schema, seq] = name.split(".") as [string, string];
    const { rows: state } = await tx.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(schema, seq)}`,
    );
    sequences.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called });
  }
  return sequences;
}

export type DumpResult = Pick<Manifest, "migrations" | "tables" | "sequences" | "files">;

/**
 * Writes database/<schema>.<table>.jsonl under `dir` for every backed-up table. Call it inside
 * one transaction: on PostgreSQL, begun REPEATABLE READ, so every table is read at the same
 * instant while other connections keep writing; on PGlite the transaction holds the only
 * connection, so writes wait for the dump (about a second per 10,000 rows) and then go on.
 */
export async function dumpDatabase(tx: Queryable, dir: string): Promise<DumpResult> {
  const { rows: applied } = await tx.query<{ name: string }>(
    "select name from omnia_internal.schema_migrations order by applied_at, name",
  );
  fs.mkdirSync(path.join(dir, "database"), { recursive: true });
  const tables: TableEntry[] = [];
  const files: DumpResult["files"] = {};
  for (const t of await inForeignKeyOrder(tx, await listTables(tx))) {
    const columns = await storedColumns(tx, t);
    const file = `database/${t.schema}.${t.table}.jsonl`;
    const { rows } = await tx.query<{ line: string }>(
      `select row_to_json(r)::text as line from (select ${columns.map(ident).join(", ")} from ${qualified(t.schema, t.table)}) r`,
    );
    const onDisk = path.join(dir, file);
    fs.writeFileSync(onDisk, rows.length > 0 ? `${rows.map((r) => r.line).join("\n")}\n` : "");
    files[file] = { bytes: fs.statSync(onDisk).size, sha256: await sha256File(onDisk) };
    tables.push({ name: `${t.schema}.${t.table}`, file, rows: rows.length });
  }
  return { migrations: applied.map((r) => r.name), tables, sequences: await listSequences(tx), files };
}

async function* batches(file: string, size: number): AsyncGenerator<string[]> {
  const lines = createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Inserts the rows of an unpacked backup into tables that the migrations have just created at
 * the backup's migration level. User triggers are off while rows go in, so that nothing is
 * stamped again (created_at, updated_at) and no lead is queued for delivery a second time; the
 * foreign keys stay on. Run it inside the restore's transaction.
 */
export async function loadDatabase(tx: Queryable, dir: string, manifest: Manifest): Promise<void> {
  const names = manifest.tables.map((t) => {
    const [schema, table] = t.name.split(".") as [string, string];
    return { ...t, sql: qualified(schema, table) };
  });
  for (const t of names) {
    const { rows } = await tx.query<{ present: boolean }>("select to_regclass($1) is not null as present", [t.sql]);
    if (!rows[0]?.present) throw new Error(`table ${t.name} from the backup does not exist after the migrations`);
  }
  // Each trigger goes back to the mode it had: some fire ALWAYS, also in replica mode (ADR 097).
  const { rows: triggers } = await tx.query<{ rel: string; name: string; mode: string }>(
    `select format('%I.%I', n.nspname, c.relname) as rel, g.tgname as name, g.tgenabled::text as mode
       from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not g.tgisinternal and g.tgrelid = any($1::regclass[])`,
    [names.map((t) => t.sql)],
  );
  // Off before the truncate too: a TRUNCATE trigger would write rows the backup brings again.
  for (const t of names) await tx.exec(`alter table ${t.sql} disable trigger user`);
  // Migrations may have inserted rows of their own (e.g. sample content): the backup's replace them.
  if (names.length > 0) await tx.exec(`truncate ${names.map((t) => t.sql).join(", ")} cascade`);
  for (const t of names) {
    const { rows: identity } = await tx.query<{ always: boolean }>(
      `select exists (select 1 from pg_attribute where attrelid = $1::regclass and attidentity = 'a') as always`,
      [t.sql],
    );
    const overriding = identity[0]?.always ? " overriding system value" : "";
    let loaded = 0;
    for await (const batch of batches(path.join(dir, t.file), LOAD_BATCH_ROWS)) {
      const columns = Object.keys(JSON.parse(batch[0]!) as Record<string, unknown>)
        .map(ident)
        .join(", ");
      const result = await tx.query(
        `insert into ${t.sql} (${columns})${overriding} select ${columns} from json_populate_recordset(null::${t.sql}, $1::json)`,
        [`[${batch.join(",")}]`],
      );
      loaded += result.rowCount;
    }
    if (loaded !== t.rows) throw new Error(`table ${t.name}: ${loaded} rows loaded, the manifest says ${t.rows}`);
  }
  for (const s of manifest.sequences) {
    const [schema, seq] = s.name.split(".") as [string, string];
    await tx.query("select setval($1::regclass, $2::bigint, $3)", [qualified(schema, seq), s.lastValue, s.isCalled]);
  }
  // The job queue is not in the backup: a delivery still pending gets a new job from the relay
  // (server/leads/delivery.ts queues pending deliveries without one).
  const { rows: deliveries } = await tx.query<{ present: boolean }>(
    `select exists (select 1 from pg_attribute
       where attrelid = to_regclass('public.lead_deliveries') and attname = 'job_id') as present`,
  );
  if (deliveries[0]?.present) {
    await tx.exec("update public.lead_deliveries set job_id = null where status = 'pending'");
  }
  const enable: Record<string, string> = { O: "enable", A: "enable always", R: "enable replica", D: "disable" };
  for (const t of triggers) {
    await tx.exec(`alter table ${t.rel} ${enable[t.mode] ?? "enable"} trigger ${ident(t.name)}`);
  }
}
