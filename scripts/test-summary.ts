// Adds up the reports of every step of `npm test` into the single closing line.

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numTotalTestSuites?: number;
  testResults?: { status: string }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  errors?: unknown[];
}

export function summarize(input: { checks: Counts; vitest: unknown; playwright: unknown; expectPlaywright: boolean }): {
  text: string;
  ok: boolean;
} {
  const total: Counts = { ...input.checks };
  const vitest = input.vitest as VitestReport | undefined;
  if (vitest) {
    total.passed += vitest.numPassedTests;
    total.failed += vitest.numFailedTests;
    total.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
    // A file that fails to load has no tests in it, but it is a failure all the same.
    total.failed +=
      (vitest.testResults ?? []).filter((file) => file.status === "failed").length > 0 && vitest.numFailedTests === 0
        ? 1
        : 0;
  } else {
    total.failed += 1; // Vitest produced no report: it crashed.
  }
  const playwright = input.playwright as PlaywrightReport | undefined;
  if (playwright) {
    total.passed += playwright.stats.expected;
    total.failed += playwright.stats.unexpected + playwright.stats.flaky + (playwright.errors?.length ?? 0);
    total.skipped += playwright.stats.skipped;
  } else if (input.expectPlaywright) {
    total.failed += 1; // Playwright produced no report: it crashed.
  }
  const text = `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`;
  return { text, ok: total.failed === 0 && total.passed > 0 };
}
