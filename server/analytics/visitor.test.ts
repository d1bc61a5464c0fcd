import { describe, expect, it } from "vitest";
import { analyticsDay, createVisitorHasher, visitorHash } from "./visitor.ts";

const hashOn = (day: string, address: string) => visitorHash(`salt of ${day}`, "omnia.com.br", address, "UA");

describe("the daily visitor", () => {
  it("turns the day at São Paulo's midnight, whatever day was asked for before", () => {
    expect(analyticsDay(new Date("2026-11-28T02:59:59.999Z"))).toBe("2026-11-27");
    expect(analyticsDay(new Date("2026-11-28T03:00:00.000Z"))).toBe("2026-11-28");
    expect(analyticsDay(new Date("2026-11-28T02:59:30.000Z"))).toBe("2026-11-27");
  });

  it("keeps a visitor's hash for the day only: the next day's salt makes another", async () => {
    let clock = new Date("2026-11-27T23:00:00Z");
    const asked: string[] = [];
    const hasher = createVisitorHasher({
      salts: async (day) => {
        asked.push(day);
        return `salt of ${day}`;
      },
      site: "omnia.com.br",
      now: () => clock,
      cacheSize: 2,
    });
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.1"]) {
      expect(await hasher.visitorOf(address, "UA")).toEqual({
        day: "2026-11-27",
        visitor: hashOn("2026-11-27", address),
      });
    }
    clock = new Date("2026-11-28T03:00:00Z");
    expect(await hasher.visitorOf("10.0.0.1", "UA")).toEqual({
      day: "2026-11-28",
      visitor: hashOn("2026-11-28", "10.0.0.1"),
    });
    expect(asked).toEqual(["2026-11-27", "2026-11-28"]);
  });
});
