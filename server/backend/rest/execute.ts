// Stage 3, running a compiled statement: one transaction as the request's role (db.asRole), the
// request's settings first when it has any (another exposed schema's search_path, Prefer:
// timezone, read-only for a function call that must not write), then the statement, the checks
// that must roll it back (`.single()`, max-affected, PUT's key), the planner's estimate for
// `count=planned|estimated`, and Prefer: tx=rollback (PostgREST's MainTx.hs).
import type { Database } from "../db/types.ts";
import type { Queryable } from "../db/types.ts";
import type { Count } from "./plan.ts";
import type { Auth } from "./request.ts";
import type { Compiled, StatementRow } from "./statement.ts";

export interface Run {
  compiled: Compiled;
  /** Settings for this transaction only (set_config is_local): the role's, search_path, timezone. */
  settings: Record<string, string>;
  readOnly: boolean;
  /** Throws to refuse the result; the transaction then rolls back. */
  check: (row: StatementRow) => void;
  rollback: boolean;
  count?: Count;
  /** The row cap the exact part of an estimated count stopped at. */
  cap?: number;
}

export interface Outcome {
  row: StatementRow;
  total: number | null;
}

const EMPTY: StatementRow = { n: 0, body: null };

/** Carries the result out of a transaction that must not commit. */
class RolledBack {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    this.outcome = outcome;
  }
}

/** "Plan Rows" of the count query's EXPLAIN (FORMAT JSON). */
async function plannedRows(tx: Queryable, explain: NonNullable<Compiled["explain"]>): Promise<number | null> {
  const res = await tx.query<Record<string, unknown>>(explain.sql, explain.params);
  const raw = Object.values(res.rows[0] ?? {})[0];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[] | undefined;
  const rows = plan?.[0]?.Plan?.["Plan Rows"];
  return typeof rows === "number" ? rows : null;
}

/**
 * The total of `count=`: exact as counted; planned from the planner; estimated exact up to the
 * cap and the larger of the two past it (PostgREST counts past the cap with the planner).
 */
async function totalOf(tx: Queryable, run: Run, row: StatementRow): Promise<number | null> {
  const counted = row.total === null || row.total === undefined ? null : Number(row.total);
  if (run.count === undefined || run.count === "exact" || !run.compiled.explain) return counted;
  if (run.count === "estimated" && counted !== null && run.cap !== undefined && counted <= run.cap) return counted;
  const planned = await plannedRows(tx, run.compiled.explain);
  if (run.count === "planned") return planned;
  if (counted === null || planned === null) return counted ?? planned;
  return run.cap === undefined || counted > run.cap ? Math.max(counted, planned) : counted;
}

export async function execute(db: Database, auth: Auth, run: Run): Promise<Outcome> {
  // A read that needs nothing but its statement: one call, and its check once it is over (a
  // read-only transaction has nothing to roll back).
  if (run.readOnly && !run.rollback && (run.count === undefined || run.count === "exact")) {
    const res = await db.readAsRole<StatementRow>(
      auth.role,
      auth.claims,
      run.compiled.sql,
      run.compiled.params,
      auth.headers,
      run.settings,
    );
    const row = res.rows[0] ?? EMPTY;
    run.check(row);
    return { row, total: row.total === null || row.total === undefined ? null : Number(row.total) };
  }
  try {
    return await db.asRole(
      auth.role,
      auth.claims,
      async (tx) => {
        // Prepared per role and text: the next request of this shape skips parse and plan (ADR 088).
        const res = await tx.queryPrepared<StatementRow>(run.compiled.sql, run.compiled.params);
        const row = res.rows[0] ?? EMPTY;
        run.check(row);
        const outcome = { row, total: await totalOf(tx, run, row) };
        if (run.rollback) {
          // Deferred constraints are checked before the changes go, as PostgREST does.
          await tx.query("SET CONSTRAINTS ALL IMMEDIATE");
          throw new RolledBack(outcome);
        }
        return outcome;
      },
      auth.headers,
      run.readOnly ? { ...run.settings, transaction_read_only: "on" } : run.settings,
    );
  } catch (err) {
    if (err instanceof RolledBack) return err.outcome;
    throw err;
  }
}
