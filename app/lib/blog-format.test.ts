import { describe, expect, it } from "vitest";
import { formatDate, formatShortDate, isoDate, readingMinutes } from "./format";

describe("blog dates", () => {
  it("are written in pt-BR, in São Paulo time", () => {
    expect(formatDate("2026-03-05T12:00:00Z")).toBe("5 de março de 2026");
    expect(formatShortDate("2026-03-05T12:00:00Z")).toBe("05/03/2026");
    // 01:30 UTC is still the previous day in São Paulo (UTC-3).
    expect(formatShortDate("2026-03-06T01:30:00Z")).toBe("05/03/2026");
    expect(isoDate("2026-03-05T12:00:00+00:00")).toBe("2026-03-05T12:00:00.000Z");
  });
});

describe("readingMinutes", () => {
  it("counts about 200 words a minute, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("palavra ".repeat(200))).toBe(1);
    expect(readingMinutes("palavra ".repeat(201))).toBe(2);
    expect(readingMinutes("palavra ".repeat(1000))).toBe(5);
  });

  it("does not count link targets or Markdown syntax as words", () => {
    const text = `## Título\n\n${"[um link](https://example.com/a/b/c/d) ".repeat(150)}`;
    expect(readingMinutes(text)).toBe(2);
  });
});
