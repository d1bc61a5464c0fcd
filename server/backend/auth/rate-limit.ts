// Per-IP rate limits with Supabase's hosted defaults (Auth > Rate Limits):
// sign-in + sign-up 30 requests per 5 minutes, token refresh 1800 per hour (GoTrue's
// RATE_LIMIT_TOKEN_REFRESH: 150 per 5 minutes, i.e. the same rate), OTP/MFA verification
// 30 per 5 minutes (RATE_LIMIT_VERIFY). Over the limit GoTrue answers 429 over_request_rate_limit.
//
// In memory and per process: with N instances the effective limit is N times higher. That is
// the trade made for having no shared store; the limits exist to make brute force slow, and
// bcrypt's cost does the rest.

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimits {
  signInSignUp: RateLimit;
  refresh: RateLimit;
  verify: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInSignUp: { max: 30, windowMs: 5 * 60_000 },
  refresh: { max: 1800, windowMs: 60 * 60_000 },
  verify: { max: 30, windowMs: 5 * 60_000 },
};

export interface RateLimiter {
  /** Counts one request for the key; false when it is over the limit. */
  take(key: string): boolean;
}

/**
 * A sliding-window approximation (the previous fixed window weighted by how much of it still
 * overlaps): no burst of 2x at window edges, and O(1) memory per key.
 */
export function createRateLimiter(limit: RateLimit, now: () => number): RateLimiter {
  const buckets = new Map<string, { start: number; count: number; previous: number }>();
  let lastSweep = now();
  return {
    take(key) {
      const t = now();
      if (t - lastSweep > limit.windowMs * 2) {
        // Forget idle keys so a scan of many addresses cannot grow the map without bound.
        for (const [k, b] of buckets) if (t - b.start > limit.windowMs * 2) buckets.delete(k);
        lastSweep = t;
      }
      let bucket = buckets.get(key);
      const windowStart = t - (t % limit.windowMs);
      if (!bucket || bucket.start !== windowStart) {
        const previous = bucket && bucket.start === windowStart - limit.windowMs ? bucket.count : 0;
        bucket = { start: windowStart, count: 0, previous };
        buckets.set(key, bucket);
      }
      const overlap = 1 - (t - windowStart) / limit.windowMs;
      if (bucket.count + bucket.previous * overlap >= limit.max) return false;
      bucket.count++;
      return true;
    },
  };
}
