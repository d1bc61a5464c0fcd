import { describe, expect, it } from "vitest";
import { resolveClientIp } from "./client-ip.ts";

describe("resolveClientIp", () => {
  it("uses the socket peer when no proxy is trusted, whatever the headers say", () => {
    expect(resolveClientIp("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
  });

  it("takes the address the trusted proxy saw", () => {
    expect(resolveClientIp("10.0.0.2", "198.51.100.1", 1)).toBe("198.51.100.1");
  });

  it("ignores hops a client forged in front of the real one", () => {
    expect(resolveClientIp("10.0.0.2", "1.2.3.4, 198.51.100.1", 1)).toBe("198.51.100.1");
    expect(resolveClientIp("10.0.0.3", "1.2.3.4, 198.51.100.1, 10.0.0.2", 2)).toBe("198.51.100.1");
  });

  it("falls back to the left-most address when the chain is shorter than the trusted hops", () => {
    expect(resolveClientIp("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(resolveClientIp(undefined, undefined, 0)).toBe("in-process");
  });
});
