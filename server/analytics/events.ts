// The events the analytics script sends (app/enhance/analytics.ts), checked field by field, and
// the rows they become (public.analytics_events). Anything else is a 400: unknown keys, wrong
// types, values out of range.
import { normalPage, viewColumns, type ViewColumns, type ViewOrigin } from "../../app/lib/analytics-source.ts";
import type { DailyVisitor } from "./visitor.ts";
import type { UserAgentFacts } from "./user-agent.ts";

/** A page view as the script sends it: the page's path and query, the referrer, the screen width. */
export interface ViewPayload {
  k: "v";
  /** A random id of this view, made by the script. */
  i: string;
  /** location.pathname + location.search. */
  u: string;
  /** document.referrer ("" when none). */
  r?: string;
  /** screen.width in CSS pixels. */
  w?: number;
}

/** Sent when the page is hidden: engaged time since the last one, and the Web Vitals measured so far. */
export interface EngagementPayload {
  k: "e";
  i: string;
  u: string;
  e: number;
  lcp?: number;
  inp?: number;
  cls?: number;
  fcp?: number;
  ttfb?: number;
}

export type EventPayload = ViewPayload | EngagementPayload;

const VIEW_ID = /^[0-9A-Za-z_-]{1,40}$/;
const DAY_MS = 86_400_000;
const VITAL_MAX_MS = 600_000;
const VITALS = ["lcp", "inp", "fcp", "ttfb"] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function inRange(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;
}

/**
 * A same-site path: one leading slash (not "//", which a URL reads as another host), no controls.
 * Its length is bounded by the body's (EVENT_MAX_BYTES): a long campaign tag is cut where it is
 * read (app/lib/analytics-source.ts), not refused with its view.
 */
function isPath(value: unknown): value is string {
  return typeof value === "string" && /^\/(?!\/)/.test(value) && !/[\s\\\p{Cc}]/u.test(value);
}

/** The payload, or null when it is not exactly one of the two events. */
export function parseEventPayload(body: unknown): EventPayload | null {
  if (!isObject(body) || typeof body.i !== "string" || !VIEW_ID.test(body.i) || !isPath(body.u)) return null;
  if (body.k === "v") {
    if (Object.keys(body).some((key) => !["k", "i", "u", "r", "w"].includes(key))) return null;
    // A control character (NUL above all: Postgres text cannot hold it) is never in a real URL.
    if (body.r !== undefined && (typeof body.r !== "string" || /\p{Cc}/u.test(body.r))) return null;
    if (body.w !== undefined && !(Number.isInteger(body.w) && inRange(body.w, 0, 100_000))) return null;
    return body as unknown as ViewPayload;
  }
  if (body.k === "e") {
    if (Object.keys(body).some((key) => !["k", "i", "u", "e", "cls", ...VITALS].includes(key))) return null;
    if (!(Number.isInteger(body.e) && inRange(body.e, 0, DAY_MS))) return null;
    if (VITALS.some((name) => body[name] !== undefined && !inRange(body[name], 0, VITAL_MAX_MS))) return null;
    if (body.cls !== undefined && !inRange(body.cls, 0, 100)) return null;
    return body as unknown as EngagementPayload;
  }
  return null;
}

/** A row of public.analytics_events, as analytics_ingest takes it. */
export interface EventRow extends ViewColumns {
  at: string;
  day: string;
  visitor: string;
  kind: "view" | "engagement" | "lead";
  view_id: string | null;
  path: string;
  device: string | null;
  browser: string | null;
  os: string | null;
  screen: number | null;
  engaged_ms: number | null;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  fcp: number | null;
  ttfb: number | null;
  form: "contact" | "demo" | null;
}

/** Lower bounds of the screen width buckets kept instead of the width itself. */
const SCREEN_BUCKETS = [0, 360, 480, 768, 1024, 1280, 1536, 1920, 2560];

export function screenBucket(width: number): number {
  return SCREEN_BUCKETS.findLast((bound) => width >= bound) ?? 0;
}

const round = (value: number | undefined, digits: number) =>
  value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Paths of the site that are not counted: the admin and sign-in apps, however the path spells
 * them (the router matches "/Admin" and "/%61dmin" as "/admin"). Not-found pages are counted on
 * purpose: a broken link is worth knowing (tests/e2e/errors.spec.ts).
 */
export function isUncountedPage(page: string): boolean {
  let path = page;
  try {
    path = decodeURIComponent(page);
  } catch {
    // A malformed escape: no route decodes it either.
  }
  return /^\/(admin|auth)(\/|$)/i.test(path);
}

interface RowContext {
  at: Date;
  who: DailyVisitor;
  agent: UserAgentFacts;
}

function originRow(origin: ViewOrigin, { at, who, agent }: RowContext): EventRow {
  return {
    at: at.toISOString(),
    day: who.day,
    visitor: who.visitor,
    kind: "view",
    view_id: null,
    ...viewColumns(origin),
    path: origin.path,
    device: agent.device,
    browser: agent.browser,
    os: agent.os,
    screen: null,
    engaged_ms: null,
    lcp: null,
    inp: null,
    cls: null,
    fcp: null,
    ttfb: null,
    form: null,
  };
}

/** A page view: from the script (with its id and screen) or the no-script pixel (without). */
export function viewRow(origin: ViewOrigin, context: RowContext, script?: ViewPayload): EventRow {
  const row = originRow(origin, context);
  if (!script) return row;
  return { ...row, view_id: script.i, screen: script.w === undefined ? null : screenBucket(script.w) };
}

/** Engaged time and vitals of a view: only the page is kept of its URL (the view has the rest). */
export function engagementRow(payload: EngagementPayload, context: RowContext): EventRow {
  const page = normalPage(payload.u.replace(/[?#].*$/, ""));
  const origin: ViewOrigin = {
    page,
    path: page,
    referrerHost: null,
    referrerPath: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    clickId: null,
    source: null,
    channel: "internal",
  };
  return {
    ...originRow(origin, context),
    kind: "engagement",
    view_id: payload.i,
    engaged_ms: payload.e,
    lcp: round(payload.lcp, 1),
    inp: round(payload.inp, 1),
    cls: round(payload.cls, 4),
    fcp: round(payload.fcp, 1),
    ttfb: round(payload.ttfb, 1),
  };
}

/** A stored lead, counted as a conversion of the visitor's day. */
export function leadRow(origin: ViewOrigin, form: "contact" | "demo", context: RowContext): EventRow {
  return { ...originRow(origin, context), kind: "lead", form };
}
