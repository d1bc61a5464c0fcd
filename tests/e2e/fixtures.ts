import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { visitorHeaders } from "./support/visitor";

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

/**
 * Chromium sometimes skips the cross-document view transition of a public page (the opt-in is
 * CSS, app/root.tsx) into a page it had already revealed, and reports the skip as an uncaught
 * error of the transition's own promise, which no page script holds: it happened with
 * JavaScript off. No page of ours starts or handles a view transition, so it is not counted.
 */
const BROWSER_TRANSITION_SKIP = /^Transition was aborted because of invalid state\. Page already revealed$/;

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  // Each test comes from an address of its own (support/visitor.ts), as separate visitors would:
  // the suite signs in more often than one address may in 5 minutes, and per-IP limits must not
  // couple tests through their timing. A spec's own headers, and a request's, still win.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...visitorHeaders(), ...extraHTTPHeaders });
  },
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (![allowedConsoleErrors].flat().some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => {
        if (!BROWSER_TRANSITION_SKIP.test(error.message)) errors.push(`uncaught: ${error.message}`);
      });
      await use();
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

/** Runs axe (WCAG 2.2 A/AA rules) on the page and expects no violations. */
export async function expectNoAxeViolations(page: Page) {
  // A toast's timer may run out while axe works, and a toast fading out fails contrast: with the
  // pointer over it, Sonner pauses every toast's timer (as for a reader), until the pointer leaves.
  const toast = page.locator("[data-sonner-toast]").first();
  const paused =
    (await toast.count()) > 0 &&
    (await toast.hover({ timeout: 2000 }).then(
      () => true,
      () => false,
    ));
  // Under a modal dialog the pointer cannot reach a toast to pause it: let it run out first
  // (4 s, app/components/ui/toaster.tsx).
  if (!paused && (await toast.count()) > 0) {
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  }
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
  if (paused) await page.mouse.move(0, 0);
  expect(summary).toEqual([]);
}
