import { describe, expect, it } from "vitest";
import { PLACEHOLDER_SETTINGS, type SiteSettings } from "../../app/lib/site-settings.ts";
import { SiteState, yearAt } from "./site-state.ts";

describe("the site values renders see", () => {
  it("take Brasília's year: 22:00 on 31 December there is still that year everywhere", () => {
    expect(yearAt(new Date("2026-12-31T23:59:59-03:00"))).toBe(2026);
    expect(yearAt(new Date("2027-01-01T01:00:00Z"))).toBe(2026);
    expect(yearAt(new Date("2027-01-01T00:00:00-03:00"))).toBe(2027);
  });

  it("change identity, and tell listeners once, when the year turns", () => {
    let now = new Date("2026-12-31T23:59:00-03:00");
    const site = new SiteState({ origin: "https://omnia.com.br", now: () => now });
    let changes = 0;
    site.onChange(() => changes++);
    const december = site.current();
    expect(site.current()).toBe(december);
    now = new Date("2027-01-01T00:00:30-03:00");
    const january = site.current();
    expect([january.year, january === december, changes]).toEqual([2027, false, 1]);
    expect(site.current()).toBe(january);
    expect(changes).toBe(1);
  });

  it("check the year at most a second apart", () => {
    let now = new Date("2026-12-31T23:59:59.500-03:00");
    const site = new SiteState({ origin: "https://omnia.com.br", now: () => now });
    expect(site.current().year).toBe(2026);
    now = new Date("2027-01-01T00:00:00.200-03:00");
    expect(site.current().year).toBe(2026);
    now = new Date("2027-01-01T00:00:00.600-03:00");
    expect(site.current().year).toBe(2027);
  });

  it("read the settings again on every change, never missing one that arrives during a read", async () => {
    const versions: SiteSettings[] = [];
    let resolveRead: (() => void) | null = null;
    let reads = 0;
    let row = PLACEHOLDER_SETTINGS;
    const site = new SiteState({
      origin: "https://omnia.com.br",
      read: async () => {
        reads++;
        const value = row;
        await new Promise<void>((done) => (resolveRead = done));
        return value;
      },
    });
    site.onChange(() => versions.push(site.current().settings));
    const first = site.reload();
    row = { ...PLACEHOLDER_SETTINGS, phone: "+551133334444" };
    // Two more notifications while the first read runs: one more read, with the newest row.
    const second = site.reload();
    void site.reload();
    resolveRead!();
    await new Promise((done) => setTimeout(done, 0));
    resolveRead!();
    await Promise.all([first, second]);
    expect(reads).toBe(2);
    expect(versions.map((settings) => settings.phone)).toEqual(["+551133334444"]);
    expect(site.current().settings.phone).toBe("+551133334444");
  });

  it("keep the current settings when reads fail, and say so once per outage", async () => {
    const lines: string[] = [];
    let down = true;
    const site = new SiteState({
      origin: "https://omnia.com.br",
      read: async () => {
        if (down) throw new Error("the REST API answered 503");
        return PLACEHOLDER_SETTINGS;
      },
      log: (line) => lines.push(line),
    });
    await site.reload();
    await site.reload();
    expect(site.current().settings).toBe(PLACEHOLDER_SETTINGS);
    down = false;
    await site.reload();
    await site.reload();
    expect(lines).toEqual([
      "Site settings: could not read them (the REST API answered 503); keeping the current ones.",
      "Site settings: read again.",
    ]);
  });
});
