import { describe, expect, it } from "vitest";
import { listFailures, listSkips, summarize } from "./test-summary.ts";

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

describe("with --require-all (CI)", () => {
  it("fails a run that skipped any test, and says why at the end", () => {
    const all = { checks, vitest, playwright, expectPlaywright: true, requireAll: true };
    expect(summarize(all)).toEqual({ text: "17 passed, 1 failed, 3 skipped", ok: false });
    expect(listFailures({ ...all, failedSteps: [] })).toEqual([
      "✗ 3 tests were skipped (see Skipped above), and --require-all allows none",
    ]);
    const none = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 0, testResults: [] };
    const complete = { stats: { expected: 5, unexpected: 0, skipped: 0, flaky: 0 } };
    expect(summarize({ ...all, vitest: none, playwright: complete })).toEqual({
      text: "17 passed, 0 failed",
      ok: true,
    });
  });
});

describe("listSkips", () => {
  it("names each file's skipped tests with their reason, once per file and reason", () => {
    const postgres = { skipReason: "PostgreSQL binaries not found in /usr/lib/postgresql/15/bin (set PG_BIN)" };
    const lines = listSkips({
      vitest: {
        ...vitest,
        testResults: [
          {
            name: "/clone/server/backend/auth/auth.test.ts",
            status: "passed",
            assertionResults: [
              { fullName: "auth on pglite signs in", status: "passed" },
              { fullName: "auth on postgres signs in", status: "skipped", meta: postgres },
              { fullName: "auth on postgres signs out", status: "skipped", meta: postgres },
            ],
          },
          {
            name: "/clone/server/acceptance.test.ts",
            status: "passed",
            assertionResults: [
              {
                status: "skipped",
                meta: { skipReason: "no production build and `npm run build` failed (exit 1):\nx" },
              },
              { status: "skipped", meta: {} },
              { status: "todo" },
            ],
          },
        ],
      },
      playwright: {
        ...playwright,
        suites: [
          {
            title: "behind-nginx.spec.ts",
            specs: [
              {
                title: "serves over TLS",
                file: "behind-nginx.spec.ts",
                tests: [
                  {
                    projectName: "chromium",
                    status: "skipped",
                    annotations: [{ type: "skip", description: "nginx or openssl is not installed" }],
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(lines).toEqual([
      "⊘ vitest server/backend/auth/auth.test.ts: 2 skipped: PostgreSQL binaries not found in /usr/lib/postgresql/15/bin (set PG_BIN)",
      "⊘ vitest server/acceptance.test.ts: 1 skipped: no production build and `npm run build` failed (exit 1):",
      "⊘ vitest server/acceptance.test.ts: 1 skipped: no reason given",
      "⊘ vitest server/acceptance.test.ts: 1 skipped: todo",
      "⊘ playwright [chromium] behind-nginx.spec.ts: 1 skipped: nginx or openssl is not installed",
    ]);
    expect(listSkips({ vitest: undefined, playwright: undefined })).toEqual([]);
  });
});

describe("listFailures", () => {
  it("names every failed step and test, with the first line of its error, so a log's tail says what broke", () => {
    const lines = listFailures({
      failedSteps: ["lint (see its output above)"],
      vitest: {
        ...vitest,
        numFailedTests: 1,
        testResults: [
          {
            name: "/somewhere/clone/server/http/limits.test.ts",
            status: "failed",
            assertionResults: [
              {
                fullName: "limits bounds the body",
                status: "failed",
                failureMessages: ["\u001b[31mAssertionError: expected 500 to be 413\u001b[39m\n    at x"],
              },
              { fullName: "limits passes", status: "passed" },
            ],
          },
          {
            name: "/somewhere/clone/app/broken.test.ts",
            status: "failed",
            message: "SyntaxError: Unexpected token",
            assertionResults: [],
          },
        ],
      },
      playwright: {
        ...playwright,
        suites: [
          {
            title: "shell.spec.ts",
            specs: [],
            suites: [
              {
                title: "mobile menu",
                specs: [
                  {
                    title: "Escape closes the menu",
                    file: "shell.spec.ts",
                    line: 102,
                    tests: [
                      {
                        projectName: "chromium",
                        status: "unexpected",
                        results: [{ error: { message: "Timeout 5000ms exceeded." } }],
                      },
                    ],
                  },
                  {
                    title: "passes",
                    file: "shell.spec.ts",
                    line: 3,
                    tests: [{ projectName: "chromium", status: "expected" }],
                  },
                ],
              },
            ],
          },
        ],
      },
      expectPlaywright: true,
    });
    expect(lines).toEqual([
      "✗ lint (see its output above)",
      "✗ vitest server/http/limits.test.ts › limits bounds the body: AssertionError: expected 500 to be 413",
      "✗ vitest app/broken.test.ts: SyntaxError: Unexpected token",
      "✗ playwright [chromium] shell.spec.ts:102 › mobile menu › Escape closes the menu: Timeout 5000ms exceeded.",
    ]);
  });

  it("says so when a runner wrote no report, and lists nothing when all passed", () => {
    expect(listFailures({ failedSteps: [], vitest: undefined, playwright: undefined, expectPlaywright: true })).toEqual(
      [
        "✗ vitest wrote no report: it crashed (see its output above)",
        "✗ playwright wrote no report: it crashed (see its output above)",
      ],
    );
    expect(listFailures({ failedSteps: [], vitest, playwright, expectPlaywright: true })).toEqual([]);
  });
});
