// The database layer on both adapters: migrations applied once (also with two instances racing
// on one PostgreSQL), per-request role and claims that do not outlive the transaction, and the
// PostgreSQL request pool failing closed when a role switch is forgotten.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_SKIP_REASON } from "../testing/backend.ts";
import { skipWhen } from "../testing/skip.ts";
import { startPostgresCluster } from "../testing/postgres-cluster.ts";
import type { PostgresCluster } from "../testing/postgres-cluster.ts";
import {
  DEFAULT_MIGRATIONS_DIR,
  pendingMigrations,
  readInternalMigrations,
  readMigrationsDir,
  runMigrations,
} from "./migrate.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";
import { useMigratedPglite } from "../testing/migrated-pglite.ts";
import type { Database } from "./types.ts";

/** What both adapters must show; the tests compare it with EXPECTED. */
async function observe(db: Database) {
  const internal = readInternalMigrations().map((m) => m.name);
  const project = readMigrationsDir().map((m) => m.name);
  // Already migrated by beforeAll: a second run applies nothing.
  const rerun = await runMigrations(db);
  const recorded = await db.query<{ name: string }>("select name from omnia_internal.schema_migrations order by name");

  const claims = { sub: "11111111-1111-1111-1111-111111111111", role: "authenticated" };
  const inside = await db.asRole("authenticated", claims, (tx) =>
    tx.query<{ who: string; uid: string; role: string }>(
      "select current_user as who, auth.uid()::text as uid, auth.role() as role",
    ),
  );
  // An error rolls back; the next request starts clean, with nothing left from the previous one.
  const failed = await db
    .asRole("anon", { role: "anon" }, (tx) => tx.query("select 1/0"))
    .then(
      () => "no error",
      (err: { code?: string }) => err.code,
    );
  const after = await db.asRole("anon", { role: "anon" }, (tx) =>
    tx.query<{ who: string; uid: string | null }>("select current_user as who, auth.uid() as uid"),
  );
  const own = await db.query<{ claims: string | null }>(
    "select nullif(current_setting('request.jwt.claims', true), '') as claims",
  );
  return {
    projectMigrations: project.length >= 3,
    rerun,
    pending: await pendingMigrations(db),
    allRecorded: [...internal, ...project].every((n) => recorded.rows.some((r) => r.name === n)),
    // Each recorded name is a migration of this release (no markers left from earlier ones).
    nothingElse: recorded.rows.every((r) => internal.includes(r.name) || project.includes(r.name)),
    inside: inside.rows[0],
    failed,
    after: after.rows[0],
    ownClaims: own.rows[0]!.claims,
  };
}

/**
 * What a REST read (readAsRole) must show on both adapters, each a single connection here so its
 * prepared statements can be counted: the request's role, claims and read-only transaction; a
 * statement parsed under that role (a schema only it may use, one it may not); and after a failed
 * run, a failed parse or a refused write, the same connection serving the next read, with the
 * failed statement prepared once.
 */
async function observeReads(db: Database) {
  await db.exec(`
    create schema if not exists reads_probe;
    create table if not exists reads_probe.items (id int primary key, body text);
    insert into reads_probe.items values (1, 'um') on conflict do nothing;
    grant usage on schema reads_probe to anon;
    grant select on reads_probe.items to anon;
    create schema if not exists reads_hidden;
    create table if not exists reads_hidden.items (id int);
    grant select on reads_hidden.items to anon;
  `);
  const claims = { role: "anon", sub: "22222222-2222-2222-2222-222222222222" };
  const read = (sql: string, params: unknown[] = []) =>
    db.readAsRole("anon", claims, sql, params).then(
      (res) => res.rows,
      (err: { code?: string }) => err.code,
    );
  const divide = "select 10 / $1::int as n";
  return {
    inside: await read(
      "select current_user as who, auth.uid()::text as uid, current_setting('transaction_read_only') as ro",
    ),
    otherSchema: await read("select id, body from reads_probe.items"),
    // SELECT on the table, but no USAGE on its schema.
    hidden: await read("select id from reads_hidden.items"),
    failed: await read(divide, [0]),
    again: await read(divide, [5]),
    write: await read("insert into reads_probe.items values (2, 'dois')"),
    missing: await read("select * from reads_probe.nothing"),
    after: await read("select current_user as who, current_setting('request.jwt.claims') <> '' as claims"),
    prepared: await read("select count(*)::int as n from pg_prepared_statements where statement = $1", [divide]),
  };
}

