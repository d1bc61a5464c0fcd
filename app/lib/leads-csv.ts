// The leads export (Mensagens, "Exportar CSV"): one CSV that spreadsheets open correctly.
// - UTF-8 with a byte-order mark, so Excel reads "ção" as such instead of guessing a code page.
// - Cells that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) get a
//   leading apostrophe: OWASP's advice against CSV injection
//   (https://owasp.org/www-community/attacks/CSV_Injection).
// - Fields quoted when they hold a separator, a quote or a line break (RFC 4180), lines ended by CRLF.
// - Semicolons separate fields: spreadsheets in pt-BR read commas as the decimal mark.

export const CSV_BOM = "\uFEFF";
const SEPARATOR = ";";

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text.includes(SEPARATOR) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
}
