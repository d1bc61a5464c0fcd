// Migration runner: the internal bootstrap, then supabase/migrations/*.sql in filename order
// (the Supabase CLI's order: timestamp-prefixed names), each once, each in its own transaction,
// recorded in omnia_internal.schema_migrations. A transaction-scoped advisory lock serialises
// instances that start at the same time against one PostgreSQL.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./types.ts";

export interface Migration {
  /** Unique name, e.g. "internal/0001-bootstrap" or "20260101000100_user_roles.sql". */
  name: string;
  sql: string;
  /**
   * Internal, idempotent scripts: applied again whenever their text changes. Project migrations
   * are applied once; an edited, already-applied file only produces a warning (as the CLI does).
   */
  repeatable?: boolean;
}

export interface MigrateOptions {
  log?: (line: string) => void;
}

// Arbitrary but fixed: the same key in every instance.
const ADVISORY_LOCK_KEY = 7_263_540_021;

export const BOOTSTRAP_PATH = fileURLToPath(new URL("./bootstrap.sql", import.meta.url));
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL("../../../supabase/migrations/", import.meta.url));

export function bootstrapMigration(): Migration {
  return { name: "internal/0001-bootstrap", sql: fs.readFileSync(BOOTSTRAP_PATH, "utf8"), repeatable: true };
}

/** supabase/migrations/*.sql in filename order. */
export function readMigrationsDir(dir: string = DEFAULT_MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .toSorted()
    .map((f) => ({ name: f, sql: fs.readFileSync(path.join(dir, f), "utf8") }));
}

function checksum(sql: string): string {
  return createHash("sha256").update(sql).digest("hex");
}

/**
 * Applies each migration not yet recorded (or, for repeatable ones, changed), in order.
 * Returns the names applied. Exported so the auth service can apply its own internal
 * migration through the same table and lock.
 */
export async function applyMigrations(
  db: Database,
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
      if (prev && (prev.checksum === sum || !m.repeatable)) {
        if (prev.checksum !== sum) log(`migration ${m.name} changed after it was applied; not re-applied`);
        return false;
      }
      try {
        await tx.exec(m.sql);
      } catch (err) {
        const e = err as Error;
        throw new Error(`migration ${m.name} failed: ${e.message}`, { cause: err });
      }
      await tx.query(
        `insert into omnia_internal.schema_migrations (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
        [m.name, sum],
      );
      return true;
    });
    if (ran) {
      applied.push(m.name);
      log(`applied migration ${m.name}`);
    }
  }
  return applied;
}

/** The bootstrap and then the project's migrations. */
export async function runMigrations(
  db: Database,
  options: MigrateOptions & { migrationsDir?: string; extra?: readonly Migration[] } = {},
): Promise<string[]> {
  return applyMigrations(
    db,
    [bootstrapMigration(), ...(options.extra ?? []), ...readMigrationsDir(options.migrationsDir)],
    options,
  );
}
