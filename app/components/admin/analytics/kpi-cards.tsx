import type { adminCopy as AdminCopy } from "~/content/admin";
import { leadCount, ratio, type Summary, type Totals } from "~/lib/admin/analytics";
import { cn } from "~/lib/utils";
import { formatChange, formatCount, formatDecimal, formatPercent } from "./format";

type Copy = typeof AdminCopy.analytics;

interface Figure {
  label: string;
  value: (totals: Totals) => number;
  format: (value: number) => string;
  /** Whether a rise is good news (a higher bounce rate is not). */
  higherIsBetter: boolean;
}

function figures(copy: Copy): Figure[] {
  return [
    { label: copy.metrics.visitors, value: (t) => t.visitors, format: formatCount, higherIsBetter: true },
    { label: copy.metrics.views, value: (t) => t.views, format: formatCount, higherIsBetter: true },
    {
      label: copy.metrics.viewsPerVisit,
      value: (t) => ratio(t.views, t.visitors),
      format: formatDecimal,
      higherIsBetter: true,
    },
    {
      label: copy.metrics.bounceRate,
      value: (t) => ratio(t.bounces, t.visitors),
      format: formatPercent,
      higherIsBetter: false,
    },
    {
      label: copy.metrics.engagedTime,
      value: (t) => Math.round(ratio(t.engaged_ms, t.visitors) / 1000),
      format: copy.duration,
      higherIsBetter: true,
    },
    { label: copy.metrics.leads, value: leadCount, format: formatCount, higherIsBetter: true },
    {
      label: copy.metrics.conversionRate,
      value: (t) => ratio(t.conversions, t.visitors),
      format: formatPercent,
      higherIsBetter: true,
    },
  ];
}

/**
 * The period's figures, each with its change from the period just before (in words, and in
 * colour for good or bad news), then the visitors of the last five minutes.
 */
export function KpiCards({
  summary,
  now,
  copy,
}: {
  summary: Summary | undefined;
  now: number | undefined;
  copy: Copy;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures(copy).map((figure) => {
        const current = summary ? figure.value(summary.current) : undefined;
        const previous = summary ? figure.value(summary.previous) : undefined;
        const change = current !== undefined && previous ? (current - previous) / previous : undefined;
        const good = change !== undefined && change !== 0 && change > 0 === figure.higherIsBetter;
        return (
          <div key={figure.label} className="rounded-lg border border-border p-4">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">
              {current === undefined ? "–" : figure.format(current)}
            </dd>
            {summary ? (
              <dd
                className={cn(
                  "mt-1 text-xs",
                  change === undefined || change === 0
                    ? "text-muted-foreground"
                    : good
                      ? "text-success"
                      : "text-destructive",
                )}
              >
                {change === undefined ? copy.noChange : copy.change(formatChange(change))}
              </dd>
            ) : null}
          </div>
        );
      })}
      <div className="rounded-lg border border-border p-4">
        <dt className="text-sm text-muted-foreground">{copy.metrics.now}</dt>
        <dd className="mt-1 text-2xl font-bold tabular-nums">{now === undefined ? "–" : formatCount(now)}</dd>
        <dd className="mt-1 text-xs text-muted-foreground">{copy.metrics.nowHint}</dd>
      </div>
    </dl>
  );
}