const EXPECTED_READS = {
  inside: [{ who: "anon", uid: "22222222-2222-2222-2222-222222222222", ro: "on" }],
  otherSchema: [{ id: 1, body: "um" }],
  hidden: "42501",
  failed: "22012",
  again: [{ n: 2 }],
  write: "25006",
  missing: "42P01",
  after: [{ who: "anon", claims: true }],
  prepared: [{ n: 1 }],
};

/**
 * Writes to blog_posts through `writer` and returns the NOTIFY payloads `listener` received
 * (migration 20260101000600): one per committed row change, none for a rolled-back one.
 */
async function blogChangesSeen(listener: Database, writer: Database): Promise<unknown[]> {
  const seen: unknown[] = [];
  const stop = await listener.listen("blog_posts_changed", (payload) => seen.push(JSON.parse(payload)));
  try {
    await writer.exec(
      "insert into public.blog_posts (title, slug, content) values ('Sonda', 'sonda-notify', 'x');" +
        "update public.blog_posts set slug = 'sonda-notify-2' where slug = 'sonda-notify';" +
        "update public.blog_posts set title = 'Sonda 2' where slug = 'sonda-notify-2';",
    );
    const rolledBack = await writer
      .transaction(async (tx) => {
        await tx.exec("insert into public.blog_posts (title, slug, content) values ('Nunca', 'nunca-notify', 'x')");
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe("roll back");
    await writer.exec("delete from public.blog_posts where slug = 'sonda-notify-2'");
    // Delivered asynchronously: poll with a deadline rather than sleep.
    await expect.poll(() => seen.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
  } finally {
    await stop();
  }
  return seen;
}

// The post's tags (none here) name the pages that link them (20260101001610_editorial_blog_notify.sql).
const EXPECTED_CHANGES = [
  { op: "INSERT", table: "blog_posts", slug: "sonda-notify", tags: [] },
  { op: "UPDATE", table: "blog_posts", slug: "sonda-notify-2", old_slug: "sonda-notify", tags: [] },
  { op: "UPDATE", table: "blog_posts", slug: "sonda-notify-2", tags: [] },
  { op: "DELETE", table: "blog_posts", slug: "sonda-notify-2", tags: [] },
];

const EXPECTED = {
  projectMigrations: true,
  rerun: [],
  pending: [],
  allRecorded: true,
  nothingElse: true,
  inside: { who: "authenticated", uid: "11111111-1111-1111-1111-111111111111", role: "authenticated" },
  failed: "22012",
  after: { who: "anon", uid: null },
  ownClaims: null,
};

describe("database layer on PGlite", () => {
  const pglite = useMigratedPglite("omnia-pglite.db-test-");

  it("migrates once and scopes role and claims to one transaction", async () => {
    expect(await observe(pglite.db)).toEqual(EXPECTED);
  });

  it("names the migrations a database lacks (readiness), all of them for an untouched one", async () => {
    // This code's migrations plus one the database has not seen, as after deploying newer code.
    const newer = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-newer-migrations-"));
    for (const file of fs.readdirSync(DEFAULT_MIGRATIONS_DIR)) {
      fs.copyFileSync(path.join(DEFAULT_MIGRATIONS_DIR, file), path.join(newer, file));
    }
    fs.writeFileSync(path.join(newer, "29990101000000_later.sql"), "select 1;");
    expect(await pendingMigrations(pglite.db, { migrationsDir: newer })).toEqual(["29990101000000_later.sql"]);
    fs.rmSync(newer, { recursive: true, force: true });

    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-pglite.db-fresh-"));
    const fresh = await openPglite(freshDir);
    try {
      const names = [...readInternalMigrations(), ...readMigrationsDir()].map((m) => m.name);
      expect(await pendingMigrations(fresh)).toEqual(names);
    } finally {
      await fresh.close();
      fs.rmSync(freshDir, { recursive: true, force: true });
    }
  });

  it("announces every committed change to blog_posts on blog_posts_changed", async () => {
    expect(await blogChangesSeen(pglite.db, pglite.db)).toEqual(EXPECTED_CHANGES);
  });

  it("runs a REST read as the request's role, read-only, and recovers from its failures", async () => {
    expect(await observeReads(pglite.db)).toEqual(EXPECTED_READS);
  });

  it("can create a new data directory in a child process (servers), with small shared buffers", async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-pglite.db-child-"));
    const opened = await openPglite(fresh, { initInChildProcess: true });
    try {
      expect(fs.existsSync(path.join(fresh, "pgdata", "PG_VERSION"))).toBe(true);
      expect((await opened.query("show shared_buffers")).rows).toEqual([{ shared_buffers: "32MB" }]);
    } finally {
      await opened.close();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("keeps data across close and reopen", async () => {
    await pglite.db.exec(
      "create table if not exists public.reopen_probe (v int); insert into public.reopen_probe values (42)",
    );
    await pglite.db.close();
    pglite.db = await openPglite(pglite.dir);
    expect((await pglite.db.query("select v from public.reopen_probe")).rows).toEqual([{ v: 42 }]);
    await pglite.db.exec("drop table public.reopen_probe");
  });
});

describe("database layer on PostgreSQL", skipWhen(POSTGRES_SKIP_REASON), () => {
  let cluster: PostgresCluster;
  let a: Database;
  let b: Database;
  let racing: string[][];
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    a = await openPostgres({ connectionString: cluster.url });
    b = await openPostgres({ connectionString: cluster.url });
    // Two instances starting at once: the advisory lock serialises them.
    racing = await Promise.all([runMigrations(a), runMigrations(b)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  it("migrates once and scopes role and claims to one transaction", async () => {
    expect(await observe(a)).toEqual(EXPECTED);
  });

  it("runs a REST read as the request's role, read-only, in one round trip, and recovers from its failures", async () => {
    const single = await openPostgres({ connectionString: cluster.url, maxRequestConnections: 1 });
    try {
      expect(await observeReads(single)).toEqual(EXPECTED_READS);
    } finally {
      await single.close();
    }
  });

  it("announces each change made through one instance to a listener on another", async () => {
    expect(await blogChangesSeen(b, a)).toEqual(EXPECTED_CHANGES);
  });

  it("applies each migration once when two instances start together", () => {
    const all = racing.flat();
    expect(all.toSorted()).toEqual([...new Set(all)].toSorted());
    expect(all).toEqual(
      expect.arrayContaining([...readInternalMigrations(), ...readMigrationsDir()].map((m) => m.name)),
    );
  });

  it("request connections sit in NOINHERIT authenticator: a forgotten role switch fails closed", async () => {
    const res = await a.asRole("service_role", { role: "service_role" }, async (tx) => {
      // Undo the switch the way buggy code could: the connection falls back to authenticator,
      // not to the owner, and authenticator may read nothing.
      await tx.query("reset role");
      const who = await tx.query<{ who: string }>("select current_user as who");
      const denied = await tx.query("select * from public.blog_posts").then(
        () => null,
        (err: { code?: string }) => err.code,
      );
      return { who: who.rows[0]!.who, denied };
    });
    expect(res).toEqual({ who: "authenticator", denied: "42501" });
    const role = await a.query<{ rolinherit: boolean; rolsuper: boolean }>(
      "select rolinherit, rolsuper from pg_roles where rolname = 'authenticator'",
    );
    expect(role.rows[0]).toEqual({ rolinherit: false, rolsuper: false });
  });

  it("runs requests concurrently on the pool, each with its own role", async () => {
    const roles = ["anon", "authenticated", "service_role", "anon", "authenticated", "service_role"] as const;
    const seen = await Promise.all(
      roles.map((r) =>
        a.asRole(r, { role: r }, async (tx) => {
          await tx.query("select pg_sleep(0.05)");
          return (await tx.query<{ who: string }>("select current_user as who")).rows[0]!.who;
        }),
      ),
    );
    expect(seen).toEqual([...roles]);
  });
});
