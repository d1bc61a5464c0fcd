import { expect, type Locator, type Page } from "@playwright/test";

// What a test waits for before it uses a control that works only with JavaScript, instead of
// "the network has been quiet for 500 ms" (networkidle), which is slow and proves nothing.

/**
 * Waits until React has hydrated the document: app/root.tsx sets <html data-hydrated="true">
 * from an effect. With `part`, also waits until that element itself is hydrated: a lazily
 * loaded part (the demo form, app/routes/site/layout.tsx) keeps its server HTML and hydrates
 * after the rest, once its chunk has arrived. React marks every element it has hydrated with
 * its props (a `__reactProps$…` key): react-dom's own bookkeeping, the only sign a page gives
 * without code written for tests.
 */
export async function waitForHydration(page: Page, part?: Locator): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  if (!part) return;
  await expect
    .poll(() => part.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))), {
      message: "the element is hydrated",
    })
    .toBe(true);
}

/** The demo request section's form at the end of a page, once it is hydrated. */
export async function waitForDemoForm(page: Page): Promise<void> {
  const form = page.getByRole("region", { name: "Solicitar demonstração" }).locator("form");
  await waitForHydration(page, form);
}
