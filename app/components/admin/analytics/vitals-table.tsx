import { cellClass, DataTable } from "~/components/ui/data-table";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { vitalRating, type PageVitals, type Period, type VitalMetric, type VitalRating } from "~/lib/admin/analytics";
import { cn } from "~/lib/utils";
import { TableSection } from "./table-section";
import { formatCount, formatVital } from "./format";

type Copy = typeof AdminCopy.analytics;

const METRICS: VitalMetric[] = ["lcp", "inp", "cls"];

/** Colour and word together: the rating is never told by colour alone. */
const RATING_CLASS: Record<VitalRating, string> = {
  good: "bg-green-100 text-green-900",
  "needs-improvement": "bg-amber-100 text-amber-900",
  poor: "bg-red-100 text-red-900",
};

/**
 * Real visitors' Web Vitals per page: the 75th percentile of LCP, INP and CLS over the period,
 * rated by Google's thresholds, with how many views measured each.
 */
export function VitalsTable({
  pages,
  loading,
  failed,
  period,
  copy,
}: {
  pages: PageVitals[] | undefined;
  loading: boolean;
  failed: boolean;
  period: Period;
  copy: Copy;
}) {
  const title = copy.tables.vitals;
  const header = [copy.columns.page, ...METRICS.map((metric) => copy.columns[metric])];
  const csvHeader = [
    copy.columns.page,
    ...METRICS.flatMap((metric) => [copy.columns[metric], `${copy.columns[metric]}: ${copy.columns.samples}`]),
  ];
  const csvRows = (pages ?? []).map((entry) => [
    entry.page,
    ...METRICS.flatMap((metric) => {
      const measured = entry.metrics[metric];
      return measured ? [formatVital(metric, measured.p75), String(measured.samples)] : ["", ""];
    }),
  ]);
  return (
    <TableSection
      title={title}
      fileName={copy.fileName("web-vitals", period.from, period.to)}
      header={csvHeader}
      rows={csvRows}
      copy={copy}
    >
      <p className="text-sm text-muted-foreground">{copy.vitalsHint}</p>
      {loading ? (
        <p className="text-sm text-muted-foreground">{copy.loading}</p>
      ) : failed ? (
        <p className="text-sm text-destructive">{copy.failed}</p>
      ) : !pages || pages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{copy.empty}</p>
      ) : (
        <DataTable caption={title} columns={header}>
          {pages.map((entry) => (
            <tr key={entry.page} className="border-t border-border">
              <th scope="row" className={`${cellClass} font-normal break-all`}>
                {entry.page}
              </th>
              {METRICS.map((metric) => {
                const measured = entry.metrics[metric];
                if (!measured) {
                  return (
                    <td key={metric} className={cellClass}>
                      —
                    </td>
                  );
                }
                const rating = vitalRating(metric, measured.p75);
                return (
                  <td key={metric} className={cellClass}>
                    <span className={cn("inline-flex flex-col rounded px-2 py-1", RATING_CLASS[rating])}>
                      <span className="font-semibold tabular-nums">{formatVital(metric, measured.p75)}</span>
                      <span className="text-xs">{copy.ratings[rating]}</span>
                    </span>
                    <span className="mt-1 block text-xs text-muted-foreground">
                      {copy.measured(measured.samples, formatCount(measured.samples))}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </DataTable>
      )}
    </TableSection>
  );
}
