/**
 * One live check of the site's backend (docs/decisions/035-status-page-live-check.md), as
 * /status renders it and /status.json sends it to app/enhance/status.ts. The texts are the
 * page's own, formatted on the server, so the browser needs no copy and no date formatter.
 * Plain data and a guard, no imports: the enhancement bundle includes this file.
 */
export interface StatusReport {
  backend: "operational" | "degraded";
  /** Every component operational (the site is, since it answered). */
  allOk: boolean;
  latencyMs: number;
  /** ISO 8601, for <time dateTime>. */
  checkedAt: string;
  texts: { overall: string; backend: string; latency: string; checkedAt: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Whether a parsed JSON body is a StatusReport (the enhancement trusts nothing else). */
export function isStatusReport(value: unknown): value is StatusReport {
  if (!isObject(value) || !isObject(value.texts)) return false;
  const { texts } = value;
  return (
    (value.backend === "operational" || value.backend === "degraded") &&
    typeof value.allOk === "boolean" &&
    typeof value.latencyMs === "number" &&
    typeof value.checkedAt === "string" &&
    ["overall", "backend", "latency", "checkedAt"].every((key) => typeof texts[key] === "string")
  );
}
