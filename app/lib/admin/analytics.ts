import type { AppSupabaseClient, Json } from "../database.types";
// With its extension: scripts/bench/analytics.ts runs this module under plain Node.
import { expectData } from "../data-result.ts";

// "Análises": the dashboard's data, from the SQL functions of
// supabase/migrations/20260101001700_analytics.sql, called as the signed-in admin (row-level
// security decides; anyone else gets zeros). Days are São Paulo days, as everywhere in the admin.

/** What a table groups by, and what clicking one of its rows filters the whole dashboard by. */
export type Dimension = "page" | "entry_page" | "channel" | "source" | "campaign" | "device" | "browser" | "os";

/** The dashboard's filters: one value per dimension at most; "" is "none" (no campaign, direct). */
export type AnalyticsFilters = Partial<Record<Dimension, string>>;

export type PeriodPreset = "today" | "week" | "month" | "year" | "custom";

/** Inclusive, as "YYYY-MM-DD". */
export interface Period {
  from: string;
  to: string;
}

export interface Totals {
  visitors: number;
  views: number;
  bounces: number;
  engaged_ms: number;
  conversions: number;
  leads_contact: number;
  leads_demo: number;
}

export interface Summary {
  current: Totals;
  /** The period of the same length just before. */
  previous: Totals;
}

export interface BreakdownRow {
  value: string;
  visitors: number;
  views: number;
  entries: number;
  bounces: number;
  engaged_ms: number;
  conversions: number;
  leads: number;
}

export interface SeriesPoint {
  /** The bucket's start (an hour, a day or a month), ISO 8601. */
  bucket: string;
  visitors: number;
  views: number;
  leads: number;
}

export type VitalMetric = "lcp" | "inp" | "cls";

export interface PageVitals {
  page: string;
  /** Each metric's p75 and how many views measured it. */
  metrics: Partial<Record<VitalMetric, { p75: number; samples: number }>>;
}

const TIME_ZONE = "America/Sao_Paulo";
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in São Paulo, "YYYY-MM-DD". */
export function today(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** A day `days` before or after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Each preset's days, ending today. */
const PRESET_DAYS: Record<Exclude<PeriodPreset, "custom">, number> = { today: 1, week: 7, month: 30, year: 365 };

/** Whether a value (a select's, say) names one of the presets. */
export function isPeriodPreset(value: string): value is PeriodPreset {
  return value === "custom" || Object.hasOwn(PRESET_DAYS, value);
}

/**
 * The period of a preset, ending today: hoje, 7 dias, 30 dias, 12 meses. Anything else (an empty
 * value, a name from an older version) is the default, 30 dias, rather than an invalid date.
 */
export function presetPeriod(preset: Exclude<PeriodPreset, "custom">, day: string = today()): Period {
  const span = Object.hasOwn(PRESET_DAYS, preset) ? PRESET_DAYS[preset] : PRESET_DAYS.month;
  return { from: addDays(day, 1 - span), to: day };
}

/** Whether a period reaches today, whose figures keep changing. */
export function includesToday(period: Period, day: string = today()): boolean {
  return period.from <= day && day <= period.to;
}

const args = (period: Period, filters: AnalyticsFilters) => ({
  p_from: period.from,
  p_to: period.to,
  p_filters: filters as Json,
});

export async function fetchSummary(
  client: AppSupabaseClient,
  period: Period,
  filters: AnalyticsFilters,
): Promise<Summary> {
  // A jsonb object the function builds: { current, previous }, each of Totals' keys.
  return expectData(await client.rpc("analytics_summary", args(period, filters))) as unknown as Summary;
}

export async function fetchBreakdown(
  client: AppSupabaseClient,
  dimension: Dimension,
  period: Period,
  filters: AnalyticsFilters,
  limit = 100,
): Promise<BreakdownRow[]> {
  return expectData(
    await client.rpc("analytics_breakdown", { ...args(period, filters), p_dimension: dimension, p_limit: limit }),
  );
}

export async function fetchTimeseries(
  client: AppSupabaseClient,
  period: Period,
  filters: AnalyticsFilters,
): Promise<SeriesPoint[]> {
  return expectData(await client.rpc("analytics_timeseries", args(period, filters)));
}

interface VitalRow {
  page: string;
  metric: string;
  p75: number;
  samples: number;
}

/** The p75 rows of analytics_vitals as one entry per page, pages measured most first. */
function pageVitals(rows: VitalRow[]): PageVitals[] {
  const pages = new Map<string, PageVitals>();
  for (const row of rows) {
    if (row.metric !== "lcp" && row.metric !== "inp" && row.metric !== "cls") continue;
    const entry = pages.get(row.page) ?? { page: row.page, metrics: {} };
    entry.metrics[row.metric] = { p75: row.p75, samples: row.samples };
    pages.set(row.page, entry);
  }
  const measured = (entry: PageVitals) => Math.max(...Object.values(entry.metrics).map((metric) => metric.samples));
  return [...pages.values()].toSorted((a, b) => measured(b) - measured(a) || a.page.localeCompare(b.page));
}

/** LCP, INP and CLS per page, pages measured most first. */
export async function fetchVitals(
  client: AppSupabaseClient,
  period: Period,
  filters: AnalyticsFilters,
): Promise<PageVitals[]> {
  return pageVitals(expectData(await client.rpc("analytics_vitals", args(period, filters))));
}

/** Every panel of the tab, as the functions above answer each. */
export interface Dashboard {
  summary: Summary;
  series: SeriesPoint[];
  breakdowns: Record<Dimension, BreakdownRow[]>;
  vitals: PageVitals[];
  /** Visitors in the last five minutes. */
  now: number;
}

/**
 * Every panel in one call (ADR 091): the server reads the period's rollups once for all of them,
 * and the tab waits for one answer instead of the last of twelve.
 */
export async function fetchDashboard(
  client: AppSupabaseClient,
  period: Period,
  filters: AnalyticsFilters,
  limit = 100,
): Promise<Dashboard> {
  // A jsonb object the function builds, each part shaped as its own function answers it.
  const data = expectData(
    await client.rpc("analytics_dashboard", { ...args(period, filters), p_limit: limit }),
  ) as unknown as Omit<Dashboard, "vitals"> & { vitals: VitalRow[] };
  return { ...data, vitals: pageVitals(data.vitals) };
}

/**
 * Asks the server to rewrite the open days' rollups from their newest events (on PostgreSQL the
 * upkeep also does it every minute); a no-op when nothing is newer. Returns how many days it rewrote.
 */
export async function refreshOpenDays(client: AppSupabaseClient): Promise<number> {
  return expectData(await client.rpc("analytics_refresh"));
}

/** Visitors in the last five minutes. */
export async function fetchVisitorsNow(client: AppSupabaseClient): Promise<number> {
  return expectData(await client.rpc("analytics_now"));
}

/**
 * Google's thresholds (web.dev/articles/vitals): good up to the first, poor beyond the second.
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, [number, number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
};

export type VitalRating = "good" | "needs-improvement" | "poor";

export function vitalRating(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** The leads of a period, whatever their form: the "Leads" card, and the chart's caption. */
export const leadCount = (totals: Totals): number => totals.leads_contact + totals.leads_demo;

/** The share `part / whole`, 0 when there is no whole. */
export const ratio = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);
