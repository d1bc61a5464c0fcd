import { CSV_BOM, csvLine } from "~/lib/leads-csv";

/**
 * Saves a table as CSV, as the leads' export writes it (app/lib/leads-csv.ts: a BOM, semicolons,
 * neutralised formulas): the table on screen, built in the browser.
 */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly string[])[]): void {
  const text = CSV_BOM + csvLine(header) + rows.map((row) => csvLine(row)).join("");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
