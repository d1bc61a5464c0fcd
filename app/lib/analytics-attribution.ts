// A lead's first and last touch (contact_messages.attribution; docs/decisions/073-cookieless-analytics.md),
// from the visitor's page views of the day that the analytics counted, or, when there are none
// (JavaScript and images off, analytics blocked), from the form's own page. Plain TypeScript
// that Node loads as it is, shared by the server's lead forms and the admin's inbox.
import { viewColumns, type Channel, type ViewColumns, type ViewOrigin } from "./analytics-source.ts";

export type Touch = {
  /** The page the visit entered by, without its query ("/precos"). */
  landing_page: string;
  /** The referring page (another site's) as host and path, without its query; null when none. */
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** An ad network's click id as `name=value` ("gclid=…"). */
  click_id: string | null;
  /** Pages viewed from this touch until the lead was sent, the form's own included. */
  pages_before: number;
  /** What the dashboard calls its origin ("Google", "newsletter"); null for a direct visit. */
  source: string | null;
  channel: Exclude<Channel, "internal">;
};

// Types, not interfaces: the row's jsonb column takes them as they are.
export type Attribution = {
  first: Touch;
  last: Touch;
};

/** The columns of a view (analytics_events) that a touch is made of. */
export type AttributionView = ViewColumns;

/** The channels a touch may have; anything else (a link inside the site) is a direct visit. */
const TOUCH_CHANNELS = new Set<string>(["direct", "search", "social", "email", "paid", "referral"]);

function touchOf(view: AttributionView, pagesBefore: number): Touch {
  const channel = TOUCH_CHANNELS.has(view.channel) ? (view.channel as Touch["channel"]) : "direct";
  return {
    landing_page: view.page,
    referrer: view.referrer_host ? `${view.referrer_host}${view.referrer_path ?? "/"}` : null,
    utm_source: view.utm_source,
    utm_medium: view.utm_medium,
    utm_campaign: view.utm_campaign,
    utm_term: view.utm_term,
    utm_content: view.utm_content,
    click_id: view.click_id,
    pages_before: pagesBefore,
    source: channel === "direct" && view.channel !== "direct" ? null : view.source,
    channel,
  };
}

/**
 * First touch: the day's first view; last touch: the last view that arrived from outside the
 * site (a new referrer, campaign or click id, or typed in again), each with the pages viewed
 * from it on. `views` are the visitor's views of the day, oldest first. Null without views.
 */
export function attributionFromViews(views: readonly AttributionView[]): Attribution | null {
  const first = views[0];
  if (!first) return null;
  const lastArrival = views.findLastIndex((view) => view.channel !== "internal");
  const at = lastArrival < 0 ? 0 : lastArrival;
  return { first: touchOf(first, views.length), last: touchOf(views[at]!, views.length - at) };
}

/** Without counted views: the page the form was sent from (its query's campaign tags included). */
export function attributionFromOrigin(origin: ViewOrigin): Attribution {
  const touch = touchOf(viewColumns(origin), 1);
  return { first: touch, last: touch };
}

const isTouch = (value: unknown) =>
  typeof value === "object" && value !== null && typeof (value as Touch).landing_page === "string";

/** Whether a stored value (jsonb) is an attribution, for code that reads contact_messages rows. */
export function isAttribution(value: unknown): value is Attribution {
  return (
    typeof value === "object" &&
    value !== null &&
    isTouch((value as Attribution).first) &&
    isTouch((value as Attribution).last)
  );
}
