import { data } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { StatusBoard } from "~/components/site/status/status-board";
import { statusCopy } from "~/content/help";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import { checkStatus } from "~/lib/status-check.server";
import type { Route } from "./+types/status";

/**
 * A live check on every request (this page is server-rendered, never prerendered;
 * docs/decisions/035-status-page-live-check.md). /status.json answers the same check for the
 * in-place "Verificar novamente".
 */
export async function loader({ context }: Route.LoaderArgs) {
  return data(await checkStatus(context), { headers: { "Cache-Control": "no-store" } });
}

export default function StatusPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={statusCopy.eyebrow} title={statusCopy.title} subtitle={statusCopy.subtitle} />
      <StatusBoard copy={statusCopy} report={loaderData} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/status", statusCopy.meta, siteOf(matches));

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
