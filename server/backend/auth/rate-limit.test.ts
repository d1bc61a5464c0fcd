// The limiter's window arithmetic with a moved clock (the integration tests cover the 429 shape).
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows max requests per window per key, and frees them as the window slides", () => {
    let now = 60_000 * 16_000_000; // a multiple of the window: the first window starts here
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 }, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take("a"))).toEqual([true, true, true, false]);
    expect(limiter.take("b")).toBe(true); // keys are independent

    // Just after the window turns, the previous window still weighs 59/60 of its 3 requests:
    // one more request fits (2.95 < 3), then none.
    now += 60_000 + 1_000;
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    // Two thirds into the window only a third of the old count remains (1 + 1 < 3): one more fits.
    now += 39_000;
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);

    // Two idle windows later everything is forgotten.
    now += 180_000;
    expect([1, 2, 3, 4].map(() => limiter.take("a"))).toEqual([true, true, true, false]);
  });
});
