// Where backups, restores and moves do their work. A staged or unpacked backup holds everything
// the file does: the signing key, password hashes, TOTP secrets, leads. So the work happens under
// <DATA_DIR>/backup-work (mode 0700), never in the system's temporary folder, in directories
// named after the process that made them (omnia-backup-<pid>-XXXXXX). A process killed mid-way
// leaves one behind: the next start of the backend, and every later backup or restore, removes
// those whose process is gone, and the ones earlier versions left in the temporary folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processIsAlive } from "../backend/db/lock.ts";

export const BACKUP_WORK_DIR = "backup-work";

/** What a work directory is for: part of its name, for whoever looks at the folder. */
export type WorkKind = "backup" | "restore" | "verify" | "move";

/** <dataDir>/backup-work, absolute. */
export function backupWorkDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), BACKUP_WORK_DIR);
}

const OURS = /^omnia-[a-z]+-(\d+)-[A-Za-z0-9]{6}$/;
/** What versions before issue #34 made with mkdtemp in the system's temporary folder. */
const LEGACY = /^omnia-(?:backup|backup-route|restore|verify|move)-[A-Za-z0-9]{6}$/;
/** And where they built a restored database, in the data directory itself. */
const LEGACY_RESTORE = /^\.restore-(\d+)$/;
/**
 * A legacy directory is removed once it is this old: the folder is shared with every other
 * program, and a process of an earlier version could still be writing in it.
 */
export const LEGACY_MIN_AGE_MS = 60 * 60_000;

// The directories this process is working in right now: the same pid in a leftover's name is
// otherwise a previous process that had our pid. Shared through globalThis so that two copies of
// this module in one process (test runners re-import modules) agree.
const IN_USE = Symbol.for("omnia.backup.workDirsInUse");
const inUse: Set<string> = ((globalThis as Record<symbol, unknown>)[IN_USE] ??= new Set<string>()) as Set<string>;

function removeDir(dir: string): boolean {
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    return true;
  } catch {
    return false; // someone else's, or already gone: nothing to do
  }
}

/**
 * Removes what killed backups and restores left: in `root`, the directories of processes that no
 * longer run; beside it, in the data directory, a restore's `.restore-<pid>` of an earlier
 * version; in `tmpDir` (the system's temporary folder), this user's directories from earlier
 * versions, once older than LEGACY_MIN_AGE_MS. Returns the paths removed.
 */
export function removeBackupLeftovers(root: string, options: { tmpDir?: string; now?: number } = {}): string[] {
  const removed: string[] = [];
  const byDeadProcesses = (dir: string, pattern: RegExp, isOurs: (path: string) => boolean) => {
    for (const name of readdirOrEmpty(dir)) {
      const pid = Number(pattern.exec(name)?.[1] ?? Number.NaN);
      if (!Number.isInteger(pid)) continue;
      const leftover = path.join(dir, name);
      const stale = pid === process.pid ? !isOurs(leftover) : !processIsAlive(pid);
      if (stale && removeDir(leftover)) removed.push(leftover);
    }
  };
  byDeadProcesses(root, OURS, (dir) => inUse.has(dir));
  // This process never builds one there any more.
  byDeadProcesses(path.dirname(root), LEGACY_RESTORE, () => false);
  const tmpDir = options.tmpDir ?? os.tmpdir();
  const now = options.now ?? Date.now();
  const uid = process.getuid?.();
  for (const name of readdirOrEmpty(tmpDir)) {
    if (!LEGACY.test(name)) continue;
    const dir = path.join(tmpDir, name);
    const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (!stat?.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
    if (now - stat.mtimeMs >= LEGACY_MIN_AGE_MS && removeDir(dir)) removed.push(dir);
  }
  return removed;
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

export interface WorkDir {
  readonly path: string;
  remove(): void;
}

/** A new work directory under `root` (created with mode 0700), after removing leftovers there. */
export function createWorkDir(root: string, kind: WorkKind): WorkDir {
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  // An existing folder keeps its mode through mkdir: set it, so no other user can look inside.
  fs.chmodSync(root, 0o700);
  removeBackupLeftovers(root);
  const dir = fs.mkdtempSync(path.join(root, `omnia-${kind}-${process.pid}-`));
  inUse.add(dir);
  return {
    path: dir,
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      inUse.delete(dir);
    },
  };
}

/** A work directory under `root` for the duration of fn, removed whatever happens. */
export async function withWorkDir<T>(root: string, kind: WorkKind, fn: (dir: string) => Promise<T>): Promise<T> {
  const work = createWorkDir(root, kind);
  try {
    return await fn(work.path);
  } finally {
    work.remove();
  }
}
