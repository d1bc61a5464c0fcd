import { footerNav, headerNav } from "../../app/content/navigation.ts";
import { expect, test } from "./fixtures";
import { publicRoutes } from "./support/public-routes";

// Runs in the "no-javascript" project (playwright.config.ts: javaScriptEnabled false): every
// public page of the registry is complete as plain HTML and CSS
// (docs/decisions/048-public-pages-without-app-bundle.md). Form submissions without
// JavaScript are tested in contato.spec.ts and demo.spec.ts.

test.use({ allowedConsoleErrors: /status of 404/ });

test("every public page shows its heading, the header and the footer without JavaScript", async ({ page, request }) => {
  // About twenty pages, each with some twenty links to check.
  test.setTimeout(120_000);
  for (const route of await publicRoutes(request)) {
    const response = await page.goto(route.url);
    expect(response?.status(), route.url).toBe(route.status);
    // No enhancement module ran (they mark <html data-enhanced> when they do).
    await expect(page.locator("html"), route.url).not.toHaveAttribute("data-enhanced", /./);
    await expect(page.getByRole("heading", { level: 1 }), route.url).toBeVisible();
    await expect(page.getByRole("main"), route.url).not.toBeEmpty();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: headerNav.homeLabel("Omnia") }), route.url).toHaveAttribute(
      "href",
      "/",
    );
    const nav = header.getByRole("navigation", { name: headerNav.navLabel });
    for (const link of [...headerNav.links, headerNav.contact]) {
      await expect(header.getByRole("link", { name: link.name, exact: true }).first(), route.url).toHaveAttribute(
        "href",
        link.href,
      );
    }
    await expect(nav.getByRole("link").first(), route.url).toBeAttached();
    const footer = page.getByRole("contentinfo");
    for (const link of footerNav.columns.flatMap((column) => column.links)) {
      await expect(footer.getByRole("link", { name: link.name, exact: true }), route.url).toHaveAttribute(
        "href",
        link.href,
      );
    }
  }
});

test("the header's links lead to their pages without JavaScript", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Preços", exact: true }).first().click();
  await expect(page).toHaveURL("/precos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Planos que crescem junto com a sua operação");
  await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL("/blog");
  await expect(page.getByRole("list", { name: "Posts publicados" }).getByRole("listitem").first()).toBeVisible();
});
