// pt-BR formatting with Intl, so prices and dates read the way Brazilian visitors expect.

const priceFormatter = new Intl.NumberFormat("pt-BR", {
  style: "currency",
  currency: "BRL",
  maximumFractionDigits: 0,
});

/**
 * Whole-real price such as "R$ 1.675". Intl separates the symbol with a no-break space
 * (U+00A0), which keeps "R$" and the amount on one line.
 */
export function formatPrice(amount: number): string {
  return priceFormatter.format(amount);
}

const dateTimeFormatter = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "long",
  timeStyle: "medium",
  // Fixed zone: the server formats, and the page must read the same for every visitor.
  timeZone: "America/Sao_Paulo",
});

/** "21 de novembro de 2026 às 10:23:03" in São Paulo time. */
export function formatDateTime(date: Date): string {
  return dateTimeFormatter.format(date);
}

// Blog and admin dates (issue 5). Same fixed zone as above, so a server-rendered date never
// differs from the hydrated one.

const longDateFormatter = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "America/Sao_Paulo" });

const shortDateFormatter = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "America/Sao_Paulo",
});

const shortDateTimeFormatter = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "America/Sao_Paulo",
});

/** "21 de novembro de 2026": blog cards and post pages. */
export function formatDate(value: string | Date): string {
  return longDateFormatter.format(new Date(value));
}

/** "21/11/2026": the admin list's "Criado" line. */
export function formatShortDate(value: string | Date): string {
  return shortDateFormatter.format(new Date(value));
}

/** "21/11/2026, 10:05": leads, where the hour matters. */
export function formatShortDateTime(value: string | Date): string {
  return shortDateTimeFormatter.format(new Date(value));
}

/** ISO 8601 for <time dateTime>, JSON-LD and feeds. */
export function isoDate(value: string | Date): string {
  return new Date(value).toISOString();
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read a Markdown text at an average adult pace; never less than 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    // Link and image targets are not read.
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[#>*_`~[\]()!-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
