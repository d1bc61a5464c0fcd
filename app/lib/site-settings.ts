// The site's settings (the public.site_settings row, issue #39): the company's identity,
// contacts, social links and default SEO, as admins edit them in "Configurações" and every public
// page shows them. The rules here are the table's CHECKs
// (supabase/migrations/20260101001800_site_settings.sql); site-settings.test.ts feeds both the
// same values. The admin's form, the pages and the server import this module.
// Plain TypeScript, no React; relative imports carry their extension so plain Node loads it too.
import type { Tables } from "./database.types.ts";
import { isEmail } from "./validation.ts";

/** The settings as pages read them: the row without its key and timestamp. */
export type SiteSettings = Omit<Tables<"site_settings">, "id" | "updated_at">;

/**
 * What the migration seeds and a fresh install shows: placeholders on the reserved `.example`
 * domain until the company puts its own (`npm start` warns while any is left, server/boot.ts).
 * Also what a render sees before the server has read the row.
 */
export const PLACEHOLDER_SETTINGS: SiteSettings = {
  trade_name: "Omnia",
  legal_name: "Omnia Tecnologia Ltda.",
  cnpj: null,
  address: "Av. Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100",
  dpo_email: "privacidade@omnia.example",
  email: "contato@omnia.example",
  sales_email: "vendas@omnia.example",
  support_email: "suporte@omnia.example",
  phone: "+551140000000",
  whatsapp: "+5511900000000",
  whatsapp_message: "Olá! Vim pelo site da Omnia e gostaria de saber mais.",
  linkedin_url: "https://linkedin.example/company/omnia",
  facebook_url: "https://facebook.example/omnia",
  instagram_url: "https://instagram.example/omnia",
  youtube_url: "https://youtube.example/@omnia",
  tiktok_url: "https://tiktok.example/@omnia",
  seo_description:
    "A Omnia une voz, chat, e-mail, WhatsApp, redes sociais, SMS, marketplaces e CRMs em uma só plataforma, com IA que roteia, sugere respostas e mede o sentimento dos seus clientes.",
  share_image: null,
};

export type SettingsField = keyof SiteSettings;

/** The fields in the form's order (its sections: Empresa, Contato, Redes sociais, SEO do site). */
export const SETTINGS_FIELDS = Object.keys(PLACEHOLDER_SETTINGS) as SettingsField[];

/** Character limits of the text fields (the table's CHECKs). */
export const SETTINGS_LIMITS = {
  trade_name: 100,
  legal_name: 200,
  address: 300,
  email: 254,
  whatsapp_message: 500,
  url: 500,
  seo_description: 300,
  share_image: 2048,
} as const;

// ---------------------------------------------------------------------------------------------
// CNPJ

const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/**
 * What a person types, as the table stores it: punctuation and spaces dropped, letters in upper
 * case ("12.ABC.345/01de-35" → "12ABC34501DE35").
 */
export function normalizeCnpj(input: string): string {
  return input.replace(/[\s./-]/g, "").toUpperCase();
}

/** A check digit: the modulo-11 sum of the characters before it, weights 2 to 9 from the right. */
function cnpjDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) total += (body.charCodeAt(i) - 48) * (((body.length - 1 - i) % 8) + 2);
  const rest = total % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * A CNPJ without punctuation whose two check digits hold: 12 digits, or (alphanumeric CNPJs,
 * issued from July 2026) digits and upper-case letters, each counted as its ASCII code minus 48.
 * Fourteen equal characters pass the sum and are still refused, as by public.cnpj_is_valid.
 */
export function isValidCnpj(cnpj: string): boolean {
  if (!CNPJ_SHAPE.test(cnpj) || /^(.)\1*$/.test(cnpj)) return false;
  return cnpjDigit(cnpj.slice(0, 12)) === Number(cnpj[12]) && cnpjDigit(cnpj.slice(0, 13)) === Number(cnpj[13]);
}

/** As printed: 12.345.678/0001-95. */
export function formatCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

// ---------------------------------------------------------------------------------------------
// Telephone numbers

const E164 = /^\+[1-9][0-9]{7,14}$/;

/** Spaces, hyphens, dots and parentheses dropped: "+55 (11) 4000-0000" → "+551140000000". */
export function normalizePhone(input: string): string {
  return input.replace(/[\s().-]/g, "");
}

/** E.164: a plus sign, the country code and the number, 8 to 15 digits in all. */
export function isE164(phone: string): boolean {
  return E164.test(phone);
}

/** As people read it: "+55 11 4000-0000", "+55 11 90000-0000"; other countries as stored. */
export function formatPhone(e164: string): string {
  const brazil = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return brazil ? `+55 ${brazil[1]} ${brazil[2]}-${brazil[3]}` : e164;
}

/** A tel: link. */
export function phoneHref(e164: string): string {
  return `tel:${e164}`;
}

/**
 * WhatsApp's click-to-chat link (https://faq.whatsapp.com/5913398998672934): the number without
 * its plus sign, the pre-filled message, and campaign tags naming the site and the page the
 * visitor was on, which WhatsApp ignores and analytics read.
 */
export function whatsappLink(settings: Pick<SiteSettings, "whatsapp" | "whatsapp_message">, page: string): string {
  const message = settings.whatsapp_message.trim();
  const query = [
    // %20 for spaces, as WhatsApp's own links write them (URLSearchParams would write "+").
    ...(message ? [`text=${encodeURIComponent(message)}`] : []),
    "utm_source=site",
    "utm_medium=whatsapp",
    `utm_content=${encodeURIComponent(page)}`,
  ];
  return `https://wa.me/${(settings.whatsapp ?? "").replace(/^\+/, "")}?${query.join("&")}`;
}

// ---------------------------------------------------------------------------------------------
// Social links

