// Every per-client-address request limit of the site, and the limiter that enforces them:
// sign-in + sign-up, token refresh and MFA verification in the embedded auth service
// (server/backend/auth/), new image renditions (server/backend/storage/), and the two lead forms
// (app/lib/leads.server.ts, which reaches its bucket through the request context that
// server/app.ts fills). Each of them builds its own limiters from this table. ADR 023.
//
// Where they are counted: in memory, per process, by default (the embedded database serves one
// process); in PostgreSQL when the backend runs on DATABASE_URL
// (server/backend/shared-rate-limits.ts), so several instances behind a load balancer together
// allow what one allows.

// The decision's shape is the app's (the lead forms show the wait): a type-only import, erased
// before Node runs this file.
import type { RateLimitDecision } from "../../app/lib/request-context.ts";

export type { RateLimitDecision };

export interface RateLimit {
  /** Requests allowed per window and client address. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The one table of limits. Over a limit, auth answers 429 over_request_rate_limit, the forms 429 with Retry-After. */
export const RATE_LIMITS = {
  // Supabase's hosted defaults (Auth > Rate Limits), answered as GoTrue answers them.
  signInSignUp: { max: 30, windowMs: 5 * MINUTE },
  // GoTrue's RATE_LIMIT_TOKEN_REFRESH: 150 per 5 minutes, i.e. the same rate as 1800 per hour.
  refresh: { max: 1800, windowMs: 60 * MINUTE },
  // GoTrue's RATE_LIMIT_VERIFY (OTP and MFA verification).
  verify: { max: 30, windowMs: 5 * MINUTE },
  // Account e-mails (password recovery) asked from one client address.
  emailSent: { max: 30, windowMs: 60 * MINUTE },
  // Keyed by the e-mail address asked for, not the client: 3 recovery e-mails an hour per mailbox.
  emailPerAddress: { max: 3, windowMs: 60 * MINUTE },
  // Both lead forms share it, so a bot gains nothing by switching forms. Far above what a person
  // sends and generous for offices behind one NAT address, while a script is cut off quickly.
  leads: { max: 10, windowMs: 10 * MINUTE },
  // New image renditions (server/backend/storage/render.ts): each costs up to seconds of CPU, and
  // anyone may ask. A visitor's pages need a few dozen at most, and cached ones are not counted.
  renders: { max: 120, windowMs: 10 * MINUTE },
  // Preview links (/blog/previa/:token): a reviewer reloads a few times; guessing is pointless
  // (244 random bits) but each try costs a database round trip.
  previews: { max: 120, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimit>;

export type RateLimitBucket = keyof typeof RATE_LIMITS;

/**
 * The analytics' limits (server/analytics/routes.ts), in memory per process on any database: an
 * event is too cheap to pay a round trip for its count. Per daily visitor, far above a person
 * reading (a view and an engagement per page, about 150 pages in 10 minutes), so one visitor can
 * add at most 300 events per 10 minutes and instance; per address, for a flood that changes its
 * User-Agent to become new visitors (offices behind one NAT address stay well under it).
 */
export const ANALYTICS_RATE_LIMITS = {
  analyticsVisitor: { max: 300, windowMs: 10 * MINUTE },
  analyticsAddress: { max: 3000, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/** Keys (client addresses) remembered per bucket; beyond it the least recently seen is forgotten. */
export const MAX_KEYS_PER_BUCKET = 10_000;

export interface KeyedRateLimiter {
  /** Counts one request for the key if it is under the limit; a refused request is not counted. */
  take(key: string): RateLimitDecision | Promise<RateLimitDecision>;
}

/** The in-memory limiter answers at once. */
export interface MemoryRateLimiter extends KeyedRateLimiter {
  take(key: string): RateLimitDecision;
}

export type RateLimiters = Record<RateLimitBucket, KeyedRateLimiter>;

export interface RateLimiterOptions {
  /** Milliseconds since the epoch; tests move it instead of sleeping. */
  now?: () => number;
  maxKeys?: number;
}

interface Entry {
  /** Start of the key's current window; windows start at the key's first request, not on a clock grid. */
  start: number;
  count: number;
  /** Requests counted in the window just before `start`. */
  previous: number;
  /** Last request, allowed or not: the map is ordered by it. */
  last: number;
}

/**
 * A sliding-window approximation: the current window's count plus the previous window's,
 * weighted by how much of it the sliding window still overlaps. O(1) memory per key (a
 * timestamp log would hold 1800 entries per address for the refresh limit), and no double
 * burst right after a window turns, which plain fixed windows allow.
 */
export function createRateLimiter(limit: RateLimit, options: RateLimiterOptions = {}): MemoryRateLimiter {
  if (!(limit.max >= 1) || !(limit.windowMs > 0)) {
    throw new Error(`A rate limit needs max >= 1 and windowMs > 0, got ${JSON.stringify(limit)}`);
  }
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? MAX_KEYS_PER_BUCKET;
  const { max, windowMs } = limit;
  // In order of last request (delete + set moves a key to the end), so the stalest key is first
  // and both forgetting idle keys and capping the size cost O(1) per request.
  const entries = new Map<string, Entry>();

  return {
    take(key) {
      const t = now();
      // A key idle for two windows has nothing left to weigh: forget it.
      for (const [idle, entry] of entries) {
        if (t - entry.last < 2 * windowMs) break;
        entries.delete(idle);
      }

      const known = entries.get(key);
      entries.delete(key);
      let entry: Entry;
      if (!known || t - known.start >= 2 * windowMs) entry = { start: t, count: 0, previous: 0, last: t };
      else if (t - known.start >= windowMs)
        entry = { start: known.start + windowMs, count: 0, previous: known.count, last: t };
      else entry = known;
      entry.last = t;
      entries.set(key, entry);
      if (entries.size > maxKeys) {
        // Under a flood of distinct addresses the stalest one starts over: memory stays bounded.
        const stalest = entries.keys().next();
        if (!stalest.done) entries.delete(stalest.value);
      }

      // A clock that stepped back counts as the window's start rather than weighing more than 1.
      const elapsed = Math.max(0, t - entry.start);
      if (entry.count + entry.previous * (1 - elapsed / windowMs) < max) {
        entry.count++;
        return { allowed: true, retryAfterSeconds: 0 };
      }
      // When does the estimate drop below max? Within this window if the previous window's
      // share alone is what fills it, else once this window's count becomes the weighted one.
      const freeAt =
        entry.count < max
          ? entry.start + windowMs * (1 - (max - entry.count) / entry.previous)
          : entry.start + windowMs + windowMs * (1 - max / entry.count);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - t) / 1000)) };
    },
  };
}

export interface RateLimitersOptions extends RateLimiterOptions {
  /** Replaces some buckets' limits (tests use tiny numbers); the rest come from RATE_LIMITS. */
  limits?: Partial<Record<RateLimitBucket, RateLimit>>;
}

/** The limit of each bucket: RATE_LIMITS, with `limits` replacing some (tests use tiny numbers). */
export function effectiveLimits(limits?: RateLimitersOptions["limits"]): Record<RateLimitBucket, RateLimit> {
  const buckets = Object.keys(RATE_LIMITS) as RateLimitBucket[];
  return Object.fromEntries(buckets.map((bucket) => [bucket, limits?.[bucket] ?? RATE_LIMITS[bucket]])) as Record<
    RateLimitBucket,
    RateLimit
  >;
}

/** One in-memory limiter per bucket of RATE_LIMITS, each keyed by client address. */
export function createRateLimiters(options: RateLimitersOptions = {}): Record<RateLimitBucket, MemoryRateLimiter> {
  const { limits, ...limiterOptions } = options;
  return Object.fromEntries(
    Object.entries(effectiveLimits(limits)).map(([bucket, limit]) => [
      bucket,
      createRateLimiter(limit, limiterOptions),
    ]),
  ) as Record<RateLimitBucket, MemoryRateLimiter>;
}
