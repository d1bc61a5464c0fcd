// How the analytics reach the database: through the backend with the service-role key, like the
// lead forms (ADR 037), so the same code serves the embedded backend (in process) and a hosted
// Supabase project. Three functions of supabase/migrations/20260101001700_analytics.sql: the
// day's salt, a batch of events, and the upkeep (rollups, retention, old salts, today's rollup on
// PostgreSQL) that every instance runs every minute, harmlessly at the same time.
// With the embedded backend the batches skip its REST layer (ADR 090): the same function, run as
// service_role in one transaction, without a JWT to verify and a JSON body parsed twice per batch.
import { createClient } from "@supabase/supabase-js";
import type { BackendAccess } from "../../app/lib/backend-context.ts";
import type { Database, Json } from "../../app/lib/database.types.ts";
import type { Database as BackendDatabase } from "../backend/db/types.ts";
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

/** PostgreSQL's SQLSTATE of a failed query (node-postgres and PGlite both carry it as `code`). */
function sqlState(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/**
 * The analytics' database access. `embedded` is the embedded backend's database (PGlite or
 * DATABASE_URL): batches of events go straight to it; without it (hosted Supabase) they go
 * through the REST API as everything else does.
 */
export function analyticsStore(
  access: BackendAccess,
  database: AnalyticsDatabase,
  embedded?: BackendDatabase,
): AnalyticsStore {
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
    write: embedded
      ? async (batch) => {
          const events = JSON.stringify(batch);
          try {
            await embedded.asRole("service_role", { role: "service_role" }, (tx) =>
              tx.query("SELECT public.analytics_ingest($1::jsonb)", [events]),
            );
          } catch (error) {
            throw new AnalyticsWriteError(sqlState(error), error instanceof Error ? error.message : String(error));
          }
        }
      : async (batch) => {
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
