// The per-account throttle counted in PostgreSQL: two "instances" (two Database handles on one
// server, each with its own throttle) lock an account after the failures one instance allows.
// The clock is moved, never waited for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../db/migrate.ts";
import { openPostgres } from "../db/postgres.ts";
import type { Database } from "../db/types.ts";
import { POSTGRES_SKIP_REASON } from "../testing/backend.ts";
import { startPostgresCluster, type PostgresCluster } from "../testing/postgres-cluster.ts";
import { createSharedAccountThrottle, type AccountThrottle } from "./account-throttle.ts";

const MINUTE = 60_000;
const LIMITS = { maxFailures: 3, windowMs: 15 * MINUTE, lockoutMs: 15 * MINUTE, maxKeys: 100 };

describe.skipIf(POSTGRES_SKIP_REASON !== null)("per-account throttle shared by instances on PostgreSQL", () => {
  let cluster: PostgresCluster;
  let dbs: Database[] = [];
  const clock = { now: 1_800_000_000_000 };
  let a: AccountThrottle;
  let b: AccountThrottle;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    dbs = [
      await openPostgres({ connectionString: cluster.url }),
      await openPostgres({ connectionString: cluster.url }),
    ];
    await runMigrations(dbs[0]!);
    [a, b] = dbs.map((db) => createSharedAccountThrottle(db, LIMITS, () => clock.now)) as [
      AccountThrottle,
      AccountThrottle,
    ];
  });
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await cluster?.stop();
  });

  it("locks an account after maxFailures attempts spread over two instances, until the lockout ends", async () => {
    const results = [];
    for (const instance of [a, b, a, b]) results.push(await instance.attempt("ana@example.com"));
    expect(results).toEqual([true, true, true, false]);
    expect(await b.attempt("bia@example.com")).toBe(true); // accounts are independent
    clock.now += 14 * MINUTE;
    expect(await a.attempt("ana@example.com")).toBe(false); // refusals do not prolong the lockout
    clock.now += MINUTE;
    expect(await b.attempt("ana@example.com")).toBe(true);
  });

  it("starts over after a success on either instance, and when the window has passed", async () => {
    await a.attempt("carla@example.com");
    await b.attempt("carla@example.com");
    await b.succeeded("carla@example.com");
    expect([await a.attempt("carla@example.com"), await a.attempt("carla@example.com")]).toEqual([true, true]);
    clock.now += 15 * MINUTE;
    const again = [];
    for (const instance of [b, a, b, a]) again.push(await instance.attempt("carla@example.com"));
    expect(again).toEqual([true, true, true, false]);
  });

  it("counts parallel attempts exactly, and never stores the address itself", async () => {
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, n) => (n % 2 ? a : b).attempt("dora@example.com")),
    );
    expect(decisions.filter(Boolean)).toHaveLength(LIMITS.maxFailures);
    const { rows } = await dbs[0]!.query<{ key: string }>("select key from omnia_internal.account_throttle");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
  });
});
