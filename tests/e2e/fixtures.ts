import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

interface Fixtures {
  /**
   * Console messages that a test expects (e.g. the 404 of a not-found page). Give ONE RegExp
   * (use alternation for several): Playwright reads a two-element array in test.use() as a
   * [value, options] tuple and would drop the second pattern.
   */
  allowedConsoleErrors: RegExp | RegExp[];
  /** Fails the test on any console error or uncaught exception, CSP violations included. */
  consoleGuard: void;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (![allowedConsoleErrors].flat().some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      await use();
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

/** Runs axe (WCAG 2.2 A/AA rules) on the page and expects no violations. */
export async function expectNoAxeViolations(page: Page) {
  // Colour contrast is judged on what is painted: a toast or dialog still fading in is partly
  // transparent and would fail it for a frame. Wait for running animations and transitions, and
  // for Sonner's toasts to be mounted (their fade starts a frame after they appear) or gone.
  await page.waitForFunction(
    () =>
      document.querySelector(
        '[data-sonner-toast]:not([data-mounted="true"]), [data-sonner-toast][data-removed="true"]',
      ) === null &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" || !isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}
