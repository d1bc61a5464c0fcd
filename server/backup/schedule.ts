// Scheduled backups: with BACKUP_DIR set, the server writes a backup every BACKUP_INTERVAL_HOURS
// (24) and keeps the newest BACKUP_KEEP (14). The schedule survives restarts: the next backup is
// due one interval after the newest file in the directory, so restarting often does not pile up
// backups, and a server that was down past the due time takes one shortly after it starts.
import fs from "node:fs";
import path from "node:path";
import type { Database } from "../backend/db/types.ts";
import { processIsAlive } from "../backend/db/lock.ts";
import type { StoredSigningKey } from "../backend/keys.ts";
import { writeBackup } from "./backup.ts";

const FILE_PATTERN = /^omnia-backup-\d{8}-\d{6}Z\.tar\.gz$/;
/** A backup being packed (server/backup/archive.ts), by the process in its name. */
const PARTIAL_PATTERN = /^omnia-backup-\d{8}-\d{6}Z\.tar\.gz\.partial-(\d+)$/;
/** A due backup waits this long after start, so it never competes with the first requests. */
const FIRST_RUN_DELAY_MS = 60_000;

/** omnia-backup-20261124-031500Z.tar.gz: sorts by time, safe in every file system. */
export function backupFileName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-24T03:15:00.000Z
  return `omnia-backup-${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}Z.tar.gz`;
}

/** The backups in dir, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => FILE_PATTERN.test(name))
    .toSorted();
}

/**
 * Deletes half-written backups whose process is gone (killed while packing): they hold as much as
 * a backup and would never be pruned. Returns the names deleted.
 */
export function removePartialBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const stale = fs.readdirSync(dir).filter((name) => {
    const pid = Number(PARTIAL_PATTERN.exec(name)?.[1] ?? Number.NaN);
    return Number.isInteger(pid) && pid !== process.pid && !processIsAlive(pid);
  });
  for (const name of stale) fs.rmSync(path.join(dir, name), { force: true });
  return stale;
}

/** Deletes all but the newest `keep` backups; returns the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(0, -keep);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

export interface BackupScheduleOptions {
  db: Database;
  dir: string;
  intervalHours: number;
  keep: number;
  signingKey: () => Promise<StoredSigningKey | null>;
  /** Uploaded objects' bytes, backed up with their rows. */
  storageDir?: string;
  /** <DATA_DIR>/backup-work: where each backup is staged (server/backup/work-dir.ts). */
  workDir: string;
  log: (line: string) => void;
  now?: () => Date;
  /** Tests shorten the wait after start. */
  firstRunDelayMs?: number;
}

export interface BackupSchedule {
  /** Takes one backup now (and prunes); resolves with its path. */
  runOnce(): Promise<string>;
  stop(): Promise<void>;
}

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalHours * 3_600_000;
  fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  removePartialBackups(options.dir);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function runOnce(): Promise<string> {
    const file = path.join(options.dir, backupFileName(now()));
    const started = Date.now();
    await writeBackup(options.db, file, {
      workDir: options.workDir,
      signingKey: await options.signingKey(),
      storageDir: options.storageDir,
      now,
    });
    const pruned = pruneBackups(options.dir, options.keep);
    options.log(
      `Backup written to ${file} in ${Date.now() - started} ms` +
        (pruned.length > 0 ? `; removed ${pruned.length} older (BACKUP_KEEP=${options.keep}).` : "."),
    );
    return file;
  }

  /** When the next one is due: one interval after the newest file (which may be another instance's). */
  function delayUntilDue(): number {
    const newest = listBackups(options.dir).at(-1);
    if (!newest) return options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS;
    const age = now().getTime() - fs.statSync(path.join(options.dir, newest)).mtimeMs;
    return Math.max(options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS, intervalMs - age);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      const delay = delayUntilDue();
      // Another instance sharing BACKUP_DIR took one meanwhile: wait for the next due time.
      if (delay > (options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS)) return schedule();
      running = runOnce()
        .catch((error: unknown) =>
          options.log(`Scheduled backup failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(schedule);
    }, delayUntilDue());
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
