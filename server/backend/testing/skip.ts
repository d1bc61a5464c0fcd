// A skipped test says why: the reason travels in the test's metadata, which Vitest's JSON report
// carries, and `npm test` prints it under "Skipped" (scripts/test-summary.ts). Under
// `npm test -- --require-all` (CI, which installs PostgreSQL) any skipped test fails the run.
import type { TestContext } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    /** Why the test did not run. */
    skipReason?: string;
  }
}

/** describe/it options: skipped, with the reason in the report, when `reason` is not null. */
export function skipWhen(reason: string | null): { skip: boolean; meta: { skipReason?: string } } {
  return reason === null ? { skip: false, meta: {} } : { skip: true, meta: { skipReason: reason } };
}

/** Skips the running test, with the reason in the report. */
export function skipTest(ctx: TestContext, reason: string): never {
  ctx.task.meta.skipReason = reason;
  return ctx.skip(reason);
}
