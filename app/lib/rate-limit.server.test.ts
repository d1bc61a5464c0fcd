import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("createRateLimiter", () => {
  it("allows `limit` hits per window and key, then refuses with the wait until a slot frees", () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => time });
    expect(limiter.hit("a").allowed).toBe(true);
    time = 10_000;
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limiter.hit("b").allowed).toBe(true);

    time = 60_001; // the first hit left the window
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
  });

  it("keeps at most maxKeys keys, dropping the least recently used", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0, maxKeys: 2 });
    limiter.hit("a");
    limiter.hit("b");
    limiter.hit("c"); // evicts "a"
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("c").allowed).toBe(false);
  });
});
