// Adds up the reports of every step of `npm test` into the single closing line.
import { stripVTControlCharacters } from "node:util";

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
  testResults?: {
    name?: string;
    status: string;
    message?: string;
    assertionResults?: { fullName?: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title?: string;
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests?: { projectName?: string; status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport extends PlaywrightSuite {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  errors?: { message?: string }[];
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

/** The first line of an error message, without colour codes, cut to fit one terminal line. */
function firstLine(message: string | undefined): string {
  const line =
    stripVTControlCharacters(message ?? "")
      .trim()
      .split("\n")[0] ?? "";
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

function relative(path: string | undefined): string {
  if (!path) return "?";
  const at = path.search(/(?:^|\/)(?:app|server|scripts|tests)\//);
  return at < 0 ? path : path.slice(path[at] === "/" ? at + 1 : at);
}

/**
 * One line per failed test, so the end of a long log (often all a CI page shows) names what
 * broke and why, not only how many.
 */
export function listFailures(input: {
  failedSteps: string[];
  vitest: unknown;
  playwright: unknown;
  expectPlaywright: boolean;
}): string[] {
  const lines = input.failedSteps.map((step) => `✗ ${step}`);
  const vitest = input.vitest as VitestReport | undefined;
  if (!vitest) lines.push("✗ vitest wrote no report: it crashed (see its output above)");
  for (const file of vitest?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      lines.push(`✗ vitest ${relative(file.name)} › ${test.fullName ?? "?"}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === "failed" && failed.length === 0) {
      lines.push(`✗ vitest ${relative(file.name)}: ${firstLine(file.message)}`);
    }
  }
  const playwright = input.playwright as PlaywrightReport | undefined;
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        const where = `${relative(spec.file)}:${spec.line ?? "?"}`;
        const name = [...titles, spec.title].join(" › ");
        lines.push(
          `✗ playwright [${test.projectName ?? "?"}] ${where} › ${name}${test.status === "flaky" ? " (flaky)" : ""}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title && !child.title.includes(".spec.") ? [...titles, child.title] : titles);
  };
  if (playwright) walk(playwright, []);
  else if (input.expectPlaywright) lines.push("✗ playwright wrote no report: it crashed (see its output above)");
  for (const error of playwright?.errors ?? []) lines.push(`✗ playwright: ${firstLine(error.message)}`);
  return lines;
}
