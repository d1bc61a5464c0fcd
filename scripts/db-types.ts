// `npm run db:types`: app/lib/database.types.ts from the migrated schema. An in-memory PGlite
// runs the migration runner over both folders (the embedded backend's own, then
// supabase/migrations), the catalog of the public schema is written in the shape of
// `supabase gen types typescript` (./db-types/render.ts) and formatted with the project's
// Prettier settings. scripts/db-types.test.ts regenerates it and fails while the file is stale.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { Transaction } from "@electric-sql/pglite";
import { format, resolveConfig } from "prettier";
import {
  applyMigrations,
  readInternalMigrations,
  readMigrationsDir,
  type Migration,
} from "../server/backend/db/migrate.ts";
import type { Queryable } from "../server/backend/db/types.ts";
import { readCatalog } from "./db-types/catalog.ts";
import { renderDatabaseTypes } from "./db-types/render.ts";

export const DATABASE_TYPES_FILE = fileURLToPath(new URL("../app/lib/database.types.ts", import.meta.url));

/** The schemas the app reaches through supabase-js's `Database` type. */
export const TYPED_SCHEMAS = ["public"];

function queryable(db: PGlite | Transaction): Queryable {
  return {
    async query<R>(sql: string, params?: readonly unknown[]) {
      const result = await db.query<R>(sql, params ? [...params] : undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

export interface GenerateOptions {
  /** Default: every migration of both folders, as a server applies them. */
  migrations?: readonly Migration[];
  schemas?: string[];
}

/** The file's text, formatted: what `npm run db:types` writes. */
export async function generateDatabaseTypes(options: GenerateOptions = {}): Promise<string> {
  const pg = await PGlite.create({ extensions: { pg_trgm, unaccent } });
  try {
    const migrations = options.migrations ?? [...readInternalMigrations(), ...readMigrationsDir()];
    await applyMigrations({ transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))) }, migrations);
    const catalog = await readCatalog(queryable(pg), options.schemas ?? TYPED_SCHEMAS);
    const config = await resolveConfig(DATABASE_TYPES_FILE);
    return await format(renderDatabaseTypes(catalog), { ...config, filepath: DATABASE_TYPES_FILE });
  } finally {
    await pg.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(DATABASE_TYPES_FILE, await generateDatabaseTypes());
  console.log(`wrote ${DATABASE_TYPES_FILE}`);
}
