import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "./db/migrate.ts";
import { openPostgres } from "./db/postgres.ts";
import { useMigratedPglite } from "./testing/migrated-pglite.ts";
import type { Database } from "./db/types.ts";
import { POSTGRES_SKIP_REASON } from "./testing/backend.ts";
import { startPostgresCluster, type PostgresCluster } from "./testing/postgres-cluster.ts";
import { skipWhen } from "./testing/skip.ts";
import { createSharedRateLimiter, createSharedRateLimiters } from "./shared-rate-limits.ts";

// Two "instances" are two Database handles on one PostgreSQL, each with its own limiter: what
// one counts, the other sees. The clock is moved, never waited for.
const LIMIT = { max: 5, windowMs: 60_000 };
const START = 1_800_000_000_000; // on the window grid

describe("rate limits counted in PostgreSQL, shared by instances", skipWhen(POSTGRES_SKIP_REASON), () => {
  let cluster: PostgresCluster;
  let a: Database;
  let b: Database;
  let now = START;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    a = await openPostgres({ connectionString: cluster.url });
    b = await openPostgres({ connectionString: cluster.url });
    await runMigrations(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  it("two instances together allow what one allows, per address", async () => {
    const onA = createSharedRateLimiter(a, "signInSignUp", LIMIT, { now: () => now });
    const onB = createSharedRateLimiter(b, "signInSignUp", LIMIT, { now: () => now });
    const results: boolean[] = [];
    for (const limiter of [onA, onB, onA, onB, onA, onB, onA])
      results.push((await limiter.take("203.0.113.7")).allowed);
    expect(results).toEqual([true, true, true, true, true, false, false]);
    expect((await onB.take("203.0.113.8")).allowed).toBe(true);
    // Refused with the wait until the window ends, then free again in the next window.
    now += 10_000;
    expect(await onA.take("203.0.113.7")).toEqual({ allowed: false, retryAfterSeconds: 50 });
    now += 2 * LIMIT.windowMs;
    expect((await onB.take("203.0.113.7")).allowed).toBe(true);
  });

  it("counts concurrent requests exactly (no lost updates)", async () => {
    const limiters = [a, b].map((db) => createSharedRateLimiter(db, "leads", LIMIT, { now: () => now }));
    const decisions = await Promise.all(Array.from({ length: 20 }, (_, n) => limiters[n % 2]!.take("198.51.100.1")));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(LIMIT.max);
  });

  it("keeps every bucket of RATE_LIMITS apart", async () => {
    const limiters = createSharedRateLimiters(a, { limits: { refresh: { max: 1, windowMs: 60_000 } }, now: () => now });
    expect((await limiters.refresh.take("192.0.2.1")).allowed).toBe(true);
    expect((await limiters.refresh.take("192.0.2.1")).allowed).toBe(false);
    expect((await limiters.verify.take("192.0.2.1")).allowed).toBe(true);
  });
});

describe("the same limiter on PGlite", () => {
  const pglite = useMigratedPglite("omnia-rate-");

  it("allows max per window and forgets old windows", async () => {
    let now = START;
    const limiter = createSharedRateLimiter(pglite.db, "verify", { max: 2, windowMs: 60_000 }, { now: () => now });
    const first = [await limiter.take("k"), await limiter.take("k"), await limiter.take("k")].map((d) => d.allowed);
    expect(first).toEqual([true, true, false]);
    now += 3 * 60_000;
    expect((await limiter.take("k")).allowed).toBe(true);
    const { rows } = await pglite.db.query<{ n: number }>(
      "select count(*)::int as n from omnia_internal.rate_limit_windows where bucket = 'verify'",
    );
    // The sweep deleted the windows too old to weigh anything.
    expect(rows[0]!.n).toBe(1);
  });
});
