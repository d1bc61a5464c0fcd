import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { applyMigrations, readInternalMigrations, readMigrationsDir } from "../db/migrate.ts";
import { openPglite } from "../db/pglite.ts";
import { openPostgres } from "../db/postgres.ts";
import type { Database } from "../db/types.ts";
import type { DbKind } from "./backend.ts";
import { startPostgresCluster, type PostgresCluster } from "./postgres-cluster.ts";

const allMigrations = () => [...readInternalMigrations(), ...readMigrationsDir()];

/**
 * An empty database of `kind` for the enclosing describe block (PGlite in a temporary directory,
 * or a throwaway PostgreSQL), to test one data migration against rows written before it:
 * `migrateBefore()` applies every migration before `migration`, `migrateRest()` it and the rest.
 */
export function useDatabaseBefore(kind: DbKind, migration: string) {
  const at = () => {
    const index = allMigrations().findIndex((m) => m.name === migration);
    expect(index, `${migration} is among the migrations`).toBeGreaterThan(0);
    return index;
  };
  let cluster: PostgresCluster | null = null;
  let dir = "";
  const state = {
    db: undefined as unknown as Database,
    migrateBefore: async () => applyMigrations(state.db, allMigrations().slice(0, at())),
    migrateRest: async () => applyMigrations(state.db, allMigrations().slice(at())),
  };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-before-migration-"));
    cluster = kind === "postgres" ? await startPostgresCluster() : null;
    state.db = cluster ? await openPostgres({ connectionString: cluster.url }) : await openPglite(dir);
  });
  afterAll(async () => {
    await state.db?.close();
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return state;
}
