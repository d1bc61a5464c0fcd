import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./leads-csv";

/** Where a reader that splits on `separator` and ignores quotes starts each cell. */
const naiveCells = (line: string, separator: string) =>
  line
    .replace(/\r\n$/, "")
    .split(separator)
    .map((cell) => cell.replace(/^"+/, ""));

describe("leads CSV", () => {
  it("neutralises what a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+55 11 4000-0000")).toBe(`"'+55 11 4000-0000"`);
    expect(csvCell("-1")).toBe(`"'-1"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
  });

  it("quotes every cell, doubles quotes, keeps accents, and ends lines with CRLF", () => {
    expect(csvCell("Empresa; Filial")).toBe('"Empresa; Filial"');
    expect(csvCell('Diga "olá"')).toBe('"Diga ""olá"""');
    expect(csvCell("linha 1\nlinha 2")).toBe('"linha 1\nlinha 2"');
    expect(csvCell("Conceição")).toBe('"Conceição"');
    expect(csvCell("joao@empresa.com.br")).toBe('"joao@empresa.com.br"');
    expect(csvCell(null)).toBe('""');
    expect(csvLine(["a", null, "c"])).toBe('"a";"";"c"\r\n');
  });

  it("leaves no formula for a reader that splits on commas or semicolons", () => {
    const hostile = [
      "x,=cmd|' /C calc'!A0",
      "Ana,+55 11 4000-0000",
      'Bia,"=HYPERLINK(""http://x"")',
      "Empresa;@SUM(A1)",
      "a;-1",
      "=1+1",
    ];
    const line = csvLine(hostile);
    for (const separator of [",", ";"]) {
      expect(naiveCells(line, separator).filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
    // The text stays readable: only an apostrophe before the formula character.
    expect(csvCell("x,=cmd|' /C calc'!A0")).toBe(`"x,'=cmd|' /C calc'!A0"`);
    expect(csvCell("Olá, tudo bem? 10,5 mil")).toBe('"Olá, tudo bem? 10,5 mil"');
  });
});
