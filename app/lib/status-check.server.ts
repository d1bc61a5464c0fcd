import type { RouterContextProvider } from "react-router";
import { statusCopy } from "~/content/help";
import { formatDateTime } from "~/lib/format";
import type { StatusReport } from "~/lib/status-report";
import { serverSupabase } from "~/lib/supabase.server";

/** Longer than this and the backend counts as degraded even if it answered. */
const SLOW_MS = 2_000;
/** A check never waits longer than this for the backend. */
const TIMEOUT_MS = 5_000;

/**
 * One live check (docs/decisions/035-status-page-live-check.md): a count-only read of
 * published posts through the same client and RLS path the blog uses, so it proves the
 * database, the REST layer and the anon key all work. The texts are formatted here (São Paulo
 * time) for the page and for /status.json alike.
 */
export async function checkStatus(context: Readonly<RouterContextProvider>): Promise<StatusReport> {
  const started = performance.now();
  let healthy: boolean;
  try {
    const { error } = await serverSupabase(context)
      .from("blog_posts")
      .select("id", { count: "exact", head: true })
      .abortSignal(AbortSignal.timeout(TIMEOUT_MS));
    healthy = !error;
    if (error) console.error("Status check failed:", error.message);
  } catch (error) {
    healthy = false;
    console.error("Status check failed:", error instanceof Error ? error.message : error);
  }
  const latencyMs = Math.round(performance.now() - started);
  const backend = healthy && latencyMs < SLOW_MS ? "operational" : "degraded";
  const allOk = backend === "operational";
  const now = new Date();
  return {
    backend,
    allOk,
    latencyMs,
    checkedAt: now.toISOString(),
    texts: {
      overall: allOk ? statusCopy.allOperational : statusCopy.someDegraded,
      backend: allOk ? statusCopy.operational : statusCopy.degraded,
      latency: statusCopy.latency(latencyMs),
      checkedAt: statusCopy.checkedAt(formatDateTime(now)),
    },
  };
}
