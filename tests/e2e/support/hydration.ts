import { expect, type Locator, type Page } from "@playwright/test";

// What a test waits for before it uses a control that works only with JavaScript, instead of
// "the network has been quiet for 500 ms" (networkidle), which is slow and proves nothing.
// app/root.tsx says on <html> what the page loads (docs/decisions/048-public-pages-without-app-bundle.md):
// - data-client="app" (/auth, /admin): the React app; data-hydrated="true" once it has hydrated;
// - data-client="enhanced": the enhancement modules named in data-scripts; each adds its name to
//   data-enhanced once it has set itself up (app/enhance/ready.ts);
// - data-client="none": HTML and CSS only, nothing to wait for.

/** The names of data-scripts, which the enhancement modules list in data-enhanced when ready. */
async function pageScripts(page: Page): Promise<{ client: string | null; scripts: string[] }> {
  const html = page.locator("html");
  const client = await html.getAttribute("data-client");
  const scripts = ((await html.getAttribute("data-scripts")) ?? "").split(" ").filter(Boolean);
  return { client, scripts };
}

/** Waits until the enhancement module `name` has set itself up on the page. */
export async function waitForEnhancement(page: Page, name: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", new RegExp(`(^| )${name}( |$)`));
}

/**
 * Waits until the page's JavaScript is ready, whatever kind it is (see above). `part` is kept
 * for callers written when every page was a React app: on /auth and /admin it also waits until
 * that element is attached; public pages have no React, so nothing there is "hydrated".
 */
export async function waitForHydration(page: Page, part?: Locator): Promise<void> {
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-client", /^(app|enhanced|none)$/);
  const { client, scripts } = await pageScripts(page);
  if (client === "app") {
    await expect(html).toHaveAttribute("data-hydrated", "true");
    if (part) await expect(part).toBeAttached();
    return;
  }
  for (const name of scripts) await waitForEnhancement(page, name);
}

/**
 * Waits until the lead forms of the page (the demo section's form, the contact form) are
 * enhanced, when the page loads "lead-form"; without it the forms are plain HTML forms that
 * need nothing.
 */
export async function waitForDemoForm(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-client", /^(app|enhanced|none)$/);
  const { scripts } = await pageScripts(page);
  if (scripts.includes("lead-form")) await waitForEnhancement(page, "lead-form");
}
