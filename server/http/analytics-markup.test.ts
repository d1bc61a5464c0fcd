import { describe, expect, it } from "vitest";
import { withoutAnalytics } from "./analytics-markup.ts";

const page = (htmlAttributes: string, head: string, body: string) =>
  `<!DOCTYPE html><html lang="pt-BR" ${htmlAttributes}><head>${head}</head><body>${body}<div id="fim-do-documento" hidden=""></div></body></html>`;
const ANALYTICS_SCRIPT = '<script type="module" src="/assets/analytics-DWCoMx8m.js" data-analytics=""></script>';
const PIXEL = '<noscript data-analytics=""><img src="/_a.gif?p=%2Fblog" alt="" width="1" height="1"/></noscript>';

describe("withoutAnalytics (ANALYTICS=0)", () => {
  it("takes out the script, the pixel and the name; a page left without scripts is script-free", () => {
    expect(withoutAnalytics(page('data-client="enhanced" data-scripts="analytics"', ANALYTICS_SCRIPT, PIXEL))).toBe(
      page('data-client="none"', "", ""),
    );
  });

  it("keeps the page's own modules", () => {
    const own = '<script type="module" src="/assets/lead-form-BfWrJL_g.js"></script>';
    expect(
      withoutAnalytics(
        page('data-client="enhanced" data-scripts="lead-form analytics"', own + ANALYTICS_SCRIPT, PIXEL),
      ),
    ).toBe(page('data-client="enhanced" data-scripts="lead-form"', own, ""));
  });

  it("leaves other documents alone", () => {
    const app = page('data-client="app"', '<script type="module" src="/assets/entry.js"></script>', "");
    expect(withoutAnalytics(app)).toBe(app);
  });
});
