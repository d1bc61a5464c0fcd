import { expect, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";
import { publicRoutes } from "./support/public-routes";

// The layout-stability budget (cumulative layout shift at most 0.01) on every public page of the
// registry, for the whole load and then while the page is scrolled to its end by script: blocks
// below the fold are rendered only when they come near the viewport (`.render-when-visible`,
// app/app.css), and that must never move what the visitor sees. A scroll by script is not user
// input, so every shift it causes counts.

const VIEWPORTS = [
  { name: "phone", width: 412, height: 823 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, allowedConsoleErrors: /status of 404/ });

    test("no public page shifts its layout while it loads or while it is scrolled to the end", async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.addInitScript(() => {
        type Shift = { value: number; startTime: number; what: string[] };
        const state = window as unknown as { layoutShifts: Shift[] };
        state.layoutShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            // What moved, for the failure message: the elements' tags and first classes.
            const what = (entry.sources ?? []).map((source) => {
              const element = source.node instanceof Element ? source.node : source.node?.parentElement;
              return element ? `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join(".")}` : "?";
            });
            state.layoutShifts.push({ value: entry.value, startTime: Math.round(entry.startTime), what });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      const totals: Record<string, { total: number; shifts: unknown[] }> = {};
      for (const route of await publicRoutes(request)) {
        await page.goto(route.url, { waitUntil: "load" });
        await waitForHydration(page);
        totals[route.url] = await page.evaluate(async () => {
          // (Two animation frames after each step: the step's rendering has happened by then.)
          await document.fonts.ready;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          // Down one viewport at a time, letting each step render, to the very end.
          // (Instant: the site scrolls smoothly for people who do not ask for less motion.)
          for (let step = 0; step < 200; step++) {
            const before = window.scrollY;
            window.scrollBy({ top: window.innerHeight, behavior: "instant" });
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            if (window.scrollY === before) break;
          }
          const shifts = (window as unknown as { layoutShifts: { value: number }[] }).layoutShifts;
          return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
        });
      }
      expect(Object.entries(totals).filter(([, shift]) => shift.total > 0.01)).toEqual([]);
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, allowedConsoleErrors: /status of 404/ });

  test("no public page is wider than the screen", async ({ page, request }) => {
    // A page wider than the phone can be dragged sideways, and a phone's browser zooms it out to
    // fit: /precos did, by the hidden labels of its comparison table, which scrolls by itself.
    test.setTimeout(120_000);
    const overflowing: Record<string, number> = {};
    for (const route of await publicRoutes(request)) {
      await page.goto(route.url, { waitUntil: "load" });
      await waitForHydration(page);
      const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (extra > 0) overflowing[route.url] = extra;
    }
    expect(overflowing).toEqual({});
  });
});

test("every public page holds its first paint until its whole document is parsed", async ({ request }) => {
  // Painted half-parsed on a busy CPU, the rest of the header moved the menu (ADR 058).
  for (const route of await publicRoutes(request)) {
    const html = await (await request.get(route.url)).text();
    expect(html, route.url).toContain('<link rel="expect" href="#fim-do-documento" blocking="render"/>');
    // The marker is the body's last element (React may leave comments after it).
    expect(/<div id="fim-do-documento" hidden=""><\/div>(<!--[^>]*-->)*<\/body><\/html>$/.test(html), route.url).toBe(
      true,
    );
  }
});
