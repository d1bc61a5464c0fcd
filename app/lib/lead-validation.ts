// Validation of the two lead forms (contact, demo), shared by the browser and the route
// actions. Hand-written instead of zod so the demo form, present on every page, adds only a
// few hundred bytes to the public JS (ADR 032). The bounds mirror the CHECK constraints of
// supabase/migrations/*_contact_messages.sql, so what passes here is what the table accepts.
// The e-mail rule is the app's one (isEmail, ./validation).

import { isEmail } from "./validation";

export const LEAD_SUBJECTS = ["demo", "comercial", "suporte", "parceria", "outro"] as const;
export type LeadSubject = (typeof LEAD_SUBJECTS)[number];

export const LEAD_PLANS = ["basic", "business", "scale", "infinity"] as const;
export type LeadPlan = (typeof LEAD_PLANS)[number];

export type LeadKind = "contact" | "demo";
export type LeadField = "name" | "email" | "company" | "phone" | "subject" | "message" | "plan";
export type LeadErrorCode = "required" | "tooShort" | "tooLong" | "invalid";
export type LeadErrors = Partial<Record<LeadField, LeadErrorCode>>;

/** A lead ready to be stored (column names of contact_messages). */
export interface Lead {
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  subject: LeadSubject;
  message: string | null;
  plan: LeadPlan | null;
}

export type LeadValues = Partial<Record<LeadField, string>>;

/** What a lead form's route action answers (app/lib/leads.server.ts). */
export type LeadActionResult =
  | { status: "success"; page: string }
  | { status: "invalid"; errors: LeadErrors; values: LeadValues; page: string }
  | { status: "rate-limited"; retryAfterSeconds: number; values: LeadValues; page: string }
  /** "unreadable": the request was not a form the server could read (wrong type, broken body). */
  | { status: "error"; values: LeadValues; page: string; reason?: "unreadable" };

export type LeadValidation = { ok: true; lead: Lead } | { ok: false; errors: LeadErrors };

export const LEAD_LIMITS = {
  nameMin: 2,
  nameMax: 120,
  emailMax: 254,
  companyMax: 120,
  phoneMax: 40,
  messageMin: 10,
  messageMax: 5000,
} as const;

const PHONE = /^[0-9+() .-]*$/;
// NUL and the other control characters: nobody types them, PostgreSQL refuses NUL in text,
// and they hide text in the admin. A message keeps its line breaks and tabs. The bidirectional
// controls (embeddings, overrides, isolates and marks) are refused in every field too: they
// reorder the text around them in the admin and in the sales e-mail's subject.
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// oxlint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Characters that show nothing: zero-width space, non-joiner and joiner, word joiner, BOM, soft
// hyphen, and the fillers that render blank. Inside a name they may belong (a joiner in an emoji
// or a Persian word), so they stay; but a field of nothing else is empty, and they do not count
// towards a minimum length.
const INVISIBLE_CHARS = "\\u00ad\\u034f\\u115f\\u1160\\u180e\\u200b-\\u200d\\u2060-\\u2064\\u3164\\ufeff\\uffa0";
const INVISIBLE = new RegExp(`[${INVISIBLE_CHARS}]`, "g");
const INVISIBLE_AT_ENDS = new RegExp(`^[\\s${INVISIBLE_CHARS}]+|[\\s${INVISIBLE_CHARS}]+$`, "g");

/** A submitted value without the spaces and invisible characters around it. */
const cleaned = (value: string | undefined) => value?.replace(INVISIBLE_AT_ENDS, "") ?? "";
/** How many characters of a value show: 0 for one made only of invisible characters. */
const shown = (value: string) => value.replace(INVISIBLE, "").length;

/** Each field's longest accepted value: what an answer may echo back. */
const FIELD_MAX: Record<LeadField, number> = {
  name: LEAD_LIMITS.nameMax,
  email: LEAD_LIMITS.emailMax,
  company: LEAD_LIMITS.companyMax,
  phone: LEAD_LIMITS.phoneMax,
  subject: 20,
  message: LEAD_LIMITS.messageMax,
  plan: 20,
};

