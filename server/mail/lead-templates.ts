// The e-mails a new lead produces (docs/decisions/053-lead-delivery.md), in pt-BR, as plain text
// and HTML. Every value from the visitor is escaped in the HTML part; subject and plan names come
// from the forms' own copy (app/content/lead-form.ts), so the e-mail says what the visitor chose.
import { leadPlanLabels, leadSubjectLabels } from "../../app/content/lead-form.ts";
import type { Tables } from "../../app/lib/database.types.ts";
import type { MailMessage } from "./mailer.ts";

/** A contact_messages row as the worker reads it (the driver gives created_at as a Date). */
export type LeadRecord = Omit<
  Pick<
    Tables<"contact_messages">,
    "id" | "name" | "email" | "company" | "phone" | "subject" | "message" | "plan" | "page" | "created_at"
  >,
  "created_at"
> & { created_at: string | Date };

export interface SiteIdentity {
  /** The brand, e.g. "Omnia". */
  name: string;
  /** SITE_URL, without a trailing slash. */
  url: string;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}

const label = (labels: Record<string, string>, value: string | null) =>
  value === null ? null : (labels[value] ?? value);

function when(created: string | Date): string {
  return new Intl.DateTimeFormat("pt-BR", {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "America/Sao_Paulo",
  }).format(new Date(created));
}

export function layout(site: SiteIdentity, title: string, body: string): string {
  return [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>',
    escapeHtml(title),
    '</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    body,
    `<p style="color:#64748b;font-size:12px">${escapeHtml(site.name)} · <a href="${escapeHtml(site.url)}">${escapeHtml(site.url)}</a></p>`,
    "</body></html>",
  ].join("");
}

/** The notification to the sales team: every field, where it came from, and a link to the inbox. */
export function salesNotification(lead: LeadRecord, site: SiteIdentity, to: string[]): MailMessage {
  const subjectLabel = label(leadSubjectLabels, lead.subject) ?? lead.subject;
  const fields: [string, string | null][] = [
    ["Nome", lead.name],
    ["E-mail", lead.email],
    ["Empresa", lead.company],
    ["Telefone", lead.phone],
    ["Assunto", subjectLabel],
    ["Plano de interesse", label(leadPlanLabels, lead.plan)],
    ["Página", lead.page ? `${site.url}${lead.page}` : null],
    ["Recebido em", `${when(lead.created_at)} (horário de Brasília)`],
  ];
  const present = fields.filter((field): field is [string, string] => Boolean(field[1]));
  const inbox = `${site.url}/admin`;
  const title = `Novo contato: ${subjectLabel} — ${lead.name}${lead.company ? ` (${lead.company})` : ""}`;
  const text = [
    `Um novo contato chegou pelo site ${site.name}.`,
    "",
    ...present.map(([name, value]) => `${name}: ${value}`),
    ...(lead.message ? ["", "Mensagem:", lead.message] : []),
    "",
    `Responda a este e-mail para falar direto com ${lead.name}.`,
    `Ver na área administrativa (Mensagens): ${inbox}`,
  ].join("\n");
  const html = layout(
    site,
    title,
    [
      `<p>Um novo contato chegou pelo site ${escapeHtml(site.name)}.</p>`,
      '<table cellpadding="4" style="border-collapse:collapse">',
      ...present.map(
        ([name, value]) =>
          `<tr><th align="left" style="padding-right:12px">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      "</table>",
      ...(lead.message
        ? [`<p><strong>Mensagem:</strong></p><p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`]
        : []),
      `<p>Responda a este e-mail para falar direto com ${escapeHtml(lead.name)}.</p>`,
      `<p><a href="${escapeHtml(inbox)}">Ver na área administrativa (Mensagens)</a></p>`,
    ].join(""),
  );
  return { to, subject: title, text, html, replyTo: lead.email };
}

/** The visitor's receipt: short, what happens next, nothing they did not send. */
export function visitorConfirmation(lead: LeadRecord, site: SiteIdentity): MailMessage {
  const demo = lead.subject === "demo";
  const subject = "Recebemos sua mensagem";
  const next = demo
    ? "Nossa equipe entrará em contato em breve para agendar a sua demonstração."
    : "Nossa equipe responderá em breve.";
  const text = [
    `Olá, ${lead.name}!`,
    "",
    `Recebemos sua mensagem pelo site ${site.name}. ${next}`,
    "",
    `Assunto: ${label(leadSubjectLabels, lead.subject) ?? lead.subject}`,
    "",
    "Se não foi você que enviou, pode ignorar este e-mail.",
    "",
    `Equipe ${site.name}`,
    site.url,
  ].join("\n");
  const html = layout(
    site,
    subject,
    [
      `<p>Olá, ${escapeHtml(lead.name)}!</p>`,
      `<p>Recebemos sua mensagem pelo site ${escapeHtml(site.name)}. ${escapeHtml(next)}</p>`,
      `<p><strong>Assunto:</strong> ${escapeHtml(label(leadSubjectLabels, lead.subject) ?? lead.subject)}</p>`,
      "<p>Se não foi você que enviou, pode ignorar este e-mail.</p>",
      `<p>Equipe ${escapeHtml(site.name)}</p>`,
    ].join(""),
  );
  return { to: lead.email, subject, text, html };
}
