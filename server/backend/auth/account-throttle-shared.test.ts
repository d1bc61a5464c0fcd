// The per-account throttle counted in PostgreSQL: two "instances" (two Database handles on one
// server, each with its own throttle) lock an account after the failures one instance allows.
// The clock is moved, never waited for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../db/migrate.ts";
import { openPostgres } from "../db/postgres.ts";
import type { Database } from "../db/types.ts";
import { POSTGRES_SKIP_REASON } from "../testing/backend.ts";
import { useMigratedPglite } from "../testing/migrated-pglite.ts";
import { skipWhen } from "../testing/skip.ts";
import { startPostgresCluster, type PostgresCluster } from "../testing/postgres-cluster.ts";
import { createSharedAccountThrottle, type AccountThrottle } from "./account-throttle.ts";

const MINUTE = 60_000;
const LIMITS = { maxFailures: 3, windowMs: 15 * MINUTE, lockoutMs: 15 * MINUTE, maxKeys: 100 };

/** One password check on `instance`: "locked" when refused before it, else "checked". */
async function check(instance: AccountThrottle, key: string, right = false) {
  const turn = await instance.begin(key);
  if (!turn) return "locked";
  await turn.end(right ? "succeeded" : "failed");
  return "checked";
}

describe("per-account throttle shared by instances on PostgreSQL", skipWhen(POSTGRES_SKIP_REASON), () => {
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

  it("locks an account after maxFailures failures spread over two instances, until the lockout ends", async () => {
    const results = [];
    for (const instance of [a, b, a, b]) results.push(await check(instance, "ana@example.com"));
    expect(results).toEqual(["checked", "checked", "checked", "locked"]);
    expect(await check(b, "bia@example.com")).toBe("checked"); // accounts are independent
    clock.now += 14 * MINUTE;
    expect(await check(a, "ana@example.com", true)).toBe("locked"); // refusals do not prolong the lockout
    clock.now += MINUTE;
    expect(await check(b, "ana@example.com")).toBe("checked");
  });

  it("starts over after a success on either instance, and when the window has passed", async () => {
    await check(a, "carla@example.com");
    await check(b, "carla@example.com");
    await check(b, "carla@example.com", true);
    expect([await check(a, "carla@example.com"), await check(a, "carla@example.com")]).toEqual(["checked", "checked"]);
    clock.now += 15 * MINUTE;
    const again = [];
    for (const instance of [b, a, b, a]) again.push(await check(instance, "carla@example.com"));
    expect(again).toEqual(["checked", "checked", "checked", "locked"]);
  });

  it("counts parallel failures exactly, right passwords not at all, and never stores the address itself", async () => {
    const decisions = await Promise.all(Array.from({ length: 12 }, (_, n) => check(n % 2 ? a : b, "dora@example.com")));
    // Each instance lets at most maxFailures checks run at once; every failure is counted.
    expect(decisions.filter((d) => d === "checked").length).toBeLessThanOrEqual(2 * LIMITS.maxFailures);
    expect(await check(a, "dora@example.com")).toBe("locked");
    const rights = await Promise.all(
      Array.from({ length: 12 }, (_, n) => check(n % 2 ? a : b, "eva@example.com", true)),
    );
    expect(rights.every((d) => d === "checked")).toBe(true);
    const { rows } = await dbs[0]!.query<{ key: string }>("select key from omnia_internal.account_throttle");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
  });
});

/** A promise and the function that resolves it. */
function signal() {
  let resolve: (() => void) | undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve: () => resolve?.() };
}

describe("per-account throttle shared by instances, when a read's answer arrives late", () => {
  const pglite = useMigratedPglite("omnia-throttle-");

  it("reads the count again when a check ended meanwhile, so the late answer opens no slot", async () => {
    // The real store on PGlite; only the delivery of one read's answer is held back, as a busy
    // pool or a slow network would hold it, until a check of the account has failed.
    let holdNextRead: Promise<void> | null = null;
    const readTaken = signal();
    const db: Database = Object.create(pglite.db);
    db.query = async (sql, params) => {
      const result = await pglite.db.query(sql, params);
      const hold = sql.startsWith("select since") ? holdNextRead : null;
      if (hold) {
        holdNextRead = null;
        readTaken.resolve();
        await hold;
      }
      return result as never;
    };
    const t = createSharedAccountThrottle(db, LIMITS, () => 1_800_000_000_000);
    const turns = await Promise.all([1, 2, 3].map(() => t.begin("fia@example.com")));
    const readGoes = signal();
    holdNextRead = readGoes.promise;
    const late = t.begin("fia@example.com");
    await readTaken.promise; // its answer says 0 failures, and is held
    await turns[0]!.end("failed");
    readGoes.resolve();
    // Three failures lock the account: the late request must not have been the fourth check.
    await turns[1]!.end("failed");
    await turns[2]!.end("failed");
    expect(await late).toBeNull();
  });
});
