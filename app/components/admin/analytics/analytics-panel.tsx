import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { cellClass, DataTable } from "~/components/ui/data-table";
import { HiddenHeading } from "~/components/ui/hidden-heading";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { OptionSelect } from "~/components/ui/native-select";
import type { adminCopy as AdminCopy } from "~/content/admin";
import {
  fetchDashboard,
  fetchVisitorsNow,
  includesToday,
  isPeriodPreset,
  presetPeriod,
  ratio,
  refreshOpenDays,
  today,
  type AnalyticsFilters,
  type Dimension,
  type Period,
  type PeriodPreset,
  type Summary,
} from "~/lib/admin/analytics";
import { adminKeys } from "~/lib/admin/keys";
import { can } from "~/lib/admin-role";
import type { AdminPanelProps } from "../admin-view";
import { BreakdownTable } from "./breakdown-table";
import { TableSection } from "./table-section";
import { dimensionLabel, formatCount, formatPercent } from "./format";
import { KpiCards } from "./kpi-cards";
import { VisitorsChart } from "./visitors-chart";
import { VitalsTable } from "./vitals-table";

type Copy = typeof AdminCopy.analytics;

const PRESETS: PeriodPreset[] = ["today", "week", "month", "year", "custom"];

/**
 * How often a period that reaches today is read again while the tab is open and visible: today's
 * figures may be this far behind (docs/admin.md, ADR 087), and the server rewrites today's rollup
 * at most this often.
 */
const TODAY_REFRESH_MS = 60_000;

/** The tables, in the order they show; the slug names each one's CSV file. */
const TABLES: { dimension: Dimension; title: keyof Copy["tables"]; slug: string }[] = [
  { dimension: "page", title: "pages", slug: "paginas" },
  { dimension: "entry_page", title: "entries", slug: "paginas-de-entrada" },
  { dimension: "channel", title: "channels", slug: "canais" },
  { dimension: "source", title: "sources", slug: "origens" },
  { dimension: "campaign", title: "campaigns", slug: "campanhas" },
  { dimension: "device", title: "devices", slug: "dispositivos" },
  { dimension: "browser", title: "browsers", slug: "navegadores" },
  { dimension: "os", title: "os", slug: "sistemas" },
];

