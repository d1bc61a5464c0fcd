// The data commands: backup, verify-backup, restore, move-to-postgres (server/backup/). They work
// on the database as a whole, so unlike the user commands they do not go through the APIs,
// except `backup` while a server holds the embedded database: PGlite cannot be opened twice,
// so the running server takes the backup itself (POST /backup/v1, server/backup/route.ts).
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { readLock } from "../backend/db/lock.ts";
import { readStoredSigningKey } from "../backend/keys.ts";
import { BackupFileError } from "../backup/archive.ts";
import type { Manifest } from "../backup/archive.ts";
import {
  RestoreTargetError,
  backupDataDir,
  connectPostgres,
  moveToPostgres,
  redactUrl,
  restoreToDataDir,
  restoreToPostgres,
  verifyBackup,
  writeBackup,
} from "../backup/backup.ts";
import { backupFileName } from "../backup/schedule.ts";
import { backupWorkDir } from "../backup/work-dir.ts";
import type { ServerConfig } from "../config.ts";
import type { DataCommand } from "./commands.ts";
import { OperatorError } from "./target.ts";

/** Where uploaded objects' bytes live (STORAGE_DIR, else DATA_DIR/storage), absolute. */
const storageDirOf = (config: ServerConfig) => path.resolve(config.storageDir);
/** Where backups are staged and unpacked: DATA_DIR/backup-work, on DATABASE_URL too (as the server does). */
const workDirOf = (config: ServerConfig) => backupWorkDir(config.dataDir);

function summary(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const count = (name: string) => manifest.tables.find((t) => t.name === name)?.rows ?? 0;
  return (
    `${rows} rows in ${manifest.tables.length} tables (users ${count("auth.users")}, posts ${count("public.blog_posts")}, ` +
    `leads ${count("public.contact_messages")}), migration level ${manifest.migrations.at(-1) ?? "none"}, taken ${manifest.createdAt}`
  );
}

/** The running server streams its backup; written under a temporary name, then renamed. */
async function downloadBackup(serverUrl: string, serviceRoleKey: string, out: string): Promise<void> {
  const response = await fetch(`${serverUrl.replace(/\/+$/, "")}/backup/v1`, {
    method: "POST",
    headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey },
  });
  if (!response.ok || !response.body) {
    throw new OperatorError(`The running server refused the backup: HTTP ${response.status} ${await response.text()}`);
  }
  const partial = `${out}.partial-${process.pid}`;
  try {
    await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, out);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

async function backup(out: string, config: ServerConfig, log: (line: string) => void): Promise<void> {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  if (config.databaseUrl) {
    const db = await connectPostgres(config.databaseUrl);
    try {
      await writeBackup(db, out, { workDir: workDirOf(config), storageDir: storageDirOf(config) });
    } finally {
      await db.close();
    }
    return;
  }
  const dataDir = path.resolve(config.dataDir);
  const lock = readLock(dataDir);
  if (!lock) {
    await backupDataDir(dataDir, out);
    return;
  }
  if (!lock.url)
    throw new OperatorError(
      `The server (pid ${lock.pid}) holds ${dataDir} but is not listening yet. Try again in a moment.`,
    );
  const key = await readStoredSigningKey(dataDir);
  if (!key) throw new OperatorError(`The server (pid ${lock.pid}) is running, but ${dataDir} has no signing key yet.`);
  log(`Asking the running server at ${lock.url} (pid ${lock.pid}) for the backup.`);
  await downloadBackup(lock.url, key.service_role_key, out);
}

/**
 * Runs a data command: results on `out` (stdout), progress on `note` (stderr, like the user
 * commands' "Using ..." line). Failures become one-line OperatorErrors (exit code 1).
 */
export async function runDataCommand(
  command: DataCommand,
  config: ServerConfig,
  out: (line: string) => void,
  note: (line: string) => void = (line) => console.error(line),
  now: () => Date = () => new Date(),
): Promise<void> {
  if (config.supabaseUrl) {
    throw new OperatorError(
      "With SUPABASE_URL set, the data lives in the hosted project: back it up with Supabase (dashboard or `supabase db dump`). Unset SUPABASE_URL to use DATA_DIR or DATABASE_URL.",
    );
  }
  const dataDir = path.resolve(config.dataDir);
  try {
    switch (command.name) {
      case "backup": {
        const file = path.resolve(command.out ?? path.join(config.backups.dir ?? ".", backupFileName(now())));
        await backup(file, config, note);
        // Read back and checked, so a backup that was just reported as written is known to restore.
        const manifest = await verifyBackup(file, workDirOf(config));
        out(`Backup written to ${file} (${fs.statSync(file).size} bytes): ${summary(manifest)}.`);
        return;
      }
      case "verify-backup": {
        const manifest = await verifyBackup(command.file, workDirOf(config));
        out(`${command.file} is a complete backup: ${summary(manifest)}.`);
        return;
      }
      case "restore": {
        if (config.databaseUrl) {
          const { manifest } = await restoreToPostgres(command.file, config.databaseUrl, {
            workDir: workDirOf(config),
            force: command.force,
            storageDir: storageDirOf(config),
          });
          out(`Restored into ${redactUrl(config.databaseUrl)}: ${summary(manifest)}.`);
          return;
        }
        const lock = readLock(dataDir);
        if (lock)
          throw new OperatorError(`The server (pid ${lock.pid}) is using ${dataDir}; stop it before restoring.`);
        const { manifest, setAside } = await restoreToDataDir(command.file, dataDir, { force: command.force, now });
        out(`Restored into ${dataDir}: ${summary(manifest)}.`);
        if (setAside) out(`The database that was there is kept in ${setAside}; delete it when you no longer need it.`);
        return;
      }
      case "move-to-postgres": {
        const lock = readLock(dataDir);
        if (lock) {
          throw new OperatorError(
            `The server (pid ${lock.pid}) is using ${dataDir}; stop it first, so that nothing written during the move is left behind.`,
          );
        }
        const manifest = await moveToPostgres(dataDir, command.url, storageDirOf(config));
        out(`Moved ${dataDir} into ${redactUrl(command.url)}: ${summary(manifest)}.`);
        out(
          "Start the server with DATABASE_URL set to that database. Sessions carry over; the data directory is unchanged.",
        );
        return;
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError || error instanceof RestoreTargetError) throw new OperatorError(error.message);
    if ((error as Error).name === "DataDirLockedError") throw new OperatorError((error as Error).message);
    throw error;
  }
}