export const isLeadPlan = (value: unknown): value is LeadPlan => LEAD_PLANS.includes(value as LeadPlan);
const isLeadSubject = (value: unknown): value is LeadSubject => LEAD_SUBJECTS.includes(value as LeadSubject);

/**
 * Values to send back with an answer, each cut to twice its field's maximum: a form re-shown with
 * errors ("no máximo 5.000 caracteres") keeps all a visitor typed past the limit, to shorten it
 * there, but a hostile post cannot make the answer grow.
 */
export function boundLeadValues(values: LeadValues): LeadValues {
  const bounded: LeadValues = {};
  for (const [field, value] of Object.entries(values) as [LeadField, string | undefined][]) {
    if (value !== undefined && field in FIELD_MAX) bounded[field] = value.slice(0, 2 * FIELD_MAX[field]);
  }
  return bounded;
}

/** The form's string values, trimmed; missing fields are empty strings. */
export function leadValuesFrom(form: FormData): LeadValues {
  const values: LeadValues = {};
  for (const field of ["name", "email", "company", "phone", "subject", "message", "plan"] as const) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.trim() : "";
  }
  return values;
}

/**
 * Checks a contact or demo submission. The demo form has no subject or message field: its
 * subject is always "demo". Optional fields left empty become null.
 */
export function validateLead(kind: LeadKind, values: LeadValues): LeadValidation {
  const errors: LeadErrors = {};
  const name = cleaned(values.name);
  const email = cleaned(values.email);
  const company = cleaned(values.company);
  const phone = cleaned(values.phone);
  const message = cleaned(values.message);
  const plan = cleaned(values.plan);
  const subject = kind === "demo" ? "demo" : cleaned(values.subject);

  if (!name) errors.name = "required";
  else if (CONTROL.test(name) || BIDI.test(name)) errors.name = "invalid";
  else if (shown(name) < LEAD_LIMITS.nameMin) errors.name = "tooShort";
  else if (name.length > LEAD_LIMITS.nameMax) errors.name = "tooLong";

  if (!email) errors.email = "required";
  else if (email.length > LEAD_LIMITS.emailMax) errors.email = "tooLong";
  // No mailbox has an invisible character in its address.
  else if (!isEmail(email) || CONTROL.test(email) || BIDI.test(email) || shown(email) < email.length) {
    errors.email = "invalid";
  }

  if (company.length > LEAD_LIMITS.companyMax) errors.company = "tooLong";
  else if (CONTROL.test(company) || BIDI.test(company)) errors.company = "invalid";

  if (phone.length > LEAD_LIMITS.phoneMax) errors.phone = "tooLong";
  else if (!PHONE.test(phone) || (phone && phone.replace(/\D/g, "").length < 8)) errors.phone = "invalid";

  if (!subject) errors.subject = "required";
  else if (!isLeadSubject(subject)) errors.subject = "invalid";

  if (kind === "contact") {
    if (!message) errors.message = "required";
    else if (CONTROL_EXCEPT_LINES.test(message) || BIDI.test(message)) errors.message = "invalid";
    else if (shown(message) < LEAD_LIMITS.messageMin) errors.message = "tooShort";
    else if (message.length > LEAD_LIMITS.messageMax) errors.message = "tooLong";
  }

  if (plan && !isLeadPlan(plan)) errors.plan = "invalid";

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    lead: {
      name,
      email,
      company: company || null,
      phone: phone || null,
      subject: subject as LeadSubject,
      message: kind === "contact" ? message : null,
      plan: isLeadPlan(plan) ? plan : null,
    },
  };
}

/** Name of the honeypot input: a field people never see and bots like to fill. */
export const HONEYPOT_FIELD = "website";

/**
 * The query of a confirmation after a no-JavaScript submission (post/redirect/get,
 * app/lib/leads.server.ts): `?enviado=1` says the lead was taken, `pagina` is where the demo
 * form was sent from (its "Voltar" link).
 */
export const LEAD_SENT_PARAM = "enviado";
export const LEAD_PAGE_PARAM = "pagina";

/**
 * The contact form's heading: its action and its confirmation end in this fragment, so a page
 * answered without JavaScript opens on the form and its notice, not scrolled to the top.
 */
export const CONTACT_FORM_ANCHOR = "form-contato-titulo";
