// The per-account throttle's counting with a moved clock (protection.test.ts covers the 429 on
// the wire, through the full server with TRUST_PROXY).
import { describe, expect, it } from "vitest";
import { createAccountThrottle } from "./account-throttle.ts";

const MINUTE = 60_000;

function throttle(limits: Partial<Parameters<typeof createAccountThrottle>[0]> = {}) {
  const clock = { now: 1_000_000_000_000 };
  const t = createAccountThrottle(
    { maxFailures: 3, windowMs: 15 * MINUTE, lockoutMs: 15 * MINUTE, maxKeys: 100, ...limits },
    () => clock.now,
  );
  return { t, clock };
}

describe("createAccountThrottle", () => {
  it("allows maxFailures attempts, then refuses until the lockout ends, without extending it", () => {
    const { t, clock } = throttle();
    expect([1, 2, 3, 4].map(() => t.attempt("ana@example.com"))).toEqual([true, true, true, false]);
    expect(t.attempt("bia@example.com")).toBe(true); // accounts are independent
    clock.now += 14 * MINUTE;
    expect(t.attempt("ana@example.com")).toBe(false); // refusals during the lockout do not prolong it
    clock.now += MINUTE;
    expect([1, 2, 3, 4].map(() => t.attempt("ana@example.com"))).toEqual([true, true, true, false]);
  });

  it("starts over after a success, and when the window has passed", () => {
    const { t, clock } = throttle();
    t.attempt("ana@example.com");
    t.attempt("ana@example.com");
    t.succeeded("ana@example.com");
    expect([1, 2, 3, 4].map(() => t.attempt("ana@example.com"))).toEqual([true, true, true, false]);
    // A right password on the attempt that locked the account unlocks it.
    t.succeeded("ana@example.com");
    expect(t.attempt("ana@example.com")).toBe(true);

    t.attempt("bia@example.com");
    t.attempt("bia@example.com");
    clock.now += 15 * MINUTE;
    expect([1, 2, 3, 4].map(() => t.attempt("bia@example.com"))).toEqual([true, true, true, false]);
  });

  it("counts attempts as they start, so a burst cannot slip past before any has failed", () => {
    const { t } = throttle({ maxFailures: 10 });
    const burst = Array.from({ length: 50 }, () => t.attempt("ana@example.com"));
    expect(burst.filter(Boolean)).toHaveLength(10);
  });

  it("stays bounded, forgetting the stalest counts before any lockout", () => {
    const { t, clock } = throttle({ maxKeys: 5 });
    for (let i = 0; i < 3; i++) t.attempt("locked@example.com");
    expect(t.attempt("locked@example.com")).toBe(false);
    t.attempt("early@example.com");
    t.attempt("early@example.com");
    for (let i = 0; i < 5; i++) {
      clock.now += 1;
      t.attempt(`spray-${i}@example.com`);
    }
    // "early" was the stalest count and is forgotten; the lockout is kept apart and survives.
    expect([1, 2, 3, 4].map(() => t.attempt("early@example.com"))).toEqual([true, true, true, false]);
    expect(t.attempt("locked@example.com")).toBe(false);
  });

  it("does nothing with maxFailures 0", () => {
    const { t } = throttle({ maxFailures: 0 });
    expect(Array.from({ length: 100 }, () => t.attempt("ana@example.com")).every(Boolean)).toBe(true);
  });
});
