import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import type { PeriodPreset } from "~/lib/admin/analytics";
import { PeriodPicker } from "./analytics-panel";

const render = (preset: PeriodPreset) =>
  renderToStaticMarkup(
    <PeriodPicker
      preset={preset}
      custom={{ from: "2026-03-01", to: "2026-03-05" }}
      copy={adminCopy.analytics}
      onPreset={() => {}}
      onCustom={() => {}}
    />,
  );

describe("the period picker", () => {
  it("lists each preset once, with no empty choice a key press could reach", () => {
    const options = [...render("month").matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map(
      ([, value, label]) => [value, label],
    );
    expect(options).toEqual([
      ["today", "Hoje"],
      ["week", "7 dias"],
      ["month", "30 dias"],
      ["year", "12 meses"],
      ["custom", "Personalizado"],
    ]);
  });

  it("shows the two dates only for a custom period", () => {
    expect(render("month")).not.toContain('type="date"');
    expect(render("custom").match(/type="date"/g)).toHaveLength(2);
  });
});
