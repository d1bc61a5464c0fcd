// How the analytics reach the database: through the backend with the service-role key, like the
// lead forms (ADR 037), so the same code serves the embedded backend (in process) and a hosted
// Supabase project. Three functions of supabase/migrations/20260101001700_analytics.sql: the
// day's salt, a batch of events, and the upkeep (rollups, retention, old salts, today's rollup on
// PostgreSQL) that every instance runs every minute, harmlessly at the same time.
import { createClient } from "@supabase/supabase-js";
import type { BackendAccess } from "../../app/lib/backend-context.ts";
import type { Database, Json } from "../../app/lib/database.types.ts";
import type { EventRow } from "./events.ts";

/** A refusal from the database, with PostgREST's code. */
export class AnalyticsWriteError extends Error {
  override name = "AnalyticsWriteError";
  readonly code: string;
  constructor(code: string, message: string) {
    super(`${code} ${message}`);
    this.code = code;
  }
}

const fail = (error: { code?: string; message: string }) => new AnalyticsWriteError(error.code ?? "", error.message);

export interface AnalyticsStore {
  salts(day: string): Promise<string>;
  write(batch: EventRow[]): Promise<void>;
  /** Values the table refuses (a CHECK, a type) fail the same way every time: not worth retrying. */
  isPermanent(error: unknown): boolean;
  maintain(
    retentionDays: number,
  ): Promise<{ rolled_up: number; salts_deleted: number; events_deleted: number; refreshed: number }>;
}

/**
 * Where the backend's database runs. On PGlite it shares the server's one thread, so the upkeep
 * leaves today's rollup to the dashboard's ask (analytics_refresh) and a busy day's rewrite stalls
 * requests only while staff look, not every minute; a hosted Supabase project is PostgreSQL.
 */
export type AnalyticsDatabase = "pglite" | "postgres";

export function analyticsStore(access: BackendAccess, database: AnalyticsDatabase): AnalyticsStore {
  const client = createClient<Database>(access.url, access.serviceRoleKey, {
    global: { fetch: access.fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return {
    async salts(day) {
      const { data, error } = await client.rpc("analytics_salt", { p_day: day });
      if (error) throw fail(error);
      if (typeof data !== "string" || data.length < 32) throw new AnalyticsWriteError("", "no salt returned");
      return data;
    },
    async write(batch) {
      const { error } = await client.rpc("analytics_ingest", { p_events: batch as unknown as Json });
      if (error) throw fail(error);
    },
    isPermanent: (error) => error instanceof AnalyticsWriteError && /^(22|23)/.test(error.code),
    async maintain(retentionDays) {
      const { data, error } = await client.rpc("analytics_maintain", {
        p_retention_days: retentionDays,
        p_refresh_open_days: database === "postgres",
      });
      if (error) throw fail(error);
      return data as { rolled_up: number; salts_deleted: number; events_deleted: number; refreshed: number };
    },
  };
}

// Every minute: on PostgreSQL the upkeep also rewrites today's rollup, which the dashboard reads.
export const MAINTENANCE_INTERVAL_MS = 60_000;

/** Runs the upkeep now and every minute; stop() waits for a run in progress. */
export function startAnalyticsMaintenance(options: {
  maintain: () => Promise<unknown>;
  intervalMs?: number;
  log?: (line: string) => void;
}): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      options.maintain().then(
        () => {},
        (error: unknown) => options.log?.(`Analytics upkeep failed, tried again later: ${String(error)}`),
      ),
    );
  };
  const timer = setInterval(run, options.intervalMs ?? MAINTENANCE_INTERVAL_MS);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
