// The per-account throttle's counting with a moved clock (protection.test.ts covers the 429 on
// the wire, through the full server with TRUST_PROXY).
import { describe, expect, it } from "vitest";
import { createAccountThrottle } from "./account-throttle.ts";
import type { AccountThrottle, AccountTurn } from "./account-throttle.ts";

const MINUTE = 60_000;

function throttle(limits: Partial<Parameters<typeof createAccountThrottle>[0]> = {}) {
  const clock = { now: 1_000_000_000_000 };
  const t = createAccountThrottle(
    { maxFailures: 3, windowMs: 15 * MINUTE, lockoutMs: 15 * MINUTE, maxKeys: 100, ...limits },
    () => clock.now,
  );
  return { t, clock };
}

/** One password check: "locked" when refused before it, else whether it was right. */
async function check(t: AccountThrottle, key: string, right = false): Promise<"locked" | "checked"> {
  const turn = await t.begin(key);
  if (!turn) return "locked";
  // The check takes a moment, as bcrypt does, so parallel checks really overlap.
  await new Promise((resolve) => setImmediate(resolve));
  await turn.end(right ? "succeeded" : "failed");
  return "checked";
}

async function inOrder(n: number, step: () => Promise<string>): Promise<string[]> {
  const results: string[] = [];
  for (let i = 0; i < n; i++) results.push(await step());
  return results;
}

describe("createAccountThrottle", () => {
  it("checks maxFailures wrong passwords, then refuses until the lockout ends, without extending it", async () => {
    const { t, clock } = throttle();
    expect(await inOrder(4, () => check(t, "ana@example.com"))).toEqual(["checked", "checked", "checked", "locked"]);
    expect(await check(t, "bia@example.com")).toBe("checked"); // accounts are independent
    clock.now += 14 * MINUTE;
    expect(await check(t, "ana@example.com", true)).toBe("locked"); // a right password too, unchecked
    clock.now += MINUTE;
    expect(await inOrder(4, () => check(t, "ana@example.com"))).toEqual(["checked", "checked", "checked", "locked"]);
  });

  it("starts over after a success, and when the window has passed", async () => {
    const { t, clock } = throttle();
    await check(t, "ana@example.com");
    await check(t, "ana@example.com");
    await check(t, "ana@example.com", true);
    expect(await inOrder(4, () => check(t, "ana@example.com"))).toEqual(["checked", "checked", "checked", "locked"]);

    await check(t, "bia@example.com");
    await check(t, "bia@example.com");
    clock.now += 15 * MINUTE;
    expect(await inOrder(4, () => check(t, "bia@example.com"))).toEqual(["checked", "checked", "checked", "locked"]);
  });

  it("counts failures only: fifty right passwords at once are all checked, and lock nothing", async () => {
    const { t } = throttle();
    const results = await Promise.all(Array.from({ length: 50 }, () => check(t, "ana@example.com", true)));
    expect(results.every((r) => r === "checked")).toBe(true);
    expect(await inOrder(3, () => check(t, "ana@example.com"))).toEqual(["checked", "checked", "checked"]);
  });

  it("lets no burst of wrong passwords past the limit: the others wait their turn, then find the lock", async () => {
    const { t } = throttle({ maxFailures: 10 });
    const burst = await Promise.all(Array.from({ length: 50 }, () => check(t, "ana@example.com")));
    expect(burst.filter((r) => r === "checked")).toHaveLength(10);
    // After two failures only the eight checks left may run at once.
    const { t: other } = throttle({ maxFailures: 10 });
    await check(other, "bia@example.com");
    await check(other, "bia@example.com");
    const granted: AccountTurn[] = [];
    const all = Array.from({ length: 20 }, () =>
      other.begin("bia@example.com").then((turn) => {
        if (turn) granted.push(turn);
        return turn;
      }),
    );
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toHaveLength(8);
    // A right password frees every slot: ten run at once again, and the rest follow.
    await granted[0]!.end("succeeded");
    await expect.poll(() => granted.length).toBe(11);
    for (let ended = 1; ended < 20; ended++) {
      await expect.poll(() => granted.length).toBeGreaterThan(ended);
      await granted[ended]!.end("abandoned");
    }
    expect(granted).toHaveLength(20);
    await Promise.all(all);
  });

  it("stays bounded, forgetting the stalest counts before any lockout", async () => {
    const { t, clock } = throttle({ maxKeys: 5 });
    await inOrder(3, () => check(t, "locked@example.com"));
    expect(await check(t, "locked@example.com")).toBe("locked");
    await check(t, "early@example.com");
    await check(t, "early@example.com");
    for (let i = 0; i < 5; i++) {
      clock.now += 1;
      await check(t, `spray-${i}@example.com`);
    }
    // "early" was the stalest count and is forgotten; the lockout is kept apart and survives.
    expect(await inOrder(4, () => check(t, "early@example.com"))).toEqual(["checked", "checked", "checked", "locked"]);
    expect(await check(t, "locked@example.com")).toBe("locked");
  });

  it("does nothing with maxFailures 0", async () => {
    const { t } = throttle({ maxFailures: 0 });
    const results = await Promise.all(Array.from({ length: 100 }, () => check(t, "ana@example.com")));
    expect(results.every((r) => r === "checked")).toBe(true);
  });
});
