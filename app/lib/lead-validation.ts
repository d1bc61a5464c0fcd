// Validation of the two lead forms (contact, demo), shared by the browser and the route
// actions. Hand-written instead of zod so the demo form, present on every page, adds only a
// few hundred bytes to the public JS (ADR 032). The bounds mirror the CHECK constraints of
// supabase/migrations/*_contact_messages.sql, so what passes here is what the table accepts.

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
  | { status: "error"; values: LeadValues; page: string };

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+() .-]*$/;

export const isLeadPlan = (value: unknown): value is LeadPlan => LEAD_PLANS.includes(value as LeadPlan);
const isLeadSubject = (value: unknown): value is LeadSubject => LEAD_SUBJECTS.includes(value as LeadSubject);

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
  const name = values.name?.trim() ?? "";
  const email = values.email?.trim() ?? "";
  const company = values.company?.trim() ?? "";
  const phone = values.phone?.trim() ?? "";
  const message = values.message?.trim() ?? "";
  const plan = values.plan?.trim() ?? "";
  const subject = kind === "demo" ? "demo" : (values.subject?.trim() ?? "");

  if (!name) errors.name = "required";
  else if (name.length < LEAD_LIMITS.nameMin) errors.name = "tooShort";
  else if (name.length > LEAD_LIMITS.nameMax) errors.name = "tooLong";

  if (!email) errors.email = "required";
  else if (email.length > LEAD_LIMITS.emailMax) errors.email = "tooLong";
  else if (!EMAIL.test(email)) errors.email = "invalid";

  if (company.length > LEAD_LIMITS.companyMax) errors.company = "tooLong";

  if (phone.length > LEAD_LIMITS.phoneMax) errors.phone = "tooLong";
  else if (!PHONE.test(phone) || (phone && phone.replace(/\D/g, "").length < 8)) errors.phone = "invalid";

  if (!subject) errors.subject = "required";
  else if (!isLeadSubject(subject)) errors.subject = "invalid";

  if (kind === "contact") {
    if (!message) errors.message = "required";
    else if (message.length < LEAD_LIMITS.messageMin) errors.message = "tooShort";
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
