// The server half of the lead forms (contact, demo): the request's shape, honeypot, validation,
// rate limit and the insert into contact_messages, the only way a lead gets in. Every answer
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
import { sameSitePath } from "./safe-next";
import { serviceSupabase } from "./supabase.server";

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
    return data<LeadActionResult>({ status: "invalid", errors: result.errors, values, page }, { status: 400 });
  }

  // Counted before the insert, so a burst of parallel submissions cannot all pass the check.
  const gate = context.get(requestContext).rateLimit("leads");
  if (!gate.allowed) {
    return data<LeadActionResult>(
      { status: "rate-limited", retryAfterSeconds: gate.retryAfterSeconds, values, page },
      { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
    );
  }
  if (!result) return data<LeadActionResult>({ status: "success", page });

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
