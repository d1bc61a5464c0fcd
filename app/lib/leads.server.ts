// The server half of the lead forms (contact, demo): the request's shape, honeypot, validation,
// rate limit and the insert into contact_messages, the only way a lead gets in. Every answer
// is a 4xx with the form's pt-BR messages when the visitor (or a script) sent something wrong;
// 5xx only when the database could not store a valid lead. The body's size is bounded before
// this runs (server/http/page-guards.ts).
//
// Two ways in, one verdict (docs/decisions/049-lead-forms-without-react.md): a plain HTML POST
// (no JavaScript) gets a page, and on success a 303 to a GET URL that shows the confirmation
// (post/redirect/get: reloading it sends nothing); the enhancement module (app/enhance/lead-form.ts)
// posts the same form with `Accept: application/json` and gets the verdict as JSON.
import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import {
  attributionFromOrigin,
  attributionFromViews,
  type Attribution,
  type AttributionView,
} from "./analytics-attribution";
import { viewOrigin, type ViewOrigin } from "./analytics-source";
import { requestContext } from "./request-context";
import {
  boundLeadValues,
  CONTACT_FORM_ANCHOR,
  HONEYPOT_FIELD,
  LEAD_PAGE_PARAM,
  LEAD_SENT_PARAM,
  leadValuesFrom,
  validateLead,
  type LeadActionResult,
  type LeadKind,
} from "./lead-validation";
import { sameSitePath } from "./safe-next";
import { siteContext } from "./site-context";
import { serviceSupabase } from "./supabase.server";

/** The longest page path stored with a lead (contact_messages.page's CHECK). */
const PAGE_MAX = 300;

/**
 * The origin path sent by the demo form, which becomes the confirmation's "Voltar" link and
 * the lead's page: only a path of this site (safe-next.ts decides), without query or hash.
 */
