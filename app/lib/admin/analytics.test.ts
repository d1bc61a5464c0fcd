import { describe, expect, it } from "vitest";
import { addDays, presetPeriod, ratio, today, vitalRating } from "./analytics";

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
