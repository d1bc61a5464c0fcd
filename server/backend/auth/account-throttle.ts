// Per-account throttle for password checks (sign-in, and the current password of a password
// change). The per-IP limits (server/http/rate-limits.ts) cannot stop a botnet: each address
// stays under its limit while together they try one account's password without end. This counts
// failures per e-mail whatever the address: after `maxFailures` within `windowMs`, the account's
// password is refused with 429 for `lockoutMs` without being checked. A lockout, not a rate, so
// it is not that limiter. Unknown e-mails are counted the same way, so the 429 says nothing about
// which accounts exist.
//
// Only failures count: a right password is never held against its owner, however many sign-ins
// run at once. So that a burst of parallel guesses cannot all reach bcrypt before the first
// failure is recorded, each process lets at most `maxFailures - failures so far` checks of one
// account run at a time; the others wait for their turn (a right password frees it at once).
// "So far" must include every check this process has ended: a read of the count that a check's
// end overtook is read again, else a late answer would open a slot that failure has taken.
//
// Counts live in memory, per process, on the embedded database (ADR 025). With DATABASE_URL they
// live in PostgreSQL (createSharedAccountThrottle, internal migration 0010-account-throttle.sql),
// like the per-IP limits (ADR 023): N instances together lock an account after the same number
// of failures as one, and a restart forgets nothing.
import { createHash } from "node:crypto";
import type { Database } from "../db/types.ts";

export interface AccountThrottleLimits {
  /** Failed attempts per account within `windowMs` that lock it; 0 turns the throttle off. */
  maxFailures: number;
  windowMs: number;
  /** How long a locked account's password is refused. */
  lockoutMs: number;
  /** Accounts remembered at once, counting and locked each; beyond it the stalest are forgotten. */
  maxKeys: number;
}

export const DEFAULT_ACCOUNT_THROTTLE: AccountThrottleLimits = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  maxKeys: 20_000,
};

/** One password check of an account; end it exactly once, whatever happened. */
export interface AccountTurn {
  /** "failed": a wrong password (counted); "succeeded": a right one (the count starts over); "abandoned": not checked. */
  end(outcome: "failed" | "succeeded" | "abandoned"): Promise<void>;
}

export interface AccountThrottle {
  /**
   * Waits for a turn to check the account's password; null while the account is locked (then
   * nothing is counted, so retrying does not extend the lockout).
   */
  begin(key: string): Promise<AccountTurn | null>;
}

