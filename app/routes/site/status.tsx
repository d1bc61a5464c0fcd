import { data } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { StatusBoard } from "~/components/site/status/status-board";
import { statusCopy } from "~/content/help";
import { formatDateTime } from "~/lib/format";
import { pageMetaFor } from "~/lib/page-meta";
import { serverSupabase } from "~/lib/supabase.server";
import type { Route } from "./+types/status";

/** Longer than this and the backend counts as degraded even if it answered. */
const SLOW_MS = 2_000;

/**
 * A live check on every request (this page is server-rendered, never prerendered): a
 * count-only read of published posts through the same client and RLS path the blog uses,
 * so it proves the database, the REST layer and the anon key all work.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const started = performance.now();
  let healthy: boolean;
  try {
    const { error } = await serverSupabase(context)
      .from("blog_posts")
      .select("id", { count: "exact", head: true })
      .abortSignal(AbortSignal.timeout(5_000));
    healthy = !error;
    if (error) console.error("Status check failed:", error.message);
  } catch (error) {
    healthy = false;
    console.error("Status check failed:", error instanceof Error ? error.message : error);
  }
  const latencyMs = Math.round(performance.now() - started);
  return data(
    {
      backend: healthy && latencyMs < SLOW_MS ? ("operational" as const) : ("degraded" as const),
      latencyMs,
      checkedAt: new Date().toISOString(),
      // Formatted here: the server's São Paulo time, identical in the HTML and after hydration.
      checkedAtLabel: formatDateTime(new Date()),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function StatusPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={statusCopy.eyebrow} title={statusCopy.title} subtitle={statusCopy.subtitle} />
      <StatusBoard copy={statusCopy} {...loaderData} />
    </>
  );
}

export const meta: Route.MetaFunction = () => pageMetaFor("/status", statusCopy.meta);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
