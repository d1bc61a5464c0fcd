import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { runMigrations } from "../db/migrate.ts";
import { openPglite } from "../db/pglite.ts";
import type { Database } from "../db/types.ts";

/**
 * A PGlite database with every migration applied, in a temporary data directory, for the
 * enclosing describe block: opened before its tests, closed and deleted after them. A test may
 * reopen it (`pglite.db = await openPglite(pglite.dir)`).
 */
export function useMigratedPglite(dirPrefix: string): { db: Database; dir: string } {
  const state = {} as { db: Database; dir: string };
  beforeAll(async () => {
    state.dir = fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix));
    state.db = await openPglite(state.dir);
    await runMigrations(state.db);
  });
  afterAll(async () => {
    await state.db?.close();
    fs.rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}
