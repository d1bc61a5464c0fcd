import { ANALYTICS_EVENTS_PATH } from "../lib/analytics-paths";
import { sentReferrer, sentUrl } from "../lib/analytics-source";
import { enhanceMenu } from "./menu";
import { markEnhanced } from "./ready";

// Cookieless analytics on every public page (docs/decisions/073-cookieless-analytics.md):
// - one page view when the page is really shown: not while speculation rules prerender it (sent
//   on activation, if ever), not while it loads in a background tab; a page restored from the
//   back/forward cache is a new view;
// - when the page is hidden, the time it was shown since the last report and its Web Vitals so
//   far, measured as Chrome and the web-vitals library define them (ADR 074 says why not that
//   library: 2.2 KB brotli alone): LCP until the first input, FCP, TTFB (from the prerender's
//   activation), CLS as the largest burst of shifts (gaps under 1 s, at most 5 s), INP as the
//   longest interaction, or about the 98th percentile once there are fifty.
// Nothing is stored: no cookie, no storage; the view's id lives in this page's memory only. Every
// byte counts against the budget (tests/e2e/budget.spec.ts).

type Entry = PerformanceEntry & { hadRecentInput?: boolean; value?: number; interactionId?: number };
const doc = document as Document & { prerendering?: boolean };
const perf = performance;

let view = "";
let shownAt = 0;
let engaged = 0;
/** When the page was first hidden: paints after it are not the visitor's experience. */
let hiddenAt = doc.hidden && !doc.prerendering ? 0 : Infinity;
let restored = false;
let fcp: number | undefined;
let lcp: number | undefined;
let inputSeen = false;
let cls = 0;
let burst = 0;
let burstStart = 0;
let lastShift = 0;
const interactions = new Map<number, number>();

const send = (event: object) => navigator.sendBeacon(ANALYTICS_EVENTS_PATH, JSON.stringify(event));
/** The page's path and its campaign tags, cut: however long a link's tags, the event is sent. */
const url = () => sentUrl(location.pathname, location.search);
const navigation = () => perf.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
/** Milliseconds since the page was shown: a prerendered page's clock starts at its activation. */
const sinceShown = (time: number) =>
  Math.round(Math.max(0, time - ((navigation() as { activationStart?: number } | undefined)?.activationStart ?? 0)));

function observe(type: string, each: (entry: Entry) => void, options?: object): void {
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...options });
  } catch {
    // A browser without this entry type: the metric is not sent.
  }
}

observe("paint", (entry) => {
  if (entry.name === "first-contentful-paint" && entry.startTime < hiddenAt) fcp = sinceShown(entry.startTime);
});
observe("largest-contentful-paint", (entry) => {
  if (!inputSeen && entry.startTime < hiddenAt) lcp = sinceShown(entry.startTime);
});
observe("layout-shift", (entry) => {
  if (entry.hadRecentInput) return;
  const time = entry.startTime;
  if (burst && time - lastShift < 1000 && time - burstStart < 5000) burst += entry.value!;
  else [burst, burstStart] = [entry.value!, time];
  lastShift = time;
  cls = Math.max(cls, burst);
});
const interaction = (entry: Entry) => {
  const id = entry.interactionId;
  if (id) interactions.set(id, Math.max(interactions.get(id) ?? 0, entry.duration));
};
observe("event", interaction, { durationThreshold: 40 });
observe("first-input", interaction);
for (const type of ["keydown", "pointerdown"])
  addEventListener(type, () => (inputSeen = true), { once: true, capture: true });

function vitals(): Record<string, number> {
  const longest = [...interactions.values()].toSorted((a, b) => b - a);
  const count = (perf as { interactionCount?: number }).interactionCount ?? longest.length;
  const inp = longest[Math.min(longest.length - 1, Math.floor(count / 50))];
  const ttfb = restored ? undefined : navigation() && sinceShown(navigation()!.responseStart);
  const all = { cls: Math.round(cls * 1e4) / 1e4, inp, ...(restored ? {} : { fcp, lcp, ttfb }) };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as Record<string, number>;
}

function show(): void {
  if (doc.prerendering || doc.hidden) return;
  if (!view) {
    view = Math.random().toString(36).slice(2);
    const event = { k: "v", i: view, u: url(), r: sentReferrer(doc.referrer), w: screen.width };
    // Once painted (the task after the next frame): the page was really seen, and the request
    // never competes with what its first paint needs.
    requestAnimationFrame(() => setTimeout(send, 0, event));
  }
  shownAt ||= perf.now();
}

function hide(): void {
  hiddenAt = Math.min(hiddenAt, perf.now());
  if (!view) return;
  if (shownAt) engaged += perf.now() - shownAt;
  shownAt = 0;
  send({ k: "e", i: view, u: url(), e: Math.round(engaged), ...vitals() });
  engaged = 0;
}

addEventListener("visibilitychange", () => (doc.hidden ? hide() : show()));
doc.addEventListener("prerenderingchange", show);
addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  // A new view of the same document: its loading metrics are the first visit's, not sent again.
  [view, restored, cls, burst] = ["", true, 0, 0];
  interactions.clear();
  show();
});
show();

// The one module every public page loads: it also sets up the header's menu (./menu.ts).
enhanceMenu();
markEnhanced("analytics");