/** Where failures are counted: this process's memory, or PostgreSQL. */
interface FailureStore {
  /** Failures in the current window, or "locked". */
  read(key: string, t: number): Promise<number | "locked">;
  fail(key: string, t: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Requests waiting for a turn on one account, beyond which more are refused as if locked. */
const MAX_WAITING_PER_ACCOUNT = 200;

/**
 * The turns of one process: per account, how many checks run, how many reads of the count are
 * under way, and who waits. A finished check wakes waiters, which read the count again (a success
 * may have freed every slot, a failure taken one away).
 */
function throttleOver(store: FailureStore, limits: AccountThrottleLimits, now: () => number): AccountThrottle {
  if (limits.maxFailures <= 0) {
    return { begin: async () => ({ end: async () => {} }) };
  }
  const gates = new Map<string, { running: number; reading: number; endings: number; waiting: (() => void)[] }>();

  const gateOf = (key: string) => {
    let gate = gates.get(key);
    if (!gate) {
      gate = { running: 0, reading: 0, endings: 0, waiting: [] };
      gates.set(key, gate);
    }
    return gate;
  };
  const forgetIdle = (key: string) => {
    const gate = gates.get(key);
    if (gate && gate.running === 0 && gate.reading === 0 && gate.waiting.length === 0) gates.delete(key);
  };
  const release = (key: string) => {
    const gate = gates.get(key);
    if (!gate) return;
    gate.running--;
    gate.endings++;
    // As many as could find a free slot (a success frees them all), and everyone once nothing
    // runs (else a lock would leave them waiting); each reads the count again.
    const woken = gate.waiting.splice(0, gate.running === 0 ? gate.waiting.length : limits.maxFailures - gate.running);
    for (const wake of woken) wake();
    forgetIdle(key);
  };
  return {
    async begin(key) {
      for (;;) {
        // The gate stays while a read of its account is under way (forgetIdle), so `endings`
        // tells whether a check ended meanwhile: its failure may be missing from the answer.
        const gate = gateOf(key);
        const endings = gate.endings;
        gate.reading++;
        let failures: number | "locked";
        try {
          failures = await store.read(key, now());
        } catch (error) {
          gate.reading--;
          forgetIdle(key);
          throw error;
        }
        gate.reading--;
        if (gate.endings !== endings) continue;
        if (failures !== "locked" && gate.running < limits.maxFailures - failures) {
          gate.running++;
          let ended = false;
          return {
            async end(outcome) {
              if (ended) return;
              ended = true;
              try {
                if (outcome === "failed") await store.fail(key, now());
                else if (outcome === "succeeded") await store.reset(key);
              } finally {
                release(key);
              }
            },
          };
        }
        if (failures === "locked" || gate.waiting.length >= MAX_WAITING_PER_ACCOUNT) {
          forgetIdle(key);
          return null;
        }
        await new Promise<void>((resolve) => gate.waiting.push(resolve));
      }
    },
  };
}

/** The throttle in this process's memory (the embedded database: one process). */
export function createAccountThrottle(limits: AccountThrottleLimits, now: () => number): AccountThrottle {
  // Both maps are kept in order of last change (delete + set moves a key to the end), so the
  // first key is the stalest and forgetting it is O(1). Locked accounts live apart: pushing one
  // out takes `maxKeys` other accounts locked within the lockout, not merely that many guesses.
  const counting = new Map<string, { since: number; last: number; count: number }>();
  const locked = new Map<string, number>();

  const sweep = (t: number) => {
    for (const [key, entry] of counting) {
      if (t - entry.last < limits.windowMs) break;
      counting.delete(key);
    }
    for (const [key, until] of locked) {
      if (until > t) break;
      locked.delete(key);
    }
  };
  const cap = (map: Map<string, unknown>) => {
    if (map.size <= limits.maxKeys) return;
    const stalest = map.keys().next();
    if (!stalest.done) map.delete(stalest.value);
  };

  return throttleOver(
    {
      async read(key, t) {
        sweep(t);
        const until = locked.get(key);
        if (until !== undefined && until > t) return "locked";
        const entry = counting.get(key);
        return entry && t - entry.since < limits.windowMs ? entry.count : 0;
      },
      async fail(key, t) {
        // A failure that lands while the account is locked (its check began before) changes nothing.
        if ((locked.get(key) ?? 0) > t) return;
        const previous = counting.get(key);
        const entry = previous && t - previous.since < limits.windowMs ? previous : { since: t, last: t, count: 0 };
        entry.count++;
        entry.last = t;
        counting.delete(key);
        if (entry.count >= limits.maxFailures) {
          locked.delete(key);
          locked.set(key, t + limits.lockoutMs);
          cap(locked);
        } else {
          counting.set(key, entry);
          cap(counting);
        }
      },
      async reset(key) {
        counting.delete(key);
        locked.delete(key);
      },
    },
    limits,
    now,
  );
}

/** The stored key of an account: its address hashed, so guessed addresses are not kept in the clear. */
const keyOf = (email: string) => createHash("sha256").update(email).digest("hex");

/** How often an instance deletes rows whose window and lockout have both passed. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The same throttle with its counts in PostgreSQL, shared by every instance on the database.
 * A failure is counted under an advisory lock on the account's key (read, decide and write as
 * one step), so parallel failures spread over instances are all counted. `maxKeys` does not
 * apply: rows are bounded by the sweep, and a row is some 100 bytes.
 */
export function createSharedAccountThrottle(
  db: Database,
  limits: AccountThrottleLimits,
  now: () => number,
): AccountThrottle {
  let lastSweep = 0;
  const sweep = async (t: number) => {
    if (t - lastSweep <= SWEEP_INTERVAL_MS) return;
    lastSweep = t;
    await db.query(
      `delete from omnia_internal.account_throttle
        where coalesce(locked_until, since + $2) <= $1`,
      [t, limits.windowMs],
    );
  };

  return throttleOver(
    {
      async read(email, t) {
        await sweep(t);
        const { rows } = await db.query<{
          since: string | number;
          count: number;
          locked_until: string | number | null;
        }>("select since, count, locked_until from omnia_internal.account_throttle where key = $1", [keyOf(email)]);
        const row = rows[0];
        if (!row) return 0;
        if (row.locked_until != null) return Number(row.locked_until) > t ? "locked" : 0;
        return t - Number(row.since) < limits.windowMs ? row.count : 0;
      },
      async fail(email, t) {
        const key = keyOf(email);
        await db.transaction(async (tx) => {
          await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`account-throttle:${key}`]);
          const { rows } = await tx.query<{
            since: string | number;
            count: number;
            locked_until: string | number | null;
          }>("select since, count, locked_until from omnia_internal.account_throttle where key = $1", [key]);
          const row = rows[0];
          // A failure that lands while the account is locked (its check began before) changes nothing.
          if (row?.locked_until != null && Number(row.locked_until) > t) return;
          // A lockout that has passed, or a window that has, starts the count over.
          const fresh = !row || row.locked_until != null || t - Number(row.since) >= limits.windowMs;
          const since = fresh ? t : Number(row.since);
          const count = (fresh ? 0 : row.count) + 1;
          const lockedUntil = count >= limits.maxFailures ? t + limits.lockoutMs : null;
          await tx.query(
            `insert into omnia_internal.account_throttle (key, since, count, locked_until) values ($1, $2, $3, $4)
             on conflict (key) do update set since = excluded.since, count = excluded.count, locked_until = excluded.locked_until`,
            [key, since, lockedUntil === null ? count : 0, lockedUntil],
          );
        });
      },
      async reset(email) {
        await db.query("delete from omnia_internal.account_throttle where key = $1", [keyOf(email)]);
      },
    },
    limits,
    now,
  );
}
