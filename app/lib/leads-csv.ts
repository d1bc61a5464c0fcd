// The leads export (Mensagens, "Exportar CSV"): one CSV that spreadsheets open correctly.
// - UTF-8 with a byte-order mark, so Excel reads "ção" as such instead of guessing a code page.
// - Cells that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) get a
//   leading apostrophe: OWASP's advice against CSV injection
//   (https://owasp.org/www-community/attacks/CSV_Injection).
// - Every cell quoted (RFC 4180, quotes doubled), lines ended by CRLF.
// - Semicolons separate fields: spreadsheets in pt-BR read commas as the decimal mark. A reader
//   set to commas (an English locale) or one that ignores quotes starts a cell after any comma or
//   semicolon inside a text, so a formula character right there gets the apostrophe too.

export const CSV_BOM = "\uFEFF";
const SEPARATOR = ";";

/** A formula character at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula character after a comma or semicolon (and any quotes) inside a text. */
const FORMULA_AFTER_SEPARATOR = /([,;]"*)([=+\-@])/g;

/** One cell, neutralised and quoted. */
export function csvCell(value: string | null | undefined): string {
  let text = (value ?? "").replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
}
