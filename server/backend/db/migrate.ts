// Migration runner: the embedded backend's internal migrations (server/backend/db/migrations:
// Supabase's roles and the auth schema, which hosted projects have built in), then
// supabase/migrations/*.sql in filename order (the Supabase CLI's order: timestamp-prefixed
// names), each once, each in its own transaction, recorded in omnia_internal.schema_migrations.
// A transaction-scoped advisory lock serialises instances that start at the same time against
// one PostgreSQL. ADRs 012 and 015.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./types.ts";

export interface Migration {
  /** Unique name, e.g. "internal/0002-auth-schema" or "20260101000100_user_roles.sql". */
  name: string;
  sql: string;
}

export interface MigrateOptions {
  log?: (line: string) => void;
}

// Arbitrary but fixed: the same key in every instance.
const ADVISORY_LOCK_KEY = 7_263_540_021;

export const INTERNAL_MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL("../../../supabase/migrations/", import.meta.url));

/** The *.sql files of a directory in filename order, under the names `name` gives them. */
function readSqlFiles(dir: string, name: (file: string) => string): Migration[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .toSorted()
    .map((f) => ({ name: name(f), sql: fs.readFileSync(path.join(dir, f), "utf8") }));
}

/**
 * server/backend/db/migrations/NNNN-name.sql in order, named "internal/NNNN-name". They are the
 * embedded backend's own schema, never applied to a hosted project, so they live apart from
 * supabase/migrations and always run before it (project migrations reference auth.users).
 */
export function readInternalMigrations(dir: string = INTERNAL_MIGRATIONS_DIR): Migration[] {
  return readSqlFiles(dir, (f) => `internal/${path.basename(f, ".sql")}`);
}

/** supabase/migrations/*.sql in filename order. */
export function readMigrationsDir(dir: string = DEFAULT_MIGRATIONS_DIR): Migration[] {
  return readSqlFiles(dir, (f) => f);
}

function checksum(sql: string): string {
  return createHash("sha256").update(sql).digest("hex");
}

/**
 * Applies each migration not yet recorded, in order; returns the names applied. An edited,
 * already-applied migration only produces a warning (as the Supabase CLI does): a change is a
 * new file.
 */
export async function applyMigrations(
  db: Pick<Database, "transaction">,
  migrations: readonly Migration[],
  options: MigrateOptions = {},
): Promise<string[]> {
  const log = options.log ?? (() => {});
  const applied: string[] = [];
  for (const m of migrations) {
    const sum = checksum(m.sql);
    const ran = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [ADVISORY_LOCK_KEY]);
      await tx.exec(
        `CREATE SCHEMA IF NOT EXISTS omnia_internal;
         REVOKE ALL ON SCHEMA omnia_internal FROM PUBLIC;
         CREATE TABLE IF NOT EXISTS omnia_internal.schema_migrations (
           name text PRIMARY KEY,
           checksum text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now()
         );`,
      );
      const { rows } = await tx.query<{ checksum: string }>(
        "select checksum from omnia_internal.schema_migrations where name = $1",
        [m.name],
      );
      const prev = rows[0];
      if (prev) {
        if (prev.checksum !== sum) log(`migration ${m.name} changed after it was applied; not re-applied`);
        return false;
      }
      try {
        await tx.exec(m.sql);
      } catch (err) {
        const e = err as Error;
        throw new Error(`migration ${m.name} failed: ${e.message}`, { cause: err });
      }
      await tx.query("insert into omnia_internal.schema_migrations (name, checksum) values ($1, $2)", [m.name, sum]);
      return true;
    });
    if (ran) {
      applied.push(m.name);
      log(`applied migration ${m.name}`);
    }
  }
  return applied;
}

/** The internal migrations and then the project's, through one table and one lock. */
export async function runMigrations(
  db: Database,
  options: MigrateOptions & { migrationsDir?: string } = {},
): Promise<string[]> {
  return applyMigrations(db, [...readInternalMigrations(), ...readMigrationsDir(options.migrationsDir)], options);
}

/**
 * The migrations this code knows that the database has not recorded (readiness: a server whose
 * schema lags its code must not take traffic). A database the runner never touched has them all.
 */
export async function pendingMigrations(db: Database, options: { migrationsDir?: string } = {}): Promise<string[]> {
  const { rows: tables } = await db.query<{ present: boolean }>(
    "select to_regclass('omnia_internal.schema_migrations') is not null as present",
  );
  const known = [...readInternalMigrations(), ...readMigrationsDir(options.migrationsDir)].map((m) => m.name);
  if (!tables[0]?.present) return known;
  const { rows } = await db.query<{ name: string }>("select name from omnia_internal.schema_migrations");
  const applied = new Set(rows.map((row) => row.name));
  return known.filter((name) => !applied.has(name));
}
