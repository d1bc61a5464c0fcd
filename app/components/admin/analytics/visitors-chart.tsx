import { useEffect, useId, useRef } from "react";
import type uPlot from "uplot";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { Period, SeriesPoint } from "~/lib/admin/analytics";
import { formatCount } from "./format";

type Copy = typeof AdminCopy.analytics;

const TIME_ZONE = "America/Sao_Paulo";

/** "2026-03-05" as "05/03/2026". */
const shortDay = (value: string) => value.split("-").toReversed().join("/");
const HEIGHT = 260;

/** Axis and legend labels in pt-BR, São Paulo time, as fine as the buckets. */
function dateLabel(points: SeriesPoint[]): Intl.DateTimeFormat {
  const span = points.length > 1 ? Date.parse(points[1]!.bucket) - Date.parse(points[0]!.bucket) : 0;
  const options: Intl.DateTimeFormatOptions =
    span <= 3_600_000
      ? { hour: "2-digit", minute: "2-digit" }
      : span <= 86_400_000 * 2
        ? { day: "2-digit", month: "2-digit" }
        : { month: "short", year: "2-digit" };
  return new Intl.DateTimeFormat("pt-BR", { ...options, timeZone: TIME_ZONE });
}

/**
 * Visitors and leads over the period (uPlot, loaded with this tab only: ADR 075): by hour for a
 * day, by day up to three months, by month beyond. As wide as its container, so it reads on a
 * phone; its caption gives the totals in words.
 */
export function VisitorsChart({
  points,
  period,
  copy,
}: {
  points: SeriesPoint[] | undefined;
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
      const label = dateLabel(points);
      const options: uPlot.Options = {
        width: element.clientWidth,
        height: HEIGHT,
        scales: { x: { time: true }, leads: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          { value: (_u, value) => (value === null ? "" : label.format(new Date(value * 1000))) },
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

  const visitors = (points ?? []).reduce((sum, point) => sum + point.visitors, 0);
  const leads = (points ?? []).reduce((sum, point) => sum + point.leads, 0);
  return (
    <figure aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <h3 id={titleId} className="text-lg font-semibold">
        {copy.chart.title}
      </h3>
      {/* The canvas says nothing to a screen reader; the caption says what it shows. */}
      <div ref={container} aria-hidden="true" className="min-h-[300px] w-full" data-chart="visitors" />
      <figcaption className="text-sm text-muted-foreground">
        {copy.chart.summary(formatCount(visitors), formatCount(leads), shortDay(period.from), shortDay(period.to))}
      </figcaption>
    </figure>
  );
}
