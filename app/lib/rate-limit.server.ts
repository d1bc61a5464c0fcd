// A small in-memory sliding-window limiter for the public lead forms. In-memory is enough
// for one Node process; several instances behind a load balancer each keep their own
// window, which only makes the limit per instance (the honeypot still stops naive bots).

export interface RateLimiter {
  /** Records one attempt for `key`; `allowed` is false once the window is full. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
  /** Keys kept at most; the stalest are dropped first so memory stays bounded under a flood. */
  maxKeys?: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const hits = new Map<string, number[]>();

  return {
    hit(key) {
      const time = now();
      const since = time - options.windowMs;
      const recent = (hits.get(key) ?? []).filter((at) => at > since);
      // Re-insert so the Map's order is least-recently-used first.
      hits.delete(key);
      if (recent.length >= options.limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? time;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + options.windowMs - time) / 1000)) };
      }
      recent.push(time);
      hits.set(key, recent);
      while (hits.size > maxKeys) {
        const stalest = hits.keys().next().value;
        if (stalest === undefined) break;
        hits.delete(stalest);
      }
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
