import { Filter } from "lucide-react";
import { cellClass, DataTable } from "~/components/ui/data-table";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { ratio, type BreakdownRow, type Dimension, type Period } from "~/lib/admin/analytics";
import { TableSection } from "./table-section";
import { dimensionLabel, formatCount, formatPercent } from "./format";

type Copy = typeof AdminCopy.analytics;

export interface BreakdownTableProps {
  dimension: Dimension;
  /** The file's name part for this table ("paginas"). */
  slug: string;
  title: string;
  rows: BreakdownRow[] | undefined;
  loading: boolean;
  failed: boolean;
  period: Period;
  copy: Copy;
  /** The row's value filters the whole dashboard. */
  onFilter: (dimension: Dimension, value: string) => void;
}

/**
 * One dimension's rows (pages, sources, campaigns…), most visitors first, with their leads and
 * conversion rate. The row's name is a button that filters the whole dashboard by it; "Exportar
 * CSV" saves the table as shown.
 */
export function BreakdownTable({
  dimension,
  slug,
  title,
  rows,
  loading,
  failed,
  period,
  copy,
  onFilter,
}: BreakdownTableProps) {
  const column = copy.columns[dimension];
  const header = [
    column,
    copy.columns.visitors,
    copy.columns.views,
    copy.columns.bounceRate,
    copy.columns.leads,
    copy.columns.conversionRate,
  ];
  const cells = (row: BreakdownRow) => [
    dimensionLabel(dimension, row.value, copy),
    formatCount(row.visitors),
    formatCount(row.views),
    formatPercent(ratio(row.bounces, row.visitors)),
    formatCount(row.leads),
    formatPercent(ratio(row.conversions, row.visitors)),
  ];
  return (
    <TableSection
      title={title}
      fileName={copy.fileName(slug, period.from, period.to)}
      header={header}
      rows={(rows ?? []).map(cells)}
      copy={copy}
    >
      {copy.hints[dimension] ? <p className="text-sm text-muted-foreground">{copy.hints[dimension]}</p> : null}
      {loading ? (
        <p className="text-sm text-muted-foreground">{copy.loading}</p>
      ) : failed ? (
        <p className="text-sm text-destructive">{copy.failed}</p>
      ) : !rows || rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{copy.empty}</p>
      ) : (
        <DataTable caption={title} columns={header}>
          {rows.map((row) => {
            const [label, ...figures] = cells(row);
            return (
              <tr key={row.value} className="border-t border-border">
                <th scope="row" className={`${cellClass} font-normal`}>
                  <button
                    type="button"
                    className="inline-flex max-w-64 items-center gap-1 text-left break-all text-primary hover:underline"
                    aria-label={copy.filters.filterBy(column, label!)}
                    onClick={() => onFilter(dimension, row.value)}
                  >
                    {label}
                    <Filter aria-hidden="true" className="size-3 shrink-0 opacity-60" />
                  </button>
                </th>
                {figures.map((figure, index) => (
                  <td key={header[index + 1]} className={`${cellClass} tabular-nums`}>
                    {figure}
                  </td>
                ))}
              </tr>
            );
          })}
        </DataTable>
      )}
    </TableSection>
  );
}
