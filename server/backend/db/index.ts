// Chooses the database by configuration: DATABASE_URL -> PostgreSQL, else PGlite in dataDir.
import { openPgliteThread } from "./pglite-thread.ts";
import { openPostgres } from "./postgres.ts";
import type { Database } from "./types.ts";

export type { Database, Queryable, QueryResult, RequestRole } from "./types.ts";
export { readLock, acquireLock, DataDirLockedError } from "./lock.ts";
export type { DataDirLock, LockInfo } from "./lock.ts";
export { openPglite } from "./pglite.ts";
export type { PgliteDatabase } from "./pglite.ts";
export { openPgliteThread } from "./pglite-thread.ts";
export type { PgliteThreadDatabase } from "./pglite-thread.ts";
export { openPostgres } from "./postgres.ts";
export type { PostgresDatabase } from "./postgres.ts";
export { applyMigrations, runMigrations, readMigrationsDir, readInternalMigrations } from "./migrate.ts";
export type { Migration } from "./migrate.ts";

export interface OpenDatabaseOptions {
  /** postgres:// URL; wins over dataDir. */
  databaseUrl?: string;
  /** PGlite data directory (default ./.data). */
  dataDir?: string;
  /** PGlite: create a new data directory in a child process (see openPglite). */
  initInChildProcess?: boolean;
  /** Prepared statements each connection keeps for REST requests (ADR 088; 0: none). */
  preparedStatements?: number;
  log?: (line: string) => void;
  /** PGlite: the database's thread ended while open (see openPgliteThread's onThreadExit). */
  onDatabaseLost?: (reason: string) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres({
      connectionString: options.databaseUrl,
      preparedStatements: options.preparedStatements,
      ...(options.log ? { log: options.log } : {}),
    });
  }
  const lost = options.onDatabaseLost;
  return openPgliteThread(options.dataDir ?? "./.data", {
    initInChildProcess: options.initInChildProcess,
    preparedStatements: options.preparedStatements,
    ...(lost ? { onThreadExit: (code: number) => lost(`The database thread stopped (exit ${code})`) } : {}),
  });
}
