// The limiter's window arithmetic with a moved clock. The auth integration tests cover the 429
// shape (server/backend/auth/auth.test.ts), app/lib/leads-storage.server.test.ts the lead forms.
import { describe, expect, it } from "vitest";
import { createRateLimiter, createRateLimiters, RATE_LIMITS } from "./rate-limits.ts";

const allowed = (limiter: { take(key: string): { allowed: boolean } }, key: string, times: number) =>
  Array.from({ length: times }, () => limiter.take(key).allowed);

describe("createRateLimiter", () => {
  it("allows max requests per window per key, and frees them as the window slides", () => {
    let now = 1_000_000_000;
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 }, { now: () => now });
    expect(allowed(limiter, "a", 4)).toEqual([true, true, true, false]);
    expect(limiter.take("b").allowed).toBe(true); // keys are independent

    // Just after the window turns, the previous window still weighs 59/60 of its 3 requests:
    // one more request fits (2.95 < 3), then none.
    now += 60_000 + 1_000;
    expect(allowed(limiter, "a", 2)).toEqual([true, false]);
    // Two thirds into the window only a third of the old count remains (1 + 1 < 3): one more fits.
    now += 39_000;
    expect(allowed(limiter, "a", 2)).toEqual([true, false]);

    // Two idle windows later everything is forgotten.
    now += 180_000;
    expect(allowed(limiter, "a", 4)).toEqual([true, true, true, false]);
  });

  it("starts a key's window at its first request, so a burst waits a whole window", () => {
    let now = 1_000_000_000 + 45_000; // not on any grid of the window's length
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 }, { now: () => now });
    expect(allowed(limiter, "a", 3)).toEqual([true, true, true]);
    now += 10_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 50 });
    now += 49_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1_001;
    expect(limiter.take("a").allowed).toBe(true);
  });

  it("answers the wait until the previous window's share has shrunk enough", () => {
    let now = 0;
    const limiter = createRateLimiter({ max: 4, windowMs: 100_000 }, { now: () => now });
    allowed(limiter, "a", 4);
    // 40% into the next window the 4 old requests weigh 2.4: two more fit (2 + 2.4 >= 4 then),
    // and a third only once they weigh less than 2, halfway through.
    now = 140_000;
    expect(allowed(limiter, "a", 2)).toEqual([true, true]);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now = 150_001;
    expect(allowed(limiter, "a", 2)).toEqual([true, false]);
  });

  it("does not count refused requests", () => {
    let now = 0;
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000 }, { now: () => now });
    allowed(limiter, "a", 2);
    expect(allowed(limiter, "a", 50).some(Boolean)).toBe(false);
    now = 120_000; // the counted 2 weigh nothing now; 50 refusals would still weigh if counted
    expect(allowed(limiter, "a", 3)).toEqual([true, true, false]);
  });

  it("keeps at most maxKeys keys, forgetting the least recently seen", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000 }, { now: () => 0, maxKeys: 2 });
    limiter.take("a");
    limiter.take("b");
    limiter.take("c"); // forgets "a"
    expect(limiter.take("a").allowed).toBe(true); // forgets "b"
    expect(limiter.take("c").allowed).toBe(false);
  });

  it("refuses a limit that could never allow anything", () => {
    expect(() => createRateLimiter({ max: 0, windowMs: 60_000 })).toThrow(/max >= 1/);
    expect(() => createRateLimiter({ max: 1, windowMs: 0 })).toThrow(/windowMs > 0/);
  });
});

describe("createRateLimiters", () => {
  it("has one limiter per bucket of the table, each with its own counts", () => {
    const limiters = createRateLimiters({ now: () => 0 });
    expect(Object.keys(limiters)).toEqual(Object.keys(RATE_LIMITS));
    expect(allowed(limiters.leads, "192.0.2.1", 11)).toEqual([...Array<boolean>(10).fill(true), false]);
    expect(limiters.signInSignUp.take("192.0.2.1").allowed).toBe(true);
  });

  it("takes tiny limits for some buckets and the table's for the rest", () => {
    const limiters = createRateLimiters({ now: () => 0, limits: { verify: { max: 1, windowMs: 1_000 } } });
    expect(allowed(limiters.verify, "k", 2)).toEqual([true, false]);
    expect(allowed(limiters.signInSignUp, "k", 31)).toEqual([...Array<boolean>(30).fill(true), false]);
  });
});
