import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./leads-csv";

describe("leads CSV", () => {
  it("neutralises what a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+55 11 4000-0000")).toBe("'+55 11 4000-0000");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
  });

  it("quotes separators, quotes and line breaks, keeps accents, and ends lines with CRLF", () => {
    expect(csvCell("Empresa; Filial")).toBe('"Empresa; Filial"');
    expect(csvCell('Diga "olá"')).toBe('"Diga ""olá"""');
    expect(csvCell("linha 1\nlinha 2")).toBe('"linha 1\nlinha 2"');
    expect(csvCell("Conceição")).toBe("Conceição");
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", null, "c"])).toBe("a;;c\r\n");
  });
});
