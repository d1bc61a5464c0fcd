// Scheduled posts and the page cache (issue #36). The database decides visibility, so a post
// scheduled for T is visible to every read from T on by itself; only the cached pages would keep
// showing the blog without it. Each instance knows the next scheduled moment (asked at start, on
// every change notice, and at least every 30 s), tells the page cache to drop everything then
// (its lookups check it too, so the first request after T never gets a stale page), and asks
// again. A server that was down at T starts with an empty cache: nothing stale to drop.
import type { Queryable } from "../backend/db/types.ts";

/** At most this long between two questions to the database, whatever it said last. */
export const SCHEDULE_RECHECK_MS = 30_000;

/** What the watcher needs of the page cache. */
export interface ExpiringCache {
  expireBy(at: number | null): void;
  expireIfDue(now?: number): boolean;
}

/**
 * Milliseconds until the next scheduled post goes live, by the database's clock (so another
 * machine's clock cannot move it), or null when none is scheduled.
 */
export async function msUntilNextScheduledPost(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ ms: number | string | null }>(
    `select (extract(epoch from min(published_at) - now()) * 1000)::float8 as ms
       from public.blog_posts where published and published_at > now()`,
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

export interface ScheduledPostsWatcher {
  /** Asks the database again (a change may have scheduled, moved or published a post). */
  refresh(): void;
  stop(): void;
}

export interface WatchOptions {
  cache: ExpiringCache;
  msUntilNext: () => Promise<number | null>;
  recheckMs?: number;
  log?: (line: string) => void;
}

/** Starts watching; resolves once the first answer is in. */
export async function watchScheduledPosts(options: WatchOptions): Promise<ScheduledPostsWatcher> {
  const recheckMs = options.recheckMs ?? SCHEDULE_RECHECK_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // One question at a time; a refresh asked for meanwhile asks once more when it is answered.
  let asking: Promise<void> | null = null;
  let again = false;

  const ask = async (): Promise<void> => {
    let delay: number | null = null;
    try {
      delay = await options.msUntilNext();
    } catch (error) {
      options.log?.(`Scheduled posts: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (stopped) return;
    // Counted from the answer: at worst a little late, never early by the database's clock.
    const now = Date.now();
    const wakeAt = now + Math.min(delay ?? recheckMs, recheckMs);
    options.cache.expireBy(delay === null ? null : now + delay);
    clearTimeout(timer);
    const wake = () => {
      // Node measures a timer from the time its loop turn began, so it can fire a few
      // milliseconds before Date.now() reaches the moment; expiring then would find nothing due
      // and leave the pages until the next recheck. Wait out the rest instead.
      const early = wakeAt - Date.now();
      if (early > 0) {
        timer = setTimeout(wake, early + 1);
        timer.unref();
        return;
      }
      options.cache.expireIfDue();
      void refresh();
    };
    timer = setTimeout(wake, wakeAt - Date.now());
    timer.unref();
  };

  const refresh = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (asking) {
      again = true;
      return asking;
    }
    const current = ask().finally(() => {
      asking = null;
      if (again) {
        again = false;
        void refresh();
      }
    });
    asking = current;
    return current;
  };

  await refresh();
  return {
    refresh: () => void refresh(),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
