import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, acquireLock, readLock } from "./lock.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-lock-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A pid that is certainly dead: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("data directory lock", () => {
  it("refuses a second opener, naming the directory and the holder's pid", () => {
    const dir = tempDir();
    const lock = acquireLock(dir);
    // A refused attempt changes nothing, so each assertion tries again.
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireLock(dir)).toThrow(path.resolve(dir));
    expect(() => acquireLock(dir)).toThrow(`pid ${process.pid}`);
    lock.release();
    // Released: the next opener gets it.
    acquireLock(dir).release();
  });

  it("publishes the server URL for the operator CLI and forgets it on release", () => {
    const dir = tempDir();
    const lock = acquireLock(dir);
    expect(readLock(dir)).toEqual({ pid: process.pid });
    lock.setUrl("http://127.0.0.1:3000");
    expect(readLock(dir)).toEqual({ pid: process.pid, url: "http://127.0.0.1:3000" });
    lock.release();
    expect(readLock(dir)).toBeNull();
    expect(fs.existsSync(path.join(dir, ".lock"))).toBe(false);
  });

  it("takes over a stale lock left by a dead process", () => {
    const dir = tempDir();
    const pid = deadPid();
    fs.writeFileSync(path.join(dir, ".lock"), JSON.stringify({ pid, url: "http://127.0.0.1:1" }));
    expect(readLock(dir)).toBeNull();
    const lock = acquireLock(dir);
    expect(readLock(dir)).toEqual({ pid: process.pid });
    lock.release();
  });

  it("does not mistake a recycled pid for the holder", () => {
    const dir = tempDir();
    // A lock left by an earlier process that had this very pid (e.g. a restarted container).
    fs.writeFileSync(path.join(dir, ".lock"), JSON.stringify({ pid: process.pid }));
    expect(readLock(dir)).toBeNull();
    acquireLock(dir).release();
    // Without the start record, a live pid is trusted.
    fs.writeFileSync(path.join(dir, ".lock"), JSON.stringify({ pid: process.ppid }));
    expect(readLock(dir)).toEqual({ pid: process.ppid });
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);
  });

  it.skipIf(!fs.existsSync("/proc/self/stat"))(
    "treats a live pid that started after the lock was written as stale",
    () => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, ".lock"), JSON.stringify({ pid: process.ppid, start: "another-boot:1" }));
      expect(readLock(dir)).toBeNull();
      acquireLock(dir).release();
    },
  );
});
