import { describe, expect, it } from "vitest";
import {
  addDays,
  includesToday,
  isPeriodPreset,
  leadCount,
  presetPeriod,
  ratio,
  today,
  vitalRating,
  type PeriodPreset,
} from "./analytics";

describe("the dashboard's periods", () => {
  it("end today in São Paulo and span the preset's days", () => {
    // 02:00 UTC is still the day before in São Paulo.
    expect(today(new Date("2026-03-01T02:00:00Z"))).toBe("2026-02-28");
    expect(presetPeriod("today", "2026-03-01")).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(presetPeriod("week", "2026-03-01")).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    expect(presetPeriod("month", "2026-03-01")).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(presetPeriod("year", "2026-03-01")).toEqual({ from: "2025-03-02", to: "2026-03-01" });
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("take any other value for the default, 30 days, instead of an invalid date", () => {
    // A select's empty choice once reached here, and toISOString threw "Invalid time value".
    for (const value of ["", "custom", "quarter", "constructor"]) {
      expect(presetPeriod(value as Exclude<PeriodPreset, "custom">, "2026-03-01")).toEqual({
        from: "2026-01-31",
        to: "2026-03-01",
      });
    }
  });

  it("know the presets' names and nothing else", () => {
    for (const preset of ["today", "week", "month", "year", "custom"]) expect(isPeriodPreset(preset)).toBe(true);
    for (const value of ["", "toString", "Hoje"]) expect(isPeriodPreset(value)).toBe(false);
  });

  it("say whether they reach today", () => {
    expect(includesToday(presetPeriod("today", "2026-03-01"), "2026-03-01")).toBe(true);
    expect(includesToday(presetPeriod("year", "2026-03-01"), "2026-03-01")).toBe(true);
    expect(includesToday({ from: "2026-02-01", to: "2026-02-28" }, "2026-03-01")).toBe(false);
  });
});

describe("a period's leads", () => {
  it("are those of both forms", () => {
    const totals = {
      visitors: 9,
      views: 20,
      bounces: 3,
      engaged_ms: 0,
      conversions: 4,
      leads_contact: 2,
      leads_demo: 3,
    };
    expect(leadCount(totals)).toBe(5);
  });
});

describe("Web Vitals ratings", () => {
  it("follow Google's thresholds, each bound included in the better rating", () => {
    expect(vitalRating("lcp", 2500)).toBe("good");
    expect(vitalRating("lcp", 2501)).toBe("needs-improvement");
    expect(vitalRating("lcp", 4001)).toBe("poor");
    expect(vitalRating("inp", 200)).toBe("good");
    expect(vitalRating("inp", 500)).toBe("needs-improvement");
    expect(vitalRating("cls", 0.26)).toBe("poor");
    expect(ratio(1, 0)).toBe(0);
  });
});
