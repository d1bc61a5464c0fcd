import { describe, expect, it } from "vitest";
import { summarize } from "./test-summary.ts";

const checks = { passed: 2, failed: 0, skipped: 0 };
const vitest = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 1, testResults: [{ status: "passed" }] };
const playwright = { stats: { expected: 5, unexpected: 0, skipped: 2, flaky: 0 }, errors: [] };

describe("summarize", () => {
  it("adds up every step into one line", () => {
    expect(summarize({ checks, vitest, playwright, expectPlaywright: true })).toEqual({
      text: "17 passed, 0 failed, 3 skipped",
      ok: true,
    });
  });

  it("counts failures from any step and fails the run", () => {
    const result = summarize({
      checks: { passed: 1, failed: 1, skipped: 0 },
      vitest: { ...vitest, numFailedTests: 2 },
      playwright: { stats: { expected: 5, unexpected: 1, skipped: 0, flaky: 0 } },
      expectPlaywright: true,
    });
    expect(result).toEqual({ text: "16 passed, 4 failed, 1 skipped", ok: false });
  });

  it("treats a missing report as a crash, and a run with no test as a failure", () => {
    expect(summarize({ checks, vitest: undefined, playwright: undefined, expectPlaywright: true }).text).toBe(
      "2 passed, 2 failed",
    );
    expect(
      summarize({
        checks: { passed: 0, failed: 0, skipped: 0 },
        vitest: undefined,
        playwright: undefined,
        expectPlaywright: false,
      }).ok,
    ).toBe(false);
  });

  it("counts a test file that failed to load", () => {
    const broken = { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, testResults: [{ status: "failed" }] };
    expect(summarize({ checks, vitest: broken, playwright, expectPlaywright: true }).text).toBe(
      "10 passed, 1 failed, 2 skipped",
    );
  });
});
