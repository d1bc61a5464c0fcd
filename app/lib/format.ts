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

// A post's publication moment is entered in São Paulo time in a datetime-local field
// ("2026-12-02T09:00") and stored in UTC: the server's and the browser's own zones play no part.

const SAO_PAULO = "America/Sao_Paulo";

const wallClockFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: SAO_PAULO,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** São Paulo's wall clock at a moment: year, month, day, hour, minute, second. */
function wallClock(ms: number): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  const parts = Object.fromEntries(
    wallClockFormatter.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** São Paulo's offset from UTC at a moment, in milliseconds (negative: behind UTC). */
function offsetAt(ms: number): number {
  const c = wallClock(ms);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number, length = 2) => String(n).padStart(length, "0");

/** "2026-12-02T09:00": a moment as a datetime-local value in São Paulo time. */
export function saoPauloInputValue(value: string | Date): string {
  const c = wallClock(new Date(value).getTime());
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * "2026-11-28 22:09:12": a moment on São Paulo's clock for a spreadsheet cell, which reads this
 * form as a date and time in any locale and sorts it as text too. Null stays null.
 */
export function saoPauloSpreadsheetTime(value: string | null): string | null {
  if (value === null) return null;
  const c = wallClock(new Date(value).getTime());
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/**
 * The moment a datetime-local value names in São Paulo time, in ISO 8601 (UTC); null when it is
 * not one. The zone's offset is that of the moment itself, so past daylight-saving rules hold.
 */
export function fromSaoPauloInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== day || hour > 23) return null;
  // Guess with the offset at the wall time read as UTC, then once more with the offset found.
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first)).toISOString();
}

/** "02/12/2026 09:00" in São Paulo time: when a scheduled post goes live, in the admin's list. */
export function formatScheduledAt(value: string | Date): string {
  return shortDateTimeFormatter.format(new Date(value)).replace(", ", " ");
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