export function leadOriginPage(value: FormDataEntryValue | null, fallback: string): string {
  const path = sameSitePath(typeof value === "string" ? value : null);
  if (!path) return fallback;
  const pathname = path.replace(/[?#].*$/, "").replace(/(.)\/+$/, "$1");
  return pathname.length <= PAGE_MAX ? pathname : fallback;
}

/** The two encodings an HTML form (and React Router's fetcher) posts. */
function isFormEncoded(request: Request): boolean {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}

/** The columns of a page view that a lead's attribution is made of. */
const VIEW_COLUMNS =
  "page, referrer_host, referrer_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content, click_id, source, channel";

/**
 * The page the form was sent from, as the analytics would count it: the Referer when it is this
 * site's (its campaign tags included), else the form's own page.
 */
function formOrigin(request: Request, context: Readonly<RouterContextProvider>, page: string): ViewOrigin {
  const site = context.get(siteContext).origin;
  const hosts = [new URL(site).hostname, new URL(request.url).hostname];
  const referer = URL.parse(request.headers.get("Referer") ?? "");
  const url = referer && hosts.includes(referer.hostname) ? referer : new URL(page, site);
  return viewOrigin(url, null, hosts)!;
}

/**
 * Where the lead came from (docs/decisions/073-cookieless-analytics.md): the first and last touch
 * of the visitor's page views of the day, the same daily visitor the analytics counted; without
 * any (JavaScript and images off, analytics blocked or off), the form's own page. Reading the
 * views may fail without losing the lead: it then gets the form's page.
 */
async function attributionOf(context: Readonly<RouterContextProvider>, origin: ViewOrigin): Promise<Attribution> {
  const analytics = context.get(requestContext).analytics;
  let views: AttributionView[] = [];
  try {
    const who = analytics ? await analytics.visitor() : null;
    if (who) {
      const { data: rows, error } = await serviceSupabase(context)
        .from("analytics_events")
        .select(VIEW_COLUMNS)
        .eq("day", who.day)
        .eq("visitor", who.visitor)
        .eq("kind", "view")
        .order("at")
        .order("id")
        .limit(1000);
      if (error) throw new Error(`${error.code ?? ""} ${error.message}`);
      views = rows;
    }
  } catch (error) {
    console.error("Could not read a lead's page views:", error instanceof Error ? error.message : error);
  }
  return attributionFromViews(views) ?? attributionFromOrigin(origin);
}

/** A verdict on one submission, before it becomes a page, a redirect or JSON. */
export interface LeadAnswer {
  result: LeadActionResult;
  status: 200 | 400 | 415 | 429 | 503;
  headers?: Record<string, string>;
}

function unreadable(status: 400 | 415, page: string): LeadAnswer {
  return { result: { status: "error", reason: "unreadable", values: {}, page }, status };
}

/** Checks, rate-limits and stores one submission of a lead form. */
export async function submitLead(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: LeadKind,
  defaultPage: string,
): Promise<LeadAnswer> {
  if (!isFormEncoded(request)) return unreadable(415, defaultPage);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A broken multipart body or an undecodable one: the visitor's browser did not send a form.
    return unreadable(400, defaultPage);
  }
  const submitted = leadValuesFrom(form);
  const values = boundLeadValues(submitted);
  const page = leadOriginPage(form.get("page"), defaultPage);

  // The per-address limit (server/http/rate-limits.ts: 10 leads per 10 minutes, one budget for
  // both forms) counts only what could have been stored. A mistake is answered 400 and not
  // counted, so a visitor's typo costs none of their attempts (the rules it reveals are the
  // form's own). A filled honeypot is a bot: it counts, so probing the form is not free, and
  // whatever its other fields it gets a stored lead's answer (success, or 429 once over the
  // limit), so it cannot tell it was caught; nothing is stored.
  const honeypot = form.get(HONEYPOT_FIELD);
  const isBot = typeof honeypot === "string" && honeypot !== "";
  const result = isBot ? null : validateLead(kind, submitted);
  if (result && !result.ok) {
    return { result: { status: "invalid", errors: result.errors, values, page }, status: 400 };
  }

  // Counted before the insert, so a burst of parallel submissions cannot all pass the check.
  // Awaited: a limiter may keep its windows outside this process (server/http/rate-limits.ts).
  const gate = await context.get(requestContext).rateLimit("leads");
  if (!gate.allowed) {
    return {
      result: { status: "rate-limited", retryAfterSeconds: gate.retryAfterSeconds, values, page },
      status: 429,
      headers: { "Retry-After": String(gate.retryAfterSeconds) },
    };
  }
  if (!result) return { result: { status: "success", page }, status: 200 };

  const origin = formOrigin(request, context, page);
  try {
    const attribution = await attributionOf(context, origin);
    // Only this server may insert leads (ADR 037): the gates above are what the public key skipped.
    const { error } = await serviceSupabase(context)
      .from("contact_messages")
      .insert({ ...result.lead, page, attribution });
    if (error) throw new Error(`${error.code ?? ""} ${error.message}`);
  } catch (error) {
    console.error(`Could not store a ${kind} lead:`, error instanceof Error ? error.message : error);
    return { result: { status: "error", values, page }, status: 503 };
  }
  // The dashboard's conversions: this visitor's day now has a lead.
  context.get(requestContext).analytics?.lead(kind, origin);
  return { result: { status: "success", page }, status: 200 };
}

/**
 * Where a successful no-JavaScript submission is sent (303, post/redirect/get): a GET URL that
 * shows the confirmation. /contato is a prerendered file, which cannot see a query string, so
 * server/http/documents.ts hands a GET with `?enviado` to the per-request renderer.
 * /solicitar-demo is per-request anyway, and takes the origin page for its "Voltar" link.
 */
export function leadSentPath(kind: LeadKind, page: string): string {
  if (kind === "contact") return `/contato?${LEAD_SENT_PARAM}=1#${CONTACT_FORM_ANCHOR}`;
  return `/solicitar-demo?${new URLSearchParams({ [LEAD_SENT_PARAM]: "1", [LEAD_PAGE_PARAM]: page })}`;
}

/**
 * The route action of a lead form (a plain HTML POST): success is a 303 to the confirmation
 * (leadSentPath), anything else the page again with the messages and the typed values.
 */
export async function handleLeadSubmission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: LeadKind,
  defaultPage: string,
) {
  const answer = await submitLead(request, context, kind, defaultPage);
  if (answer.result.status === "success") return redirect(leadSentPath(kind, answer.result.page), 303);
  return data<LeadActionResult>(answer.result, { status: answer.status, headers: answer.headers });
}

/** Whether a request asks for the JSON verdict (the enhancement module's fetch) instead of a page. */
export function wantsJson(request: Request): boolean {
  return request.method === "POST" && /\bapplication\/json\b/i.test(request.headers.get("Accept") ?? "");
}

/**
 * A route middleware answering the enhancement module's POST (`Accept: application/json`) with
 * the verdict as JSON, the same object the page would show, and the same status. A route action
 * cannot: on a document request React Router turns any Response it returns back into page data.
 * Everything else (GET, a plain form POST) goes on to the loader, the action and the page.
 */
export function leadJsonMiddleware(kind: LeadKind, defaultPage: string): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    if (!wantsJson(request)) return next();
    const answer = await submitLead(request, context, kind, defaultPage);
    return Response.json(answer.result, {
      status: answer.status,
      headers: { ...answer.headers, "Cache-Control": "no-store" },
    });
  };
}
