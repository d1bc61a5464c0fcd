// PGlite runs no autovacuum, so nothing gathers the statistics PostgreSQL's planner needs: without
// them it guesses that any word is rare, and the blog's search reads every post's search document
// for a common one. The embedded backend therefore analyzes the blog's tables itself, at start and
// once their changes have settled. PostgreSQL and hosted Supabase do this on their own.
import type { Database } from "./types.ts";

/** The tables whose statistics the blog's queries depend on. */
const BLOG_TABLES = "public.blog_posts, public.post_tags, public.tags";

/** The channel blog changes are announced on (supabase/migrations/*_notify.sql). */
const BLOG_CHANNEL = "blog_posts_changed";

/** How long the blog must stay unchanged before it is analyzed again: a burst costs one pass. */
export const STATISTICS_SETTLE_MS = 30_000;

export interface PlannerStatistics {
  stop(): Promise<void>;
}

/**
 * Analyzes the blog's tables now, then `settleMs` after the last change of each burst. A failure
 * is logged and retried at the next change; it never stops the backend.
 */
export async function keepBlogStatistics(
  db: Database,
  { settleMs = STATISTICS_SETTLE_MS, log }: { settleMs?: number; log: (line: string) => void },
): Promise<PlannerStatistics> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const analyze = () => {
    running = running
      .then(() => (stopped ? undefined : db.exec(`ANALYZE ${BLOG_TABLES}`)))
      .catch((error: unknown) => log(`ANALYZE of the blog's tables failed: ${String(error)}`));
    return running;
  };
  await analyze();
  const unlisten = await db.listen(
    BLOG_CHANNEL,
    () => {
      clearTimeout(timer);
      timer = setTimeout(analyze, settleMs);
      timer.unref();
    },
    () => void analyze(),
  );
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten();
      await running;
    },
  };
}
