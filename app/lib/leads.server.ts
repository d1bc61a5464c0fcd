// The server half of the lead forms (contact, demo): the request's shape, rate limit, honeypot,
// validation and the insert into contact_messages, the only way a lead gets in. Every answer
// is a 4xx with the form's pt-BR messages when the visitor (or a script) sent something wrong;
// 5xx only when the database could not store a valid lead. The body's size is bounded before
// this runs (server/http/page-guards.ts).
import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "./request-context";
import {
  boundLeadValues,
  HONEYPOT_FIELD,
  leadValuesFrom,
  validateLead,
  type LeadActionResult,
  type LeadKind,
} from "./lead-validation";
import { createRateLimiter } from "./rate-limit.server";
import { sameSitePath } from "./safe-next";
import { serviceSupabase } from "./supabase.server";

/**
 * Ten leads per IP in ten minutes: far above what a person sends, and generous for
 * offices behind one NAT address, while a script hammering the form is cut off quickly.
 */
export const LEAD_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

// One window for both forms: a bot should not get twice the budget by switching forms.
const limiter = createRateLimiter(LEAD_RATE_LIMIT);

/** The longest page path stored with a lead (contact_messages.page's CHECK). */
const PAGE_MAX = 300;

/**
 * The origin path sent by the demo form, which becomes the confirmation's "Voltar" link and
 * the lead's page: only a path of this site (safe-next.ts decides), without query or hash.
 */
function pagePath(value: FormDataEntryValue | null, fallback: string): string {
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

function unreadable(status: 400 | 415, page: string) {
  return data<LeadActionResult>({ status: "error", reason: "unreadable", values: {}, page }, { status });
}

export async function handleLeadSubmission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: LeadKind,
  defaultPage: string,
) {
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
  const page = pagePath(form.get("page"), defaultPage);

  const { clientIp } = context.get(requestContext);
  const gate = limiter.hit(clientIp);
  if (!gate.allowed) {
    return data<LeadActionResult>(
      { status: "rate-limited", retryAfterSeconds: gate.retryAfterSeconds, values, page },
      { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
    );
  }

  // A filled honeypot is a bot: it sees the usual success, so it learns nothing, and
  // nothing is stored.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    return data<LeadActionResult>({ status: "success", page });
  }

  const result = validateLead(kind, submitted);
  if (!result.ok) {
    return data<LeadActionResult>({ status: "invalid", errors: result.errors, values, page }, { status: 400 });
  }

  try {
    // Only this server may insert leads (ADR 037): the gates above are what the public key skipped.
    const { error } = await serviceSupabase(context)
      .from("contact_messages")
      .insert({ ...result.lead, page });
    if (error) throw new Error(`${error.code ?? ""} ${error.message}`);
  } catch (error) {
    console.error(`Could not store a ${kind} lead:`, error instanceof Error ? error.message : error);
    return data<LeadActionResult>({ status: "error", values, page }, { status: 503 });
  }
  return data<LeadActionResult>({ status: "success", page });
}
