// Kept apart from backend.ts, which the benchmark (scripts/bench/) loads outside Vitest.
import { describe } from "vitest";
import { POSTGRES_SKIP_REASON, type DbKind } from "./backend.ts";
import { skipWhen } from "./skip.ts";

/**
 * Declares the suites of `body` once per database, titled "<title> on pglite" and "… on
 * postgres". Where the PostgreSQL binaries are missing its variant shows as skipped, with the
 * reason, so a green run on such a machine cannot pass for a full one.
 */
export function describeEachDatabase(title: string, body: (kind: DbKind) => void): void {
  for (const kind of ["pglite", "postgres"] as const) {
    describe(`${title} on ${kind}`, skipWhen(kind === "postgres" ? POSTGRES_SKIP_REASON : null), () => {
      body(kind);
    });
  }
}
