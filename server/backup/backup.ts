// Backup, restore and the move from the embedded database to PostgreSQL: the operator's data
// commands (`npm run admin -- backup | restore | verify-backup | move-to-postgres`, see
// server/cli/data-commands.ts) and the server's scheduled backups build on these. ADR 054;
// docs/operations.md "Backups and restore".
import fs from "node:fs";
import path from "node:path";
import { acquireLock } from "../backend/db/lock.ts";
import { applyMigrations, readInternalMigrations, readMigrationsDir } from "../backend/db/migrate.ts";
import type { Migration } from "../backend/db/migrate.ts";
import { openPglite } from "../backend/db/pglite.ts";
import { openPostgres } from "../backend/db/postgres.ts";
import type { Database, Queryable } from "../backend/db/types.ts";
import { SIGNING_KEY_FILE, readStoredSigningKey } from "../backend/keys.ts";
import type { StoredSigningKey } from "../backend/keys.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupFileError,
  SIGNING_KEY_ENTRY,
  packArchive,
  sha256File,
  unpackArchive,
} from "./archive.ts";
import type { Manifest } from "./archive.ts";
import { dumpDatabase, loadDatabase } from "./dump.ts";
import { backupWorkDir, withWorkDir } from "./work-dir.ts";

/** The target of a restore or a move cannot take it; one line for the operator. */
export class RestoreTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreTargetError";
  }
}

/** Every schema the project's migrations and its job queue create: a target holding none is empty. */
const PROJECT_SCHEMAS = ["public", "auth", "storage", "omnia_internal", "pgboss"];

/**
 * Takes a consistent backup of `db` into `outFile` while the site keeps serving, staged under
 * `workDir` (server/backup/work-dir.ts: <DATA_DIR>/backup-work). `signingKey` is the embedded
 * backend's key file, when there is one (on PostgreSQL the key is a table row).
 */
export async function writeBackup(
  db: Database,
  outFile: string,
  options: { workDir: string; signingKey?: StoredSigningKey | null; storageDir?: string; now?: () => Date },
): Promise<Manifest> {
  return withWorkDir(options.workDir, "backup", async (dir) => {
    const dumped = await db.transaction(async (tx) => {
      // One snapshot for every table: what was committed before this line is in, whatever
      // commits while the dump runs is not (PGlite has one connection, so it simply waits).
      await tx.exec("set transaction isolation level repeatable read, read only");
      return dumpDatabase(tx, dir);
    });
    if (options.storageDir) await copyBlobs(dir, options.storageDir, dumped.files);
    if (options.signingKey) {
      const keyFile = path.join(dir, SIGNING_KEY_ENTRY);
      fs.writeFileSync(keyFile, JSON.stringify(options.signingKey), { mode: 0o600 });
      dumped.files[SIGNING_KEY_ENTRY] = { bytes: fs.statSync(keyFile).size, sha256: await sha256File(keyFile) };
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      source: db.kind,
      ...dumped,
    };
    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    await packArchive(dir, manifest, outFile);
    return manifest;
  });
}

/**
 * The bytes of every object the dump lists (storage.objects rows): blobs are written once and
 * never changed (server/backend/storage/blob-store.ts), so the rows' keys name exactly the bytes
 * of the snapshot. A blob deleted after the snapshot was read (its object removed meanwhile) is
 * left out, as the restored row would be in a moment anyway.
 */
async function copyBlobs(dir: string, storageDir: string, files: Manifest["files"]): Promise<void> {
  const objects = path.join(dir, "database", "storage.objects.jsonl");
  if (!fs.existsSync(objects)) return;
  for (const line of fs.readFileSync(objects, "utf8").split("\n")) {
    if (!line) continue;
    const row = JSON.parse(line) as { bucket_id: string; id: string; version: string };
    const key = `storage/${row.bucket_id}/${row.id}/${row.version}`;
    const source = path.join(storageDir, row.bucket_id, row.id, row.version);
    if (!fs.existsSync(source)) continue;
    const target = path.join(dir, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(source, target);
    files[key] = { bytes: fs.statSync(target).size, sha256: await sha256File(target) };
  }
}

/** Puts the backup's object bytes into `storageDir` (after the rows are in). */
function restoreBlobs(dir: string, manifest: Manifest, storageDir: string): void {
  for (const name of Object.keys(manifest.files)) {
    if (!name.startsWith("storage/")) continue;
    const target = path.join(storageDir, name.slice("storage/".length));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, name), target);
  }
}

