// The visitor of a day (docs/decisions/073-cookieless-analytics.md), as Plausible counts them: a
// hash of the day's random salt, the site, the client address and the User-Agent. Nothing is
// stored on the visitor's device, and the address never leaves this process: the hash alone is
// written. Salts come from the database (analytics_salt), so every instance on one PostgreSQL
// computes the same hash, and are deleted there after two days, after which no hash can be linked
// to an address again.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/** Analytics days are São Paulo days, like every date the admin shows. */
export const ANALYTICS_TIME_ZONE = "America/Sao_Paulo";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: ANALYTICS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

// Formatting a date in a time zone costs more than the rest of an event's hash; São Paulo's days
// begin on a whole minute, so the day of the last minute asked for is kept.
let lastMinute = Number.NaN;
let lastDay = "";

/** The analytics day of an instant, "YYYY-MM-DD". */
export function analyticsDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) [lastMinute, lastDay] = [minute, dayFormat.format(at)];
  return lastDay;
}

/** A day's salt, created by the database on first use. */
export type SaltSource = (day: string) => Promise<string>;

export interface DailyVisitor {
  day: string;
  /** 32 hexadecimal characters. */
  visitor: string;
}

/** The hash itself: the same inputs give the same visitor on every instance. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${site}\n${address}\n${userAgent}`).digest("hex").slice(0, 32);
}

/** Visitors hashed today and kept, so a visitor's next events skip the hash. */
export const VISITOR_CACHE_SIZE = 10_000;

/**
 * Hashes requests into daily visitors, asking the database for a day's salt once and keeping
 * the last few days' in memory; a failed request for a salt is asked again next time. The day's
 * recent visitors are kept by address and User-Agent (bounded, and emptied when the day turns,
 * so nothing outlives its salt).
 */
export function createVisitorHasher(options: {
  salts: SaltSource;
  site: string;
  now?: () => Date;
  cacheSize?: number;
}) {
  const now = options.now ?? (() => new Date());
  const salts = new Map<string, Promise<string>>();
  const known = new LRUCache<string, string>({ max: options.cacheSize ?? VISITOR_CACHE_SIZE });
  let knownDay = "";
  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      salt = options.salts(day);
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
      // Yesterday's is enough to finish requests that straddle midnight.
      while (salts.size > 2) salts.delete(salts.keys().next().value!);
    }
    return salt;
  }
  return {
    async visitorOf(address: string, userAgent: string): Promise<DailyVisitor> {
      const day = analyticsDay(now());
      const salt = await saltOf(day);
      if (day !== knownDay) {
        known.clear();
        knownDay = day;
      }
      const key = `${address}\n${userAgent}`;
      let visitor = known.get(key);
      if (visitor === undefined) {
        visitor = visitorHash(salt, options.site, address, userAgent);
        known.set(key, visitor);
      }
      return { day, visitor };
    },
  };
}

export type VisitorHasher = ReturnType<typeof createVisitorHasher>;
