import { describe, expect, it } from "vitest";
import { normalizeTotpCode, totpCodeProblem } from "./totp-code";

describe("authenticator codes as typed or pasted", () => {
  it("accepts six digits with the separators apps show", () => {
    for (const typed of ["123456", "123 456", " 123-456 ", "12 34 56"]) {
      expect({ typed, problem: totpCodeProblem(typed) }).toEqual({ typed, problem: null });
      expect(normalizeTotpCode(typed)).toBe("123456");
    }
  });

  it("refuses letters, five or seven digits, and says when nothing was typed", () => {
    expect(totpCodeProblem("")).toBe("missing");
    expect(totpCodeProblem("   ")).toBe("missing");
    for (const typed of ["12345", "1234567", "12345a", "abcdef", "١٢٣٤٥٦"]) {
      expect({ typed, problem: totpCodeProblem(typed) }).toEqual({ typed, problem: "invalid" });
    }
  });
});
