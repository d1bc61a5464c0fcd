import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import type { SeriesPoint, Summary } from "~/lib/admin/analytics";
import { bucketOf, VisitorsChart } from "./visitors-chart";

const totals = { visitors: 0, views: 0, bounces: 0, engaged_ms: 0, conversions: 0, leads_contact: 0, leads_demo: 0 };

/** Today by hour in São Paulo (03:00 UTC is midnight there): 24 points. */
const hours: SeriesPoint[] = Array.from({ length: 24 }, (_, hour) => ({
  bucket: new Date(Date.UTC(2026, 2, 5, 3 + hour)).toISOString(),
  visitors: hour === 9 ? 10 : hour === 14 ? 7 : 0,
  views: hour === 9 ? 25 : hour === 14 ? 9 : 0,
  leads: hour === 14 ? 7 : 0,
}));

/** The cards' figures for that day: a visitor back in another hour is one, a lead without views still one. */
const summary: Summary = {
  current: { ...totals, visitors: 19, views: 34, leads_contact: 3, leads_demo: 4 },
  previous: totals,
};

const render = (points: SeriesPoint[] | undefined, shown: Summary | null = summary) =>
  renderToStaticMarkup(
    <VisitorsChart
      points={points}
      summary={shown ?? undefined}
      period={{ from: "2026-03-05", to: "2026-03-05" }}
      copy={adminCopy.analytics}
    />,
  );

describe("the visitors chart", () => {
  it("gives in its caption the cards' totals, not the sum of its hours", () => {
    const caption = /<figcaption[^>]*>([^<]*)<\/figcaption>/.exec(render(hours))?.[1];
    expect(caption).toBe("19 visitantes e 7 leads de 05/03/2026 a 05/03/2026.");
  });

  it("says it is loading until the figures come", () => {
    expect(render(undefined, null)).toMatch(/<figcaption[^>]*>Carregando...<\/figcaption>/);
  });

  it("has a table of its points under a disclosure, by hour for a day", () => {
    const html = render(hours);
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Ver dados em tabela<\/summary>/);
    expect(html).toContain(
      '<caption class="sr-only">Visitantes, visualizações e leads por hora, de 05/03/2026 a 05/03/2026</caption>',
    );
    expect([...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map(([, name]) => name)).toEqual([
      "Hora",
      "Visitantes",
      "Visualizações",
      "Leads",
    ]);
    const rows = [...html.matchAll(/<tr class="border-t[^>]*>(.*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/>([^<>]+)<\/t[hd]>/g)].map(([, cell]) => cell),
    );
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual(["00:00", "0", "0", "0"]);
    expect(rows[14]).toEqual(["14:00", "7", "9", "7"]);
  });

  it("names its rows by day or by month for longer periods", () => {
    const days: SeriesPoint[] = ["2026-03-04", "2026-03-05"].map((day) => ({
      bucket: `${day}T03:00:00.000Z`,
      visitors: 1,
      views: 1,
      leads: 0,
    }));
    expect(bucketOf(days)).toBe("day");
    expect(render(days)).toMatch(/<th scope="row"[^>]*>04\/03\/2026<\/th>/);
    const months: SeriesPoint[] = ["2026-02-01", "2026-03-01"].map((day) => ({
      bucket: `${day}T03:00:00.000Z`,
      visitors: 1,
      views: 1,
      leads: 0,
    }));
    expect(bucketOf(months)).toBe("month");
    expect(render(months)).toMatch(/<th scope="row"[^>]*>fevereiro de 2026<\/th>/);
  });

  it("has no table while there is nothing to show", () => {
    expect(render([])).not.toContain("<details");
  });
});
