// A single-instance guard for a PGlite data directory. PGlite has no locking of its own: a
// second handle on an open directory "works", and rows written through the first handle are
// lost when the second closes (measured, docs/supabase-wire.md §5). So we keep `<dir>/.lock`,
// created atomically (O_EXCL) with our pid, like postmaster.pid does for a real PGDATA.
import fs from "node:fs";
import path from "node:path";

export interface LockInfo {
  pid: number;
  /** The URL the server holding the lock listens on, once it does (read by the operator CLI). */
  url?: string;
}

/** What is written to the file: LockInfo plus the holder's process identity. */
interface LockFile extends LockInfo {
  /** boot id + process start time (Linux /proc), so a recycled pid is not mistaken for the
   *  holder (e.g. a container restarted with the same pid as before). */
  start?: string;
}

export interface DataDirLock {
  readonly path: string;
  /** Records the server's URL in the lock file so the operator CLI can reach it. */
  setUrl(url: string): void;
  release(): void;
}

/** Another process holds the data directory; the message is one line for the operator. */
export class DataDirLockedError extends Error {
  /** The holder's pid; null while another process is taking the lock this very moment. */
  readonly pid: number | null;
  readonly dataDir: string;
  constructor(dataDir: string, pid: number | null) {
    super(
      (pid === null
        ? `The data directory ${dataDir} is being opened by another process right now. `
        : `The data directory ${dataDir} is in use by another process (pid ${pid}). `) +
        "PGlite allows one process per data directory: stop that process, or use the running " +
        "server (for operator commands, `npm run admin` talks to it), or set DATA_DIR to another directory.",
    );
    this.name = "DataDirLockedError";
    this.pid = pid;
    this.dataDir = dataDir;
  }
}

const LOCK_NAME = ".lock";

function lockPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), LOCK_NAME);
}

// Locks held by this process: the same pid in a lock file we do not hold is a previous
// incarnation of this pid, hence stale.
// Shared through globalThis so that two copies of this module in one process (test runners
// re-import modules) still agree.
const HELD = Symbol.for("omnia.backend.db.heldLocks");
const held: Set<string> = ((globalThis as Record<symbol, unknown>)[HELD] ??= new Set<string>()) as Set<string>;

function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) counted after the ")" that ends the command name.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${boot}:${fields[19]}`;
  } catch {
    return undefined; // not Linux, or the process is gone
  }
}

function holderAlive(file: string, info: LockFile): boolean {
  if (info.pid === process.pid) return held.has(file);
  if (!processIsAlive(info.pid)) return false;
  if (info.start !== undefined) {
    const now = processStart(info.pid);
    if (now !== undefined && now !== info.start) return false;
  }
  return true;
}

/** Whether a process with this pid runs (someone else's included). */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it still holds the directory.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parse(text: string): LockFile | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { pid, url, start } = value as { pid?: unknown; url?: unknown; start?: unknown };
    if (typeof pid !== "number") return null;
    const info: LockFile = { pid };
    if (typeof url === "string") info.url = url;
    if (typeof start === "string") info.start = start;
    return info;
  } catch {
    return null;
  }
}

function readRaw(file: string): LockFile | null | "absent" {
  try {
    return parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "absent";
    throw err;
  }
}

/**
 * The lock of a data directory if a live process holds it, else null (no lock file, an
 * unreadable one, or a stale one left by a dead pid).
 */
export function readLock(dataDir: string): LockInfo | null {
  const file = lockPath(dataDir);
  const info = readRaw(file);
  if (info === "absent" || info === null || !holderAlive(file, info)) return null;
  return info.url !== undefined ? { pid: info.pid, url: info.url } : { pid: info.pid };
}

/**
 * Takes the lock or throws DataDirLockedError. A lock held by a dead pid (SIGKILL, power
 * loss) is taken over. Also refuses a second open from this same process.
 */
export function acquireLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const start = processStart(process.pid);
  const content = (info: LockInfo) => JSON.stringify(start ? { ...info, start } : info) + "\n";
  let info: LockInfo = { pid: process.pid };

  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(file, "wx", 0o644);
      try {
        fs.writeFileSync(fd, content(info));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      held.add(file);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = readRaw(file);
    if (holder !== "absent" && holder !== null && holderAlive(file, holder)) {
      throw new DataDirLockedError(path.resolve(dataDir), holder.pid);
    }
    // A lock file that is empty/garbled may be one being written right now by another opener.
    if (holder === null && attempt === 0) {
      const ageMs = Date.now() - fs.statSync(file, { throwIfNoEntry: false })!.mtimeMs;
      if (ageMs < 2000) throw new DataDirLockedError(path.resolve(dataDir), null);
    }
    if (attempt >= 3) throw new Error(`Could not take the lock ${file} (it keeps changing).`);
    // Stale: its pid is dead. Remove it and race for the O_EXCL create again; if two
    // processes both saw it stale, only one create succeeds.
    fs.rmSync(file, { force: true });
  }

  let released = false;
  const onExit = () => release();
  function release(): void {
    if (released) return;
    released = true;
    held.delete(file);
    process.off("exit", onExit);
    const holder = readRaw(file);
    if (holder !== "absent" && holder !== null && holder.pid === process.pid) fs.rmSync(file, { force: true });
  }
  process.on("exit", onExit);

  return {
    path: file,
    setUrl(url: string) {
      if (released) return;
      info = { pid: process.pid, url };
      // Write then rename, so a reader never sees a half-written file.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, content(info));
      fs.renameSync(tmp, file);
    },
    release,
  };
}
