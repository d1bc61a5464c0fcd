// PGlite runs no autovacuum (it has no background workers), so without this module nothing would
// vacuum or analyze the embedded database: deleted and updated rows would never free their space
// (the analytics' rollups rewrite their open days every minute), tables and indexes would grow for
// good, and the planner would guess without statistics. The embedded backend therefore does
// autovacuum's job itself, with PostgreSQL's own thresholds and settings (ADR 105), plus one rule
// of its own for the blog's search (ADR 071). PostgreSQL and hosted Supabase do all this on their
// own; there this module is not started.
import type { Database } from "./types.ts";

/** The tables whose statistics the blog's search depends on. */
const BLOG_TABLES = "public.blog_posts, public.post_tags, public.tags";

/** The channel blog changes are announced on (supabase/migrations/*_notify.sql). */
const BLOG_CHANNEL = "blog_posts_changed";

/** How long the blog must stay unchanged before it is analyzed again: a burst costs one pass. */
export const STATISTICS_SETTLE_MS = 30_000;

/** How often the tables are checked: autovacuum_naptime's default. */
export const AUTOVACUUM_INTERVAL_MS = 60_000;

/** A table's work taking longer than this is logged: it held every other query for that long. */
const SLOW_MS = 1000;

/**
 * The tables autovacuum would vacuum or analyze now: its formulas from PostgreSQL's
 * documentation ("The Autovacuum Daemon"), with the server's settings, each overridden by the
 * table's own storage parameters (`ALTER TABLE … SET (autovacuum_…)`) as autovacuum does. A table
 * with autovacuum_enabled off is still vacuumed against wraparound, never otherwise; a freeze age
 * above the server's is ignored; an insert threshold of -1 turns insert-driven vacuums off. TOAST
 * tables are vacuumed with their table.
 */
const DUE_TABLES = `
with tables as (
  select format('%I.%I', n.nspname, c.relname) as name, c.oid, greatest(c.reltuples, 0) as tuples,
         s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze,
         age(c.relfrozenxid) as xid_age, mxid_age(c.relminmxid) as mxid_age,
         coalesce(o.options, '{}') as options
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_stat_all_tables s on s.relid = c.oid
    left join lateral (
      select jsonb_object_agg(split_part(option, '=', 1), substr(option, strpos(option, '=') + 1)) as options
        from unnest(c.reloptions) as option
    ) as o on true
   where c.relkind in ('r', 'm')
),
settings as (
  select name, oid, tuples, n_dead_tup, n_ins_since_vacuum, n_mod_since_analyze, xid_age, mxid_age,
         coalesce((options->>'autovacuum_enabled')::boolean, current_setting('autovacuum')::boolean) as enabled,
         coalesce((options->>'autovacuum_vacuum_threshold')::float8,
                  current_setting('autovacuum_vacuum_threshold')::float8) as vacuum_base,
         coalesce((options->>'autovacuum_vacuum_scale_factor')::float8,
                  current_setting('autovacuum_vacuum_scale_factor')::float8) as vacuum_scale,
         coalesce((options->>'autovacuum_vacuum_insert_threshold')::float8,
                  current_setting('autovacuum_vacuum_insert_threshold')::float8) as insert_base,
         coalesce((options->>'autovacuum_vacuum_insert_scale_factor')::float8,
                  current_setting('autovacuum_vacuum_insert_scale_factor')::float8) as insert_scale,
         coalesce((options->>'autovacuum_analyze_threshold')::float8,
                  current_setting('autovacuum_analyze_threshold')::float8) as analyze_base,
         coalesce((options->>'autovacuum_analyze_scale_factor')::float8,
                  current_setting('autovacuum_analyze_scale_factor')::float8) as analyze_scale,
         least((options->>'autovacuum_freeze_max_age')::float8,
               current_setting('autovacuum_freeze_max_age')::float8) as freeze_age,
         least((options->>'autovacuum_multixact_freeze_max_age')::float8,
               current_setting('autovacuum_multixact_freeze_max_age')::float8) as multixact_age
    from tables
)
select name, vacuum_due as vacuum, analyze_due as analyze from (
  select name,
         xid_age > freeze_age
           or mxid_age > multixact_age
           or enabled and (
             n_dead_tup > vacuum_base + vacuum_scale * tuples
             or insert_base >= 0 and n_ins_since_vacuum > insert_base + insert_scale * tuples
           ) as vacuum_due,
         -- As autovacuum: analyzing pg_statistic rewrites pg_statistic, so it would be due forever.
         enabled
           and oid <> 'pg_catalog.pg_statistic'::regclass
           and n_mod_since_analyze > analyze_base + analyze_scale * tuples as analyze_due
    from settings
) as due
 where vacuum_due or analyze_due
 order by name`;

