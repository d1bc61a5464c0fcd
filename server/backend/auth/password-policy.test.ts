// Which new passwords are refused, and with which of GoTrue's weak_password reasons.
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT, isCommonPassword, passwordWeakness } from "./password-policy.ts";
import { dictionary } from "@zxcvbn-ts/language-common";

describe("passwordWeakness", () => {
  it("accepts a password that is long enough, not blank and not common", () => {
    expect(passwordWeakness("correct-horse-battery")).toBeNull();
    expect(passwordWeakness("  with spaces around  ")).toBeNull();
  });

  it("keeps GoTrue's minimum length and its message", () => {
    expect(passwordWeakness("x7#Qa")).toEqual({
      reasons: ["length"],
      message: "Password should be at least 6 characters.",
    });
  });

  it("refuses passwords made only of whitespace", () => {
    expect(passwordWeakness("      ")?.reasons).toEqual(["characters"]);
    expect(passwordWeakness("\t \u00a0\n  ")?.reasons).toEqual(["characters"]);
    expect(passwordWeakness("   ")?.reasons).toEqual(["length", "characters"]);
  });

  it("refuses the most common passwords whatever their case, as GoTrue refuses pwned ones", () => {
    const pwned = {
      reasons: ["pwned"],
      message: "Password is known to be weak and easy to guess, please choose a different one.",
    };
    const common = ["123456", "password", "PassWord", "qwerty123", " letmein "];
    expect(common.map(passwordWeakness)).toEqual(common.map(() => pwned));
    // Every reason found is reported, one sentence each, as GoTrue does.
    expect(passwordWeakness("12345")).toEqual({
      reasons: ["length", "pwned"],
      message:
        "Password should be at least 6 characters. Password is known to be weak and easy to guess, please choose a different one.",
    });
  });

  it("uses exactly the first 10,000 entries of zxcvbn-ts's frequency-ordered list", () => {
    const list = dictionary["passwords-common"];
    expect(isCommonPassword(list[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    const top = new Set(list.slice(0, COMMON_PASSWORD_COUNT));
    const beyond = list.slice(COMMON_PASSWORD_COUNT).find((p) => !top.has(p) && p.length >= 6);
    expect(beyond).toBeDefined();
    expect(isCommonPassword(beyond!)).toBe(false);
  });
});
