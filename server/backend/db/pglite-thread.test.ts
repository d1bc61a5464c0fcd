// PGlite on its worker thread (pglite-thread.ts): the same Database as in-process, with each
// call a message. Transactions commit or roll back with the callback on this side, errors keep
// their Postgres fields, row-level security and read-only reads hold, notifications arrive, and
// the data directory's lock is this thread's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirLockedError, readLock } from "./lock.ts";
import { runMigrations } from "./migrate.ts";
import { openPglite } from "./pglite.ts";
import { openPgliteThread, terminateThreadForTest, type PgliteThreadDatabase } from "./pglite-thread.ts";

describe("PGlite on a worker thread", () => {
  let dir: string;
  let db: PgliteThreadDatabase;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-pglite-thread-"));
    db = await openPgliteThread(dir);
    await runMigrations(db);
    await db.exec("create table public.thread_probe (id int primary key, note text)");
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const notes = async () =>
    (await db.query<{ note: string }>("select note from public.thread_probe order by id")).rows.map((r) => r.note);

  it("commits a transaction when its callback returns, and rolls it back when it throws", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into public.thread_probe values ($1, $2)", [1, "kept"]);
    });
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query("insert into public.thread_probe values ($1, $2)", [2, "dropped"]);
        throw new Error("changed my mind");
      })
      .catch((error: Error) => error.message);
    expect(thrown).toBe("changed my mind");
    expect(await notes()).toEqual(["kept"]);
  });

  it("throws Postgres' errors with their fields, and copies rows with their types", async () => {
    const failure = await db.query("insert into public.thread_probe values (1, 'twice')").catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: "23505", constraint: "thread_probe_pkey", table: "thread_probe" });
    const { rows } = await db.query<{ at: Date; n: bigint | number; raw: Uint8Array; doc: unknown }>(
      "select timestamptz '2026-01-02 03:04:05Z' as at, 42::int8 as n, '\\x0102'::bytea as raw, '{\"a\": [1]}'::jsonb as doc",
    );
    expect(rows[0]!.at).toEqual(new Date("2026-01-02T03:04:05Z"));
    expect(Number(rows[0]!.n)).toBe(42);
    expect([...rows[0]!.raw]).toEqual([1, 2]);
    expect(rows[0]!.doc).toEqual({ a: [1] });
    // A parameter no thread can receive fails the call, not the database.
    const uncopyable = await db.query("select $1::text", [() => "x"]).catch((error: Error) => error.name);
    expect(uncopyable).toBe("DataCloneError");
    expect((await db.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("runs a request as its role, and a read in a read-only transaction", async () => {
    const claims = { sub: "11111111-1111-1111-1111-111111111111", role: "authenticated" };
    const inside = await db.asRole("authenticated", claims, (tx) =>
      tx.queryPrepared<{ who: string; uid: string }>("select current_user as who, auth.uid()::text as uid", []),
    );
    expect(inside.rows).toEqual([{ who: "authenticated", uid: claims.sub }]);
    const read = await db.readAsRole<{ who: string; ro: string }>(
      "anon",
      { role: "anon" },
      "select current_user as who, current_setting('transaction_read_only') as ro",
      [],
    );
    expect(read.rows).toEqual([{ who: "anon", ro: "on" }]);
    const write = await db
      .readAsRole("service_role", { role: "service_role" }, "insert into public.thread_probe values (9, 'no')", [])
      .catch((error: { code?: string }) => error.code);
    expect(write).toBe("25006");
    // A request whose settings fail never opens: the next one runs.
    const refused = await db
      .asRole("anon", { role: "anon" }, async () => "ran", undefined, { statement_timeout: "not a time" })
      .catch((error: { code?: string }) => error.code);
    expect(refused).toBe("22023");
    expect(await notes()).toEqual(["kept"]);
  });

  it("keeps transactions apart: each waits for the one before it", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await tx.query("update public.thread_probe set note = 'first' where id = 1");
      order.push("first wrote");
      await held;
      order.push("first done");
    });
    const second = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ note: string }>("select note from public.thread_probe where id = 1");
      order.push(`second read ${rows[0]!.note}`);
    });
    await expect.poll(() => order.length).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first wrote", "first done", "second read first"]);
  });

  it("runs a read as one batch: its settings end with it, and an open transaction goes first", async () => {
    const claims = { sub: "22222222-2222-2222-2222-222222222222", role: "authenticated" };
    const read = await db.readAsRole<{ uid: string; ro: string }>(
      "authenticated",
      claims,
      "select auth.uid()::text as uid, current_setting('transaction_read_only') as ro",
      [],
      { "x-probe": "1" },
    );
    expect(read.rows).toEqual([{ uid: claims.sub, ro: "on" }]);
    const failed = await db
      .readAsRole("anon", { role: "anon" }, "select 1/$1::int as n", [0])
      .catch((error: { code?: string }) => error.code);
    expect(failed).toBe("22012");
    const after = await db.query<Record<string, string>>(
      "select current_user as who, current_setting('request.jwt.claims', true) as claims, current_setting('request.headers', true) as headers, current_setting('transaction_read_only') as ro",
    );
    expect(after.rows).toEqual([{ who: "postgres", claims: "", headers: "", ro: "off" }]);

    await db.exec("grant select on public.thread_probe to service_role");
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Were the read let into the open transaction, its read-only setting would stay there.
    const writer = db.transaction(async (tx) => {
      await tx.query("update public.thread_probe set note = 'while held' where id = 1");
      order.push("writer wrote");
      await held;
      const { rows } = await tx.query<{ ro: string }>("select current_setting('transaction_read_only') as ro");
      order.push(`writer read-only ${rows[0]!.ro}`);
    });
    await expect.poll(() => order.length).toBe(1);
    const reader = db
      .readAsRole<{
        note: string;
      }>("service_role", { role: "service_role" }, "select note from public.thread_probe where id = $1", [1])
      .then((res) => order.push(`reader saw ${res.rows[0]!.note}`));
    release();
    await Promise.all([writer, reader]);
    expect(order).toEqual(["writer wrote", "writer read-only off", "reader saw while held"]);
  });

  it("delivers notifications until listening stops", async () => {
    const seen: string[] = [];
    const stop = await db.listen("thread_probe", (payload) => seen.push(payload));
    await db.exec("notify thread_probe, 'one'");
    await expect.poll(() => seen).toEqual(["one"]);
    await stop();
    await db.exec("notify thread_probe, 'two'");
    await db.query("select 1");
    expect(seen).toEqual(["one"]);
  });

  it("gives pg-boss PGlite's own query and exec", async () => {
    expect((await db.pglite.query<{ n: number }>("select $1::int as n", [7])).rows).toEqual([{ n: 7 }]);
    const results = await db.pglite.exec("select 1 as a; select 2 as b");
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it.each([1, 2])("reads as the role with room for %i prepared statement(s)", async (room) => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-pglite-thread-"));
    const small = await openPglite(other, { preparedStatements: room });
    try {
      await small.exec("create role anon nologin");
      for (const text of ["select current_user as who, $1::int as n", "select current_user as who, $1::int + 0 as n"]) {
        for (const n of [1, 2]) {
          const { rows } = await small.readAsRole<{ who: string; n: number }>("anon", { role: "anon" }, text, [n]);
          expect(rows).toEqual([{ who: "anon", n }]);
        }
      }
    } finally {
      await small.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("tells its owner when the thread ends while open, and fails every call after", async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-pglite-thread-"));
    const ended: number[] = [];
    const crashing = await openPgliteThread(other, { onThreadExit: (code) => ended.push(code) });
    const pending = crashing.query("select pg_sleep(0.2)").catch((error: Error) => error.message);
    await terminateThreadForTest(crashing);
    expect(ended).toEqual([1]);
    expect(await pending).toMatch(/database thread stopped \(exit 1\)/);
    await expect(crashing.query("select 1")).rejects.toThrow(/database thread stopped/);
    // Closing on purpose is no crash.
    const closing = await openPgliteThread(other.replace(/$/, "-b"), { onThreadExit: (code) => ended.push(code) });
    await closing.close();
    expect(ended).toEqual([1]);
    crashing.lock.release();
    fs.rmSync(other, { recursive: true, force: true });
    fs.rmSync(`${other}-b`, { recursive: true, force: true });
  });

  it("holds the data directory's lock on this thread, and lets it go on close", async () => {
    expect(readLock(dir)?.pid).toBe(process.pid);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-pglite-thread-"));
    const second = await openPgliteThread(other);
    await second.close();
    expect(readLock(other)).toBeNull();
    await expect(second.query("select 1")).rejects.toThrow(/database thread stopped/);
    fs.rmSync(other, { recursive: true, force: true });
  });
});
