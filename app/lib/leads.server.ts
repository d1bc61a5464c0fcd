// The server half of the lead forms (contact, demo): rate limit, honeypot, validation and
// the insert into contact_messages. The anon client may only INSERT (RLS), so nothing is
// read back: no .select() after the insert.
import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "./request-context";
import { HONEYPOT_FIELD, leadValuesFrom, validateLead, type LeadActionResult, type LeadKind } from "./lead-validation";
import { createRateLimiter } from "./rate-limit.server";
import { serverSupabase } from "./supabase.server";

/**
 * Ten leads per IP in ten minutes: far above what a person sends, and generous for
 * offices behind one NAT address, while a script hammering the form is cut off quickly.
 */
export const LEAD_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

// One window for both forms: a bot should not get twice the budget by switching forms.
const limiter = createRateLimiter(LEAD_RATE_LIMIT);

/** The origin path sent by the demo form; anything that is not a plain site path is dropped. */
function pagePath(value: FormDataEntryValue | null, fallback: string): string {
  if (typeof value !== "string" || !/^\/[^\s?#]{0,299}$/.test(value) || value.startsWith("//")) return fallback;
  return value.replace(/(.)\/+$/, "$1");
}

export async function handleLeadSubmission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: LeadKind,
  defaultPage: string,
) {
  const form = await request.formData();
  const values = leadValuesFrom(form);
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

  const result = validateLead(kind, values);
  if (!result.ok) {
    return data<LeadActionResult>({ status: "invalid", errors: result.errors, values, page }, { status: 400 });
  }

  try {
    const { error } = await serverSupabase(context)
      .from("contact_messages")
      .insert({ ...result.lead, page });
    if (error) throw new Error(`${error.code ?? ""} ${error.message}`);
  } catch (error) {
    console.error(`Could not store a ${kind} lead:`, error instanceof Error ? error.message : error);
    return data<LeadActionResult>({ status: "error", values, page }, { status: 503 });
  }
  return data<LeadActionResult>({ status: "success", page });
}