export interface Autovacuum {
  /** Vacuums and analyzes what is due now, and says what it did (tests, the bench). */
  runPass(): Promise<{ vacuumed: string[]; analyzed: string[] }>;
  stop(): Promise<void>;
}

/**
 * Analyzes the blog's tables now and `settleMs` after the last change of each burst, and every
 * `intervalMs` vacuums or analyzes the tables autovacuum would. All of it runs one statement at a
 * time, in order; a failure is logged and retried at the next turn, and never stops the backend.
 */
export async function startAutovacuum(
  db: Database,
  {
    settleMs = STATISTICS_SETTLE_MS,
    intervalMs = AUTOVACUUM_INTERVAL_MS,
    log,
  }: { settleMs?: number; intervalMs?: number; log: (line: string) => void },
): Promise<Autovacuum> {
  let settleTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };

  const run = async (sql: string, what: string): Promise<boolean> => {
    const started = performance.now();
    try {
      await db.exec(sql);
    } catch (error) {
      log(`autovacuum: ${what} failed: ${String(error)}`);
      return false;
    }
    const ms = performance.now() - started;
    if (ms > SLOW_MS) log(`autovacuum: ${what} took ${Math.round(ms)} ms`);
    return true;
  };

  const analyzeBlog = () =>
    serially(async () => {
      if (!stopped) await run(`ANALYZE ${BLOG_TABLES}`, "ANALYZE of the blog's tables");
    });

  const pass = () =>
    serially(async () => {
      const done = { vacuumed: [] as string[], analyzed: [] as string[] };
      if (stopped) return done;
      let due: { name: string; vacuum: boolean; analyze: boolean }[];
      try {
        // This process's table counters reach the statistics views only when flushed.
        await db.query("select pg_stat_force_next_flush()");
        due = (await db.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE_TABLES)).rows;
      } catch (error) {
        log(`autovacuum: reading the table statistics failed: ${String(error)}`);
        return done;
      }
      // One statement per table: VACUUM cannot run in a transaction, and other queries get their
      // turn between tables.
      for (const { name, vacuum, analyze } of due) {
        if (stopped) break;
        if (vacuum) {
          const sql = analyze ? `VACUUM (ANALYZE) ${name}` : `VACUUM ${name}`;
          if (await run(sql, `VACUUM of ${name}`)) done.vacuumed.push(name);
        } else if (await run(`ANALYZE ${name}`, `ANALYZE of ${name}`)) {
          done.analyzed.push(name);
        }
      }
      return done;
    });

  await analyzeBlog();
  const unlisten = await db.listen(
    BLOG_CHANNEL,
    () => {
      clearTimeout(settleTimer);
      settleTimer = setTimeout(analyzeBlog, settleMs);
      settleTimer.unref();
    },
    () => void analyzeBlog(),
  );
  // A pass still waiting or running makes the next tick a no-op, so slow passes never pile up.
  let ticking: Promise<unknown> | null = null;
  const interval = setInterval(() => {
    ticking ??= pass().finally(() => (ticking = null));
  }, intervalMs);
  interval.unref();

  return {
    runPass: pass,
    async stop() {
      stopped = true;
      clearTimeout(settleTimer);
      clearInterval(interval);
      await unlisten();
      await queue;
    },
  };
}