/** Checks a backup file completely without restoring it (`verify-backup`), unpacked under workDir. */
export async function verifyBackup(file: string, workDir: string): Promise<Manifest> {
  return withWorkDir(workDir, "verify", async (dir) => {
    const manifest = await unpackArchive(file, dir);
    migrationsFor(manifest, file);
    return manifest;
  });
}

/** The code's migrations, split at the backup's level; refuses a backup from newer code. */
function migrationsFor(manifest: Manifest, file: string): { atLevel: Migration[]; after: Migration[] } {
  const known = [...readInternalMigrations(), ...readMigrationsDir()];
  const names = new Set(known.map((m) => m.name));
  const unknown = manifest.migrations.find((name) => !names.has(name));
  if (unknown) {
    throw new BackupFileError(
      `${file} comes from a newer version of Omnia (migration ${unknown} is unknown here). Upgrade Omnia first.`,
    );
  }
  const level = new Set(manifest.migrations);
  return { atLevel: known.filter((m) => level.has(m.name)), after: known.filter((m) => !level.has(m.name)) };
}

/** The first table of the project's schemas in `tx`, or null when the database is empty. */
async function firstProjectTable(tx: Queryable): Promise<string | null> {
  const { rows } = await tx.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') order by 1 limit 1`,
    [PROJECT_SCHEMAS],
  );
  return rows[0]?.name ?? null;
}

/** `--force` on PostgreSQL: the project's schemas go, in the restore's own transaction. */
async function dropProjectSchemas(tx: Queryable): Promise<void> {
  await tx.exec(
    `drop schema if exists auth, storage, omnia_internal, pgboss cascade;
     drop schema if exists public cascade;
     create schema public;
     grant usage on schema public to public;`,
  );
}

/**
 * Restores an unpacked backup into `db` in one transaction: the migrations up to the backup's
 * level, its rows, then the migrations this code adds. Anything failing rolls all of it back.
 */
async function restoreInto(
  db: Database,
  dir: string,
  manifest: Manifest,
  migrations: ReturnType<typeof migrationsFor>,
  options: { force: boolean; describe: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // The migration runner opens a transaction per file; here they all share this one.
    const sameTransaction = { transaction: <T>(fn: (q: Queryable) => Promise<T>) => fn(tx) };
    if (options.force) {
      if (db.kind === "postgres") await dropProjectSchemas(tx);
    } else {
      const table = await firstProjectTable(tx);
      if (table) {
        throw new RestoreTargetError(
          `${options.describe} already holds tables (${table}); restore into an empty one, or pass --force to replace it.`,
        );
      }
    }
    await applyMigrations(sameTransaction, migrations.atLevel);
    await loadDatabase(tx, dir, manifest);
    const keyFile = path.join(dir, SIGNING_KEY_ENTRY);
    if (db.kind === "postgres" && fs.existsSync(keyFile)) {
      // The embedded key moves into the table the PostgreSQL mode reads it from, so the anon and
      // service-role keys stay the same after a move.
      await tx.query(
        "insert into auth.signing_keys (id, key) values ('primary', $1::jsonb) on conflict (id) do nothing",
        [fs.readFileSync(keyFile, "utf8")],
      );
    }
    await applyMigrations(sameTransaction, migrations.after);
  });
}

/** A postgres:// URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "the given DATABASE_URL";
  }
}

/** Opens PostgreSQL and proves it answers, with a one-line reason when it does not. */
export async function connectPostgres(url: string): Promise<Database> {
  let db: Database;
  try {
    db = await openPostgres({ connectionString: url, log: () => {} });
  } catch (error) {
    throw new RestoreTargetError(`Cannot reach ${redactUrl(url)}: ${(error as Error).message}`);
  }
  try {
    await db.query("select 1");
  } catch (error) {
    await db.close().catch(() => {});
    throw new RestoreTargetError(`Cannot reach ${redactUrl(url)}: ${(error as Error).message || String(error)}`);
  }
  return db;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where a replaced (--force) embedded database was moved, kept rather than deleted. */
  setAside: string | null;
}

/**
 * Restores `file` into an empty PostgreSQL database (or replaces the project's schemas with
 * --force), unpacked under `workDir`.
 */
export async function restoreToPostgres(
  file: string,
  url: string,
  options: { workDir: string; force?: boolean; storageDir?: string },
): Promise<RestoreResult> {
  return withWorkDir(options.workDir, "restore", async (dir) => {
    const manifest = await unpackArchive(file, dir);
    const migrations = migrationsFor(manifest, file);
    const db = await connectPostgres(url);
    try {
      await restoreInto(db, dir, manifest, migrations, { force: options.force ?? false, describe: redactUrl(url) });
    } finally {
      await db.close();
    }
    if (options.storageDir) restoreBlobs(dir, manifest, options.storageDir);
    return { manifest, setAside: null };
  });
}