/** The period picker: a preset (always one: no empty choice), or two dates. */
export function PeriodPicker({
  preset,
  custom,
  copy,
  onPreset,
  onCustom,
}: {
  preset: PeriodPreset;
  custom: Period;
  copy: Copy;
  onPreset: (preset: PeriodPreset) => void;
  onCustom: (period: Period) => void;
}) {
  const id = useId();
  const max = today();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-preset`}>{copy.periods.label}</Label>
        <OptionSelect
          id={`${id}-preset`}
          value={preset}
          // Only the presets listed: any other value (none should come) leaves the period as it is.
          onChange={(event) => {
            const value = event.target.value;
            if (isPeriodPreset(value)) onPreset(value);
          }}
          options={PRESETS}
          labels={{
            today: copy.periods.today,
            week: copy.periods.week,
            month: copy.periods.month,
            year: copy.periods.year,
            custom: copy.periods.custom,
          }}
          className="w-44"
        />
      </div>
      {preset === "custom" ? (
        <>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-from`}>{copy.periods.from}</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={custom.from}
              max={custom.to}
              onChange={(event) => event.target.value && onCustom({ ...custom, from: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-to`}>{copy.periods.to}</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={custom.to}
              min={custom.from}
              max={max}
              onChange={(event) => event.target.value && onCustom({ ...custom, to: event.target.value })}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The filters a click on a row set, each removable. */
function FilterChips({
  filters,
  copy,
  onRemove,
  onClear,
}: {
  filters: AnalyticsFilters;
  copy: Copy;
  onRemove: (dimension: Dimension) => void;
  onClear: () => void;
}) {
  const entries = Object.entries(filters) as [Dimension, string][];
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{copy.filters.hint}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" aria-label={copy.filters.label}>
        {entries.map(([dimension, value]) => {
          const column = copy.columns[dimension];
          const label = dimensionLabel(dimension, value, copy);
          return (
            <li key={dimension}>
              <Button
                variant="secondary"
                size="sm"
                aria-label={copy.filters.remove(column, label)}
                onClick={() => onRemove(dimension)}
              >
                {column}: {label}
                <X aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {copy.filters.clear}
      </Button>
    </div>
  );
}

/** Leads per form over the period, and the share of visitors each converted. */
function FormsTable({ summary, period, copy }: { summary: Summary | undefined; period: Period; copy: Copy }) {
  const title = copy.tables.forms;
  const header = [copy.columns.form, copy.columns.leads, copy.columns.conversionRate];
  const visitors = summary?.current.visitors ?? 0;
  const rows = summary
    ? (["demo", "contact"] as const).map((form) => {
        const leads = summary.current[`leads_${form}`];
        return [copy.forms[form]!, formatCount(leads), formatPercent(ratio(leads, visitors))];
      })
    : [];
  return (
    <TableSection
      title={title}
      fileName={copy.fileName("formularios", period.from, period.to)}
      header={header}
      rows={rows}
      copy={copy}
    >
      <DataTable caption={title} columns={header}>
        {rows.map(([form, ...cells]) => (
          <tr key={form} className="border-t border-border">
            <th scope="row" className={`${cellClass} font-normal`}>
              {form}
            </th>
            {cells.map((cell, index) => (
              <td key={header[index + 1]} className={`${cellClass} tabular-nums`}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </TableSection>
  );
}

/**
 * "Análises": visitors, page views, engagement, where visits and leads come from, conversions
 * and real visitors' Web Vitals over a period (docs/admin.md). Clicking a row of any table
 * filters every panel by it. Every panel comes from one query (ADR 091), run while the tab is open.
 */
export function AnalyticsPanel({ client, copy: { analytics: copy }, active, role }: AdminPanelProps) {
  const id = useId();
  // Sales reads visits and conversions, not the per-page tables (can_read_analytics in SQL): the
  // panels fed by those would only ever be empty for it.
  const readsPages = can(role, "can_read_analytics");
  const tables = readsPages ? TABLES : TABLES.filter((table) => table.dimension !== "page");
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<PeriodPreset>("month");
  const [custom, setCustom] = useState<Period>(() => presetPeriod("month"));
  const [filters, setFilters] = useState<AnalyticsFilters>({});
  const period = preset === "custom" ? custom : presetPeriod(preset);
  const dashboardKey = [...adminKeys.analytics, "dashboard"];
  const periodKey = [...dashboardKey, period.from, period.to, filters];
  // Today's figures keep changing: while the period reaches today they are read again each minute.
  const live = includesToday(period);

  const dashboard = useQuery({
    queryKey: periodKey,
    queryFn: () => fetchDashboard(client, period, filters),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  // The panels read today from a rollup the server rewrites every minute on PostgreSQL and only
  // when asked on PGlite. Once they have shown, the tab asks for a fresh one (at most once a
  // minute; the server also spaces them), so the rewrite never delays the first answer, and reads
  // the panels again when a day was rewritten. While the period reaches today it asks again every
  // minute the tab is visible, and then reads the panels again unless they were just read: on
  // PostgreSQL the upkeep has rewritten today meanwhile, and this call finds nothing newer to rewrite.
  useQuery({
    queryKey: [...adminKeys.analytics, "refresh"],
    queryFn: async () => {
      const rewritten = await refreshOpenDays(client);
      const readAt = queryClient.getQueryState(periodKey)?.dataUpdatedAt ?? 0;
      if (rewritten > 0 || (live && Date.now() - readAt >= TODAY_REFRESH_MS / 2)) {
        await queryClient.invalidateQueries({ queryKey: dashboardKey });
      }
      return rewritten;
    },
    enabled: active && dashboard.isSuccess,
    staleTime: TODAY_REFRESH_MS,
    refetchInterval: live ? TODAY_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  const now = useQuery({
    queryKey: [...adminKeys.analytics, "now"],
    queryFn: () => fetchVisitorsNow(client),
    enabled: active && dashboard.isSuccess,
    refetchInterval: 60_000,
  });
  const summary = dashboard.data?.summary;

  const filterBy = (dimension: Dimension, value: string) =>
    setFilters((current) => ({ ...current, [dimension]: value }));
  const remove = (dimension: Dimension) =>
    setFilters((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== dimension)));

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-8">
      <HiddenHeading id={`${id}-title`}>{copy.label}</HiddenHeading>
      <div className="flex flex-col gap-3">
        <PeriodPicker
          preset={preset}
          custom={custom}
          copy={copy}
          onPreset={(next) => {
            if (next === "custom" && preset !== "custom") setCustom(period);
            setPreset(next);
          }}
          onCustom={setCustom}
        />
        <FilterChips filters={filters} copy={copy} onRemove={remove} onClear={() => setFilters({})} />
      </div>
      {dashboard.isError ? <p className="text-destructive">{copy.failed}</p> : null}
      <KpiCards summary={summary} now={now.data ?? dashboard.data?.now} copy={copy} />
      <VisitorsChart points={dashboard.data?.series} summary={summary} period={period} copy={copy} />
      <div className="grid gap-8 lg:grid-cols-2">
        {tables.map((table) => (
          <BreakdownTable
            key={table.dimension}
            {...table}
            title={copy.tables[table.title]}
            rows={dashboard.data?.breakdowns[table.dimension]}
            loading={dashboard.isPending}
            failed={dashboard.isError}
            period={period}
            copy={copy}
            onFilter={filterBy}
          />
        ))}
        <FormsTable summary={summary} period={period} copy={copy} />
      </div>
      {readsPages ? (
        <VitalsTable
          pages={dashboard.data?.vitals}
          loading={dashboard.isPending}
          failed={dashboard.isError}
          period={period}
          copy={copy}
        />
      ) : null}
    </section>
  );
}