export type SocialNetwork = "LinkedIn" | "Facebook" | "Instagram" | "YouTube" | "TikTok";

export interface SocialLink {
  name: SocialNetwork;
  href: string;
}

export const SOCIAL_FIELDS = {
  LinkedIn: "linkedin_url",
  Facebook: "facebook_url",
  Instagram: "instagram_url",
  YouTube: "youtube_url",
  TikTok: "tiktok_url",
} as const satisfies Record<SocialNetwork, SettingsField>;

/** The networks that have an address, in the footer's order. */
export function socialLinks(settings: SiteSettings): SocialLink[] {
  return (Object.entries(SOCIAL_FIELDS) as [SocialNetwork, (typeof SOCIAL_FIELDS)[SocialNetwork]][]).flatMap(
    ([name, field]) => {
      const href = settings[field];
      return href ? [{ name, href }] : [];
    },
  );
}

/** An https URL whose host has a dot: the social link CHECKs' pattern, character for character. */
const HTTPS_URL = /^https:\/\/[^\s/?#@]+\.[^\s/?#@]+([/?#]\S*)?$/;

export function isHttpsUrl(value: string): boolean {
  return HTTPS_URL.test(value);
}

// ---------------------------------------------------------------------------------------------
// The form's rules

/** An absolute http(s) URL or a site path (an upload), as the share_image CHECK says. */
const SHARE_IMAGE_URL = /^(https?:\/\/|\/)\S*$/i;

export type SettingsProblem = "required" | "tooLong" | "email" | "cnpj" | "phone" | "url" | "image";

const REQUIRED_TEXT = {
  trade_name: SETTINGS_LIMITS.trade_name,
  legal_name: SETTINGS_LIMITS.legal_name,
  address: SETTINGS_LIMITS.address,
  seo_description: SETTINGS_LIMITS.seo_description,
} as const;
const EMAILS = ["dpo_email", "email", "sales_email", "support_email"] as const;
const PHONES = ["phone", "whatsapp"] as const;

/** What the form holds: every field as typed (an empty string for an optional one left blank). */
export type SettingsInput = Record<SettingsField, string>;

export function settingsInput(settings: SiteSettings): SettingsInput {
  return Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, settings[field] ?? ""])) as SettingsInput;
}

const optional = (value: string) => (value === "" ? null : value);

/** The row to save: trimmed, CNPJ and numbers without punctuation, blanks as null. */
export function settingsRow(input: SettingsInput): SiteSettings {
  const text = (field: SettingsField) => input[field].trim();
  return {
    trade_name: text("trade_name"),
    legal_name: text("legal_name"),
    cnpj: optional(normalizeCnpj(text("cnpj"))),
    address: text("address"),
    dpo_email: text("dpo_email"),
    email: text("email"),
    sales_email: text("sales_email"),
    support_email: text("support_email"),
    phone: optional(normalizePhone(text("phone"))),
    whatsapp: optional(normalizePhone(text("whatsapp"))),
    whatsapp_message: text("whatsapp_message"),
    linkedin_url: optional(text("linkedin_url")),
    facebook_url: optional(text("facebook_url")),
    instagram_url: optional(text("instagram_url")),
    youtube_url: optional(text("youtube_url")),
    tiktok_url: optional(text("tiktok_url")),
    seo_description: text("seo_description"),
    share_image: optional(text("share_image")),
  };
}

/** The problem of each field the database would refuse, by the same rules. */
export function validateSettings(input: SettingsInput): Partial<Record<SettingsField, SettingsProblem>> {
  const row = settingsRow(input);
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  for (const [field, max] of Object.entries(REQUIRED_TEXT) as [keyof typeof REQUIRED_TEXT, number][]) {
    if (!row[field]) problems[field] = "required";
    else if (row[field].length > max) problems[field] = "tooLong";
  }
  for (const field of EMAILS) {
    if (!row[field]) problems[field] = "required";
    else if (row[field].length > SETTINGS_LIMITS.email || !isEmail(row[field])) problems[field] = "email";
  }
  if (row.cnpj !== null && !isValidCnpj(row.cnpj)) problems.cnpj = "cnpj";
  for (const field of PHONES) {
    const value = row[field];
    if (value !== null && !isE164(value)) problems[field] = "phone";
  }
  if (row.whatsapp_message.length > SETTINGS_LIMITS.whatsapp_message) problems.whatsapp_message = "tooLong";
  for (const field of Object.values(SOCIAL_FIELDS)) {
    const value = row[field];
    if (value === null) continue;
    // Too long says so, rather than asking for the https:// the address may well have.
    if (value.length > SETTINGS_LIMITS.url) problems[field] = "tooLong";
    else if (!isHttpsUrl(value)) problems[field] = "url";
  }
  const image = row.share_image;
  if (image !== null && image.length > SETTINGS_LIMITS.share_image) problems.share_image = "tooLong";
  else if (image !== null && !SHARE_IMAGE_URL.test(image)) problems.share_image = "image";
  return problems;
}

/**
 * The field a database refusal names: a CHECK violation's message names its constraint
 * (`site_settings_<field>_check`), so the form can put the error under that field.
 */
export function fieldOfViolation(message: string): SettingsField | null {
  const match = /site_settings_([a-z_]+)_check/.exec(message);
  const field = match?.[1] as SettingsField | undefined;
  return field && SETTINGS_FIELDS.includes(field) ? field : null;
}

/** The fields that still hold a `.example` placeholder (an address on the reserved domain). */
export function placeholderFields(settings: SiteSettings): SettingsField[] {
  return SETTINGS_FIELDS.filter((field) => {
    const value = settings[field];
    return typeof value === "string" && /\.example(?=$|[/?#:@>\s])/i.test(value);
  });
}
