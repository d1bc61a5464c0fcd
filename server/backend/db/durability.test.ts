// PGlite in a child process that is SIGKILLed mid-write: every row it acknowledged must survive,
// and while it runs, nobody else may open the directory (PGlite itself would allow it and lose
// data, docs/supabase-wire.md §5).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, readLock } from "./lock.ts";
import { openPglite } from "./pglite.ts";

const WRITER = fileURLToPath(new URL("../testing/crash-writer.ts", import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-durability-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("PGlite durability and single opener", () => {
  it("refuses a second opener while a writer runs, and loses no acknowledged row on SIGKILL", async () => {
    const child = spawn(process.execPath, [WRITER, dir], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, signal) => resolve(signal)),
    );

    // Wait until the child acknowledged enough rows (a condition, not a delay).
    let lastAck = 0;
    let buffered = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        buffered += d.toString();
        const lines = buffered.split("\n");
        buffered = lines.pop()!;
        for (const line of lines) {
          const m = /^ack (\d+)$/.exec(line);
          if (m) lastAck = Number(m[1]);
        }
        if (lastAck >= 40) resolve();
      });
      child.once("exit", () => reject(new Error(`writer exited early: ${stderr}`)));
    });

    // A second opener (this process) is refused with the child's pid.
    expect(readLock(dir)?.pid).toBe(child.pid);
    const second = await openPglite(dir).then(
      () => null,
      (err: unknown) => err,
    );
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as Error).message).toContain(`pid ${child.pid}`);

    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    // Rows acknowledged after our count above may exist too; none before it may be missing.
    const acknowledged = lastAck;

    // The dead writer's lock is stale: reopening takes it over.
    expect(readLock(dir)).toBeNull();
    const db = await openPglite(dir);
    try {
      const { rows } = await db.query<{ n: number; max: number }>(
        "SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS max FROM crash_rows WHERE id <= $1",
        [acknowledged],
      );
      expect(rows[0]).toEqual({ n: acknowledged, max: acknowledged });
    } finally {
      await db.close();
    }
  });
});
