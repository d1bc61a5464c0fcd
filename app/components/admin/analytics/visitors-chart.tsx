import { useEffect, useId, useRef } from "react";
import type uPlot from "uplot";
import { cellClass, DataTable } from "~/components/ui/data-table";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { leadCount, type Period, type SeriesPoint, type Summary } from "~/lib/admin/analytics";
import { formatCount } from "./format";

type Copy = typeof AdminCopy.analytics;

const TIME_ZONE = "America/Sao_Paulo";

/** "2026-03-05" as "05/03/2026". */
const shortDay = (value: string) => value.split("-").toReversed().join("/");
const HEIGHT = 260;

/** What each point of a series is: an hour (one day), a day (up to three months) or a month. */
export type Bucket = "hour" | "day" | "month";

/** The series' buckets, read from their spacing (the points may still be the previous period's). */
export function bucketOf(points: SeriesPoint[]): Bucket {
  const span = points.length > 1 ? Date.parse(points[1]!.bucket) - Date.parse(points[0]!.bucket) : 0;
  return span <= 3_600_000 ? "hour" : span <= 86_400_000 * 2 ? "day" : "month";
}

/** Axis and legend labels in pt-BR, São Paulo time, as fine as the buckets. */
const AXIS_FORMAT: Record<Bucket, Intl.DateTimeFormatOptions> = {
  hour: { hour: "2-digit", minute: "2-digit" },
  day: { day: "2-digit", month: "2-digit" },
  month: { month: "short", year: "2-digit" },
};

/** The table's row names: "14:00", "05/03/2026", "março de 2026". */
const ROW_FORMAT: Record<Bucket, Intl.DateTimeFormatOptions> = {
  hour: { hour: "2-digit", minute: "2-digit" },
  day: { day: "2-digit", month: "2-digit", year: "numeric" },
  month: { month: "long", year: "numeric" },
};

const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("pt-BR", { ...options, timeZone: TIME_ZONE });

/** The chart's numbers as a table, for whoever cannot see the canvas or wants the figures. */
function SeriesTable({ points, period, copy }: { points: SeriesPoint[]; period: Period; copy: Copy }) {
  const bucket = bucketOf(points);
  const label = dateFormat(ROW_FORMAT[bucket]);
  return (
    <details className="text-sm">
      <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {copy.chart.showTable}
      </summary>
      <div className="mt-3">
        <DataTable
          caption={copy.chart.tableCaption(bucket, shortDay(period.from), shortDay(period.to))}
          columns={[copy.chart.buckets[bucket], copy.columns.visitors, copy.columns.views, copy.columns.leads]}
        >
          {points.map((point) => (
            <tr key={point.bucket} className="border-t border-border">
              <th scope="row" className={`${cellClass} font-normal`}>
                {label.format(new Date(point.bucket))}
              </th>
              {(["visitors", "views", "leads"] as const).map((column) => (
                <td key={column} className={`${cellClass} tabular-nums`}>
                  {formatCount(point[column])}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </div>
    </details>
  );
}

/**
 * Visitors and leads over the period (uPlot, loaded with this tab only: ADR 075): by hour for a
 * day, by day up to three months, by month beyond. As wide as its container, so it reads on a
 * phone; its caption gives the period's totals in words, the cards' own (`summary`: the hours of
 * a day do not add up to its visitors, one who comes back in another hour counting twice), and
 * a table under it gives every point.
 */
export function VisitorsChart({
  points,
  summary,
  period,
  copy,
}: {
  points: SeriesPoint[] | undefined;
  summary: Summary | undefined;
  period: Period;
  copy: Copy;
}) {
  const titleId = useId();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || !points || points.length === 0) return;
    let chart: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const bucket = bucketOf(points);
      const label = dateFormat(AXIS_FORMAT[bucket]);
      const options: uPlot.Options = {
        width: element.clientWidth,
        height: HEIGHT,
        scales: { x: { time: true }, leads: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          {
            label: copy.chart.buckets[bucket],
            value: (_u, value) => (value === null ? "" : label.format(new Date(value * 1000))),
          },
          {
            label: copy.chart.visitors,
            stroke: "#4338ca",
            fill: "rgba(67, 56, 202, 0.12)",
            width: 2,
            value: (_u, value) => (value === null ? "" : formatCount(value)),
          },
          {
            label: copy.chart.leads,
            stroke: "#15803d",
            width: 2,
            scale: "leads",
            points: { show: true, size: 5 },
            value: (_u, value) => (value === null ? "" : formatCount(value)),
          },
        ],
        axes: [
          { values: (_u, splits) => splits.map((split) => label.format(new Date(split * 1000))) },
          { values: (_u, splits) => splits.map((split) => formatCount(split)), size: 48 },
          {
            scale: "leads",
            side: 1,
            grid: { show: false },
            values: (_u, splits) => splits.map((split) => formatCount(split)),
            size: 40,
          },
        ],
      };
      const data: uPlot.AlignedData = [
        points.map((point) => Date.parse(point.bucket) / 1000),
        points.map((point) => point.visitors),
        points.map((point) => point.leads),
      ];
      chart = new UPlot(options, data, element);
      resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
      resize.observe(element);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [points, copy]);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <figure aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
        <h3 id={titleId} className="text-lg font-semibold">
          {copy.chart.title}
        </h3>
        {/* The canvas says nothing to a screen reader; the caption and the table below say what it shows. */}
        <div ref={container} aria-hidden="true" className="min-h-[300px] w-full" data-chart="visitors" />
        <figcaption className="text-sm text-muted-foreground">
          {summary
            ? copy.chart.summary(
                formatCount(summary.current.visitors),
                formatCount(leadCount(summary.current)),
                shortDay(period.from),
                shortDay(period.to),
              )
            : copy.loading}
        </figcaption>
      </figure>
      {points && points.length > 0 ? <SeriesTable points={points} period={period} copy={copy} /> : null}
    </div>
  );
}
