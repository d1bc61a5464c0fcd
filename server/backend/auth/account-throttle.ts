// Per-account throttle for password sign-in. The per-IP limits (server/http/rate-limits.ts)
// cannot stop a botnet: each address stays under its limit while together they try one
// account's password without end. This counts attempts per e-mail whatever the address: after
// `maxFailures` within `windowMs`, the account's password sign-in answers 429 for `lockoutMs`
// without checking the password. A lockout, not a rate, so it is not that limiter. Unknown
// e-mails are counted the same way, so the 429 says nothing about which accounts exist.
//
// In memory and per process on the embedded database (ADR 025). With DATABASE_URL the counts
// live in PostgreSQL (createSharedAccountThrottle, internal migration 0010-account-throttle.sql),
// like the per-IP limits (ADR 023): N instances together lock an account after the same number
// of failures as one, and a restart forgets nothing.
import { createHash } from "node:crypto";
import type { Database } from "../db/types.ts";

export interface AccountThrottleLimits {
  /** Failed attempts per account within `windowMs` that lock it; 0 turns the throttle off. */
  maxFailures: number;
  windowMs: number;
  /** How long a locked account's password sign-in is refused. */
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

export interface AccountThrottle {
  /**
   * Counts one attempt for the account before its password is checked; false while the account
   * is locked (and then nothing is counted, so retrying does not extend the lockout).
   */
  attempt(key: string): boolean | Promise<boolean>;
  /** The password was right: the account's count starts over. */
  succeeded(key: string): void | Promise<void>;
}

/**
 * Attempts are counted when they start, not when bcrypt says no: otherwise a burst of parallel
 * guesses would all pass the check before the first failure was recorded. A right password
 * then clears the count, so a user's own sign-in is not held against them.
 */
export function createAccountThrottle(limits: AccountThrottleLimits, now: () => number): AccountThrottle {
  if (limits.maxFailures <= 0) return { attempt: () => true, succeeded: () => {} };
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

  return {
    attempt(key) {
      const t = now();
      sweep(t);
      const until = locked.get(key);
      if (until !== undefined) {
        if (until > t) return false;
        locked.delete(key);
      }
      const previous = counting.get(key);
      const entry = previous && t - previous.since < limits.windowMs ? previous : { since: t, last: t, count: 0 };
      entry.count++;
      entry.last = t;
      counting.delete(key);
      if (entry.count >= limits.maxFailures) {
        locked.set(key, t + limits.lockoutMs);
        cap(locked);
      } else {
        counting.set(key, entry);
        cap(counting);
      }
      return true;
    },
    succeeded(key) {
      counting.delete(key);
      locked.delete(key);
    },
  };
}

/** The stored key of an account: its address hashed, so guessed addresses are not kept in the clear. */
const keyOf = (email: string) => createHash("sha256").update(email).digest("hex");

/** How often an instance deletes rows whose window and lockout have both passed. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The same throttle with its counts in PostgreSQL, shared by every instance on the database.
 * One account at a time (an advisory lock on its key): read, decide and count as one step, so
 * parallel guesses spread over instances are all counted. `maxKeys` does not apply: rows are
 * bounded by the sweep, and a row is some 100 bytes.
 */
export function createSharedAccountThrottle(
  db: Database,
  limits: AccountThrottleLimits,
  now: () => number,
): AccountThrottle {
  if (limits.maxFailures <= 0) return { attempt: () => true, succeeded: () => {} };
  let lastSweep = 0;

  return {
    async attempt(email) {
      const t = now();
      const key = keyOf(email);
      const allowed = await db.transaction(async (tx) => {
        await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`account-throttle:${key}`]);
        const { rows } = await tx.query<{
          since: string | number;
          count: number;
          locked_until: string | number | null;
        }>("select since, count, locked_until from omnia_internal.account_throttle where key = $1", [key]);
        const row = rows[0];
        if (row?.locked_until != null && Number(row.locked_until) > t) return false;
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
        return true;
      });
      if (t - lastSweep > SWEEP_INTERVAL_MS) {
        lastSweep = t;
        await db.query(
          `delete from omnia_internal.account_throttle
            where coalesce(locked_until, since + $2) <= $1`,
          [t, limits.windowMs],
        );
      }
      return allowed;
    },
    async succeeded(email) {
      await db.query("delete from omnia_internal.account_throttle where key = $1", [keyOf(email)]);
    },
  };
}
