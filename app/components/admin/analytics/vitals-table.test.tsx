import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import { VitalsTable } from "./vitals-table";

describe("the Web Vitals table", () => {
  it("counts the measured views in pt-BR, one in the singular", () => {
    const html = renderToStaticMarkup(
      <VitalsTable
        pages={[{ page: "/precos", metrics: { lcp: { p75: 1800, samples: 1 }, cls: { p75: 0.02, samples: 1234 } } }]}
        loading={false}
        failed={false}
        period={{ from: "2026-03-01", to: "2026-03-05" }}
        copy={adminCopy.analytics}
      />,
    );
    expect(html).toContain(">1 visualização medida<");
    expect(html).toContain(">1.234 visualizações medidas<");
    expect(html).not.toContain("1 visualizações");
  });
});