/**
 * Restores `file` into the data directory `dataDir`, which must hold no database (or, with
 * --force, whose database is moved aside to pgdata.replaced-<time>, never deleted). The backup is
 * unpacked and the new database built under dataDir/backup-work, then moved into place only once
 * complete.
 */
export async function restoreToDataDir(
  file: string,
  dataDir: string,
  options: { force?: boolean; now?: () => Date } = {},
): Promise<RestoreResult> {
  return withWorkDir(backupWorkDir(dataDir), "restore", async (dir) => {
    const manifest = await unpackArchive(file, dir);
    const migrations = migrationsFor(manifest, file);
    // Held throughout: a server starting meanwhile refuses the directory.
    const lock = acquireLock(dataDir);
    // Built in the work directory, on the data directory's file system: the rename into place
    // below is atomic, and a restore killed mid-way leaves nothing beside pgdata.
    const staging = path.join(dir, "new-database");
    try {
      const pgdata = path.join(dataDir, "pgdata");
      const exists = fs.existsSync(path.join(pgdata, "PG_VERSION"));
      if (exists && !options.force) {
        throw new RestoreTargetError(
          `${dataDir} already holds a database; restore into an empty data directory, or pass --force to replace it (the old one is kept aside).`,
        );
      }
      const db = await openPglite(staging, { initInChildProcess: true });
      let key: StoredSigningKey | null = null;
      try {
        await restoreInto(db, dir, manifest, migrations, { force: false, describe: staging });
        const keyFile = path.join(dir, SIGNING_KEY_ENTRY);
        if (fs.existsSync(keyFile)) key = JSON.parse(fs.readFileSync(keyFile, "utf8")) as StoredSigningKey;
        else {
          // A backup of PostgreSQL mode carries its key as a row; the embedded mode reads a file.
          const { rows } = await db.query<{ key: StoredSigningKey | string }>(
            "select key from auth.signing_keys order by created_at, id limit 1",
          );
          const row = rows[0]?.key;
          key = typeof row === "string" ? (JSON.parse(row) as StoredSigningKey) : (row ?? null);
        }
      } finally {
        await db.close();
      }
      let setAside: string | null = null;
      if (exists) {
        const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, "-");
        setAside = path.join(dataDir, `pgdata.replaced-${stamp}`);
        fs.renameSync(pgdata, setAside);
        const oldKey = path.join(dataDir, SIGNING_KEY_FILE);
        if (fs.existsSync(oldKey)) fs.renameSync(oldKey, path.join(setAside, SIGNING_KEY_FILE));
      }
      fs.renameSync(path.join(staging, "pgdata"), pgdata);
      restoreBlobs(dir, manifest, path.join(dataDir, "storage"));
      if (key) fs.writeFileSync(path.join(dataDir, SIGNING_KEY_FILE), JSON.stringify(key, null, 2), { mode: 0o600 });
      return { manifest, setAside };
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
      lock.release();
    }
  });
}

/** Backs up the embedded database in `dataDir` (not served by a running server) into outFile. */
export async function backupDataDir(dataDir: string, outFile: string): Promise<Manifest> {
  if (!fs.existsSync(path.join(dataDir, "pgdata", "PG_VERSION"))) {
    throw new RestoreTargetError(`${dataDir} holds no database to back up.`);
  }
  const db = await openPglite(dataDir);
  try {
    return await writeBackup(db, outFile, {
      workDir: backupWorkDir(dataDir),
      signingKey: await readStoredSigningKey(dataDir),
      storageDir: path.join(dataDir, "storage"),
    });
  } finally {
    await db.close();
  }
}

/**
 * Moves the embedded database in `dataDir` into the empty PostgreSQL database at `url`: checks
 * the target first (so nothing is read or written when it is unreachable or not empty), then a
 * backup and a restore. The data directory is left as it was.
 */
export async function moveToPostgres(dataDir: string, url: string, storageDir?: string): Promise<Manifest> {
  const target = await connectPostgres(url);
  try {
    const table = await target.transaction(firstProjectTable);
    if (table) {
      throw new RestoreTargetError(`${redactUrl(url)} already holds tables (${table}); move into an empty database.`);
    }
  } finally {
    await target.close();
  }
  const workDir = backupWorkDir(dataDir);
  return withWorkDir(workDir, "move", async (dir) => {
    const file = path.join(dir, "move.tar.gz");
    await backupDataDir(dataDir, file);
    return (await restoreToPostgres(file, url, { workDir, storageDir })).manifest;
  });
}
