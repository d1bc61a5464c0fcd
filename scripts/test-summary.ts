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
    assertionResults?: {
      fullName?: string;
      status: string;
      failureMessages?: string[];
      /** server/backend/testing/skip.ts puts the reason a test was skipped here. */
      meta?: { skipReason?: string };
    }[];
  }[];
}

interface PlaywrightSuite {
  title?: string;
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests?: {
      projectName?: string;
      status: string;
      annotations?: { type: string; description?: string }[];
      results?: { error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport extends PlaywrightSuite {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  errors?: { message?: string }[];
}

export interface SummaryInput {
  checks: Counts;
  vitest: unknown;
  playwright: unknown;
  expectPlaywright: boolean;
  /** CI (`npm test -- --require-all`): a skipped test is a failure, since everything is installed there. */
  requireAll?: boolean;
}

function skippedTests(input: { vitest: unknown; playwright: unknown }): number {
  const vitest = input.vitest as VitestReport | undefined;
  const playwright = input.playwright as PlaywrightReport | undefined;
  return (vitest ? vitest.numPendingTests + (vitest.numTodoTests ?? 0) : 0) + (playwright?.stats.skipped ?? 0);
}

export function summarize(input: SummaryInput): { text: string; ok: boolean } {
  const total: Counts = { ...input.checks };
  const vitest = input.vitest as VitestReport | undefined;
  if (vitest) {
    total.passed += vitest.numPassedTests;
    total.failed += vitest.numFailedTests;
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
  } else if (input.expectPlaywright) {
    total.failed += 1; // Playwright produced no report: it crashed.
  }
  total.skipped += skippedTests(input);
  if (input.requireAll && total.skipped > 0) total.failed += 1;
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
export function listFailures(input: Omit<SummaryInput, "checks"> & { failedSteps: string[] }): string[] {
  const lines = input.failedSteps.map((step) => `✗ ${step}`);
  const skipped = skippedTests(input);
  if (input.requireAll && skipped > 0) {
    lines.push(`✗ ${skipped} tests were skipped (see Skipped above), and --require-all allows none`);
  }
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

/**
 * What did not run, and why: one line per file (and Playwright project) and reason, so a run that
 * lacked PostgreSQL or a build says so at its end instead of passing for a full one.
 */
export function listSkips(input: { vitest: unknown; playwright: unknown }): string[] {
  const counts = new Map<string, { where: string; reason: string; count: number }>();
  const add = (where: string, reason: string | undefined) => {
    const why = firstLine(reason) || "no reason given";
    const entry = counts.get(`${where}\n${why}`) ?? { where, reason: why, count: 0 };
    entry.count++;
    counts.set(`${where}\n${why}`, entry);
  };
  const vitest = input.vitest as VitestReport | undefined;
  for (const file of vitest?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "todo") add(`vitest ${relative(file.name)}`, "todo");
      else if (test.status === "skipped" || test.status === "pending")
        add(`vitest ${relative(file.name)}`, test.meta?.skipReason);
    }
  }
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "skipped") continue;
        const reason = test.annotations?.find((annotation) => annotation.type === "skip")?.description;
        add(`playwright [${test.projectName ?? "?"}] ${relative(spec.file)}`, reason);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  const playwright = input.playwright as PlaywrightReport | undefined;
  if (playwright) walk(playwright);
  return [...counts.values()].map(({ where, reason, count }) => `⊘ ${where}: ${count} skipped: ${reason}`);
}
