import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatPrice,
  formatScheduledAt,
  fromSaoPauloInput,
  saoPauloInputValue,
  saoPauloSpreadsheetTime,
} from "./format";

describe("formatPrice", () => {
  it("formats the plan prices as whole reais with a no-break space after the symbol", () => {
    expect(formatPrice(297)).toBe("R$\u00a0297");
    expect(formatPrice(497)).toBe("R$\u00a0497");
    expect(formatPrice(1675)).toBe("R$\u00a01.675");
    expect(formatPrice(4975)).toBe("R$\u00a04.975");
  });
});

describe("formatDateTime", () => {
  it("writes the date in pt-BR in São Paulo time", () => {
    expect(formatDateTime(new Date("2026-11-21T13:05:09Z"))).toBe("21 de novembro de 2026 às 10:05:09");
  });
});

describe("São Paulo times for the post form (issue #36)", () => {
  it("reads a datetime-local value in São Paulo time, whatever the machine's zone", () => {
    expect(fromSaoPauloInput("2026-12-02T09:00")).toBe("2026-12-02T12:00:00.000Z");
    // Daylight saving time, as São Paulo kept it until 2019: UTC-2 in the summer.
    expect(fromSaoPauloInput("2018-12-01T09:00")).toBe("2018-12-01T11:00:00.000Z");
    expect(saoPauloInputValue("2018-12-01T11:00:00Z")).toBe("2018-12-01T09:00");
    expect(saoPauloInputValue("2026-12-02T12:00:00Z")).toBe("2026-12-02T09:00");
    expect(formatScheduledAt("2026-12-02T12:00:00Z")).toBe("02/12/2026 09:00");
  });

  it("refuses what is not a whole date and time", () => {
    for (const value of ["", "2026-12-02", "2026-02-30T09:00", "2026-12-02T24:00", "02/12/2026 09:00"]) {
      expect(fromSaoPauloInput(value)).toBeNull();
    }
  });
});

describe("saoPauloSpreadsheetTime", () => {
  it("writes a moment on São Paulo's clock, in a form spreadsheets read as a date and time", () => {
    // 01:09 UTC on the 29th is 22:09 on the 28th in São Paulo, whatever the machine's zone.
    expect(saoPauloSpreadsheetTime("2026-11-29T01:09:12.345Z")).toBe("2026-11-28 22:09:12");
    // Before 2019 São Paulo kept daylight-saving time: two hours behind in January 2018.
    expect(saoPauloSpreadsheetTime("2018-01-15T12:00:00Z")).toBe("2018-01-15 10:00:00");
    expect(saoPauloSpreadsheetTime(null)).toBeNull();
  });
});
