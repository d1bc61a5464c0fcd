// The limits of server/http/rate-limits.ts counted in PostgreSQL, so that N instances on one
// database together allow what one allows (ADR 023). Used when the embedded backend runs on
// DATABASE_URL; the counts live in omnia_internal.rate_limit_windows (internal migration
// 0005-rate-limits.sql), one row per bucket, client address and window. Each limiter is built
// where it is used (auth, storage, the lead forms in server/app.ts) by createBucketLimiter.
//
// The same sliding-window approximation as the in-memory limiter (this window's count plus the
// previous window's, weighted by how much of it the sliding window still overlaps), on windows
// aligned to the clock, since every instance must agree on where a window starts.
import type { Database } from "./db/types.ts";
import {
  createRateLimiter,
  effectiveLimits,
  type KeyedRateLimiter,
  type RateLimit,
  type RateLimitBucket,
  type RateLimitDecision,
  type RateLimiters,
  type RateLimitersOptions,
} from "../http/rate-limits.ts";

/** How often an instance deletes windows too old to weigh anything. */
const SWEEP_INTERVAL_MS = 60_000;

export function createSharedRateLimiter(
  db: Database,
  bucket: RateLimitBucket,
  limit: RateLimit,
  options: { now?: () => number } = {},
): KeyedRateLimiter {
  const now = options.now ?? Date.now;
  const { max, windowMs } = limit;
  let lastSweep = 0;

  return {
    async take(key) {
      const t = now();
      const start = Math.floor(t / windowMs) * windowMs;
      const decision = await db.transaction(async (tx): Promise<RateLimitDecision> => {
        // One key at a time across every instance: read, decide and count as one step.
        await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`rate-limit:${bucket}:${key}`]);
        const { rows } = await tx.query<{ window_start: string | number; count: number }>(
          `select window_start, count from omnia_internal.rate_limit_windows
            where bucket = $1 and key = $2 and window_start >= $3`,
          [bucket, key, start - windowMs],
        );
        const countAt = (windowStart: number) =>
          rows.find((row) => Number(row.window_start) === windowStart)?.count ?? 0;
        const current = countAt(start);
        const previous = countAt(start - windowMs);
        if (current + previous * (1 - (t - start) / windowMs) < max) {
          await tx.query(
            `insert into omnia_internal.rate_limit_windows (bucket, key, window_start, count) values ($1, $2, $3, 1)
             on conflict (bucket, key, window_start) do update set count = rate_limit_windows.count + 1`,
            [bucket, key, start],
          );
          return { allowed: true, retryAfterSeconds: 0 };
        }
        // When does the estimate drop below max? As in rate-limits.ts.
        const freeAt =
          current < max
            ? start + windowMs * (1 - (max - current) / previous)
            : start + windowMs + windowMs * (1 - max / current);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - t) / 1000)) };
      });
      if (t - lastSweep > SWEEP_INTERVAL_MS) {
        lastSweep = t;
        await db.query("delete from omnia_internal.rate_limit_windows where bucket = $1 and window_start < $2", [
          bucket,
          start - windowMs,
        ]);
      }
      return decision;
    },
  };
}

/** Every bucket of RATE_LIMITS counted in the database. */
export function createSharedRateLimiters(
  db: Database,
  options: Pick<RateLimitersOptions, "limits" | "now"> = {},
): RateLimiters {
  return Object.fromEntries(
    Object.entries(effectiveLimits(options.limits)).map(([bucket, limit]) => [
      bucket,
      createSharedRateLimiter(db, bucket as RateLimitBucket, limit, { now: options.now }),
    ]),
  ) as RateLimiters;
}

export interface BucketLimiterOptions {
  /** The database every instance shares (DATABASE_URL), where the limit is counted; null: in memory. */
  shared: Database | null;
  /** Replaces some buckets' limits (tests use tiny numbers); the rest come from RATE_LIMITS. */
  limits?: RateLimitersOptions["limits"];
  /** Milliseconds since the epoch; tests move it instead of sleeping. */
  now?: () => number;
}

/** One bucket's limiter, keyed by client address: in the shared database, else in this process. */
export function createBucketLimiter(bucket: RateLimitBucket, options: BucketLimiterOptions): KeyedRateLimiter {
  const limit = effectiveLimits(options.limits)[bucket];
  return options.shared
    ? createSharedRateLimiter(options.shared, bucket, limit, { now: options.now })
    : createRateLimiter(limit, { now: options.now });
}
