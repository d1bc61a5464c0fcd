import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";

const headerLinks = [
  ["Recursos", "/recursos"],
  ["Preços", "/precos"],
  ["Casos de Sucesso", "/casos-de-sucesso"],
  ["Integrações", "/integracoes"],
  ["Blog", "/blog"],
  ["Sobre", "/sobre"],
] as const;

test.describe("shared header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("logo, six links, Contato and Solicitar Demo point where the product says", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Omnia, página inicial" })).toHaveAttribute("href", "/");
    const nav = header.getByRole("navigation", { name: "Navegação principal" });
    for (const [name, href] of headerLinks) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(header.getByRole("link", { name: "Contato" })).toHaveAttribute("href", "/contato");
    await expect(header.getByRole("link", { name: "Solicitar Demo" })).toHaveAttribute("href", "#demo");
  });

  test("header links reach their routes", async ({ page }) => {
    for (const [name, href] of headerLinks) {
      await page.goto("/");
      await page.getByRole("banner").getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Página não encontrada");
    }
  });

  test("the header stays at the top while scrolling", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const box = await page.getByRole("banner").boundingBox();
    expect(box?.y).toBe(0);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The menu is a native popover and the toggle its popovertarget invoker
  // (docs/decisions/050-native-html-widgets.md): the browser, not an aria-expanded attribute,
  // exposes the expanded state, so the tests read the popover's state, the toggle's name and
  // what Chromium exposes.

  test("the toggle opens and closes the menu and reports its state", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    await expect.poll(() => exposedExpanded(page, toggle)).toBe(false);
    const menuId = await toggle.getAttribute("aria-controls");
    const menu = page.locator(`[id="${menuId}"]`);
    await expect(menu).toBeHidden();
    expect(await isOpen(menu)).toBe(false);

    await toggle.click();
    const close = page.getByRole("button", { name: "Fechar menu" });
    await expect(close).toBeVisible();
    expect(await isOpen(menu)).toBe(true);
    await expect.poll(() => exposedExpanded(page, close)).toBe(true);
    await expect(menu.getByRole("link", { name: "Casos de Sucesso" })).toBeVisible();

    await close.click();
    await expect(menu).toBeHidden();
    expect(await isOpen(menu)).toBe(false);
    const reopen = page.getByRole("button", { name: "Abrir menu" });
    await expect(reopen).toBeVisible();
    await expect.poll(() => exposedExpanded(page, reopen)).toBe(false);
  });

  test("choosing a link closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Sobre" }).click();
    await expect(page).toHaveURL("/sobre");
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
    expect(await isOpen(page.locator("#menu-principal"))).toBe(false);
  });

  test("choosing the in-page Solicitar Demo link closes the menu where a module runs", async ({ page }) => {
    // An in-page link does not navigate away; app/enhance/menu.ts closes the menu (through the
    // lead forms' and the analytics' modules). Without JavaScript it stays open (ADR 050).
    await page.goto("/recursos");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const menu = page.locator("#menu-principal");
    await menu.getByRole("link", { name: "Solicitar Demo" }).click();
    await expect(page).toHaveURL(/#demo$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
  });

  test("on a page with no behaviour of its own, Solicitar Demo and leaving by Tab close the menu", async ({ page }) => {
    // /blog loads only the analytics' module, which sets the menu up too (app/enhance/menu.ts).
    await page.goto("/blog");
    await waitForHydration(page);
    const menu = page.locator("#menu-principal");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await menu.getByRole("link", { name: "Solicitar Demo" }).click();
    await expect(page).toHaveURL(/#demo$/);
    await expect(menu).toBeHidden();

    // Tab past the last link would focus the page under the open menu (WCAG 2.4.11): it closes.
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await menu.getByRole("link", { name: "Solicitar Demo" }).focus();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    // Back into the toggle (Shift+Tab from the first link) keeps it open.
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await menu.getByRole("link", { name: "Recursos" }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: "Fechar menu" })).toBeFocused();
    expect(await isOpen(menu)).toBe(true);
  });

  test("Escape closes the menu and returns focus to the toggle", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    await expect(toggle).toBeVisible();
    expect(await isOpen(page.locator("#menu-principal"))).toBe(false);
    await expect(toggle).toBeFocused();
  });

  test("the menu works with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).focus();
    await page.keyboard.press("Enter");
    const close = page.getByRole("button", { name: "Fechar menu" });
    await expect(close).toBeFocused();
    await expect.poll(() => exposedExpanded(page, close)).toBe(true);
    // The popover follows its invoker in the focus order: Tab goes into the menu.
    await page.keyboard.press("Tab");
    const menu = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(menu.getByRole("link", { name: "Recursos" })).toBeFocused();
  });

  test("the same header works in the React app of /auth", async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const menu = page.locator("#menu-principal");
    await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();
    await page.getByRole("button", { name: "Fechar menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
  });
});

/** Whether the menu popover is showing. */
function isOpen(menu: Locator): Promise<boolean> {
  return menu.evaluate((element) => element.matches(":popover-open"));
}

/**
 * The expanded state Chromium itself exposes to assistive technology for an element (read from
 * its accessibility tree over CDP): a popovertarget invoker gets it from the popover's state,
 * with no aria-expanded attribute (HTML-AAM).
 */
async function exposedExpanded(page: Page, element: Locator): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const handle = await element.elementHandle();
    const marker = `expanded-probe-${Date.now()}`;
    await handle?.evaluate((node, value) => node.setAttribute("data-probe", value), marker);
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: `[data-probe="${marker}"]`,
    });
    await handle?.evaluate((node) => node.removeAttribute("data-probe"));
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded");
    return expanded ? Boolean(expanded.value.value) : undefined;
  } finally {
    await cdp.detach();
  }
}

test.describe("shared footer", () => {
  test("blurb, five social links in new tabs, four columns and the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const network of ["LinkedIn", "Facebook", "Instagram", "YouTube", "TikTok"]) {
      const link = footer.getByRole("link", { name: `Omnia no ${network} (abre em nova aba)` });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    for (const column of ["Produto", "Empresa", "Recursos", "Legal"]) {
      await expect(footer.getByRole("navigation", { name: column })).toBeVisible();
    }
    const expected = {
      Documentação: "/documentacao",
      "Central de Ajuda": "/ajuda",
      Status: "/status",
      Privacidade: "/privacidade",
      "Termos de Uso": "/termos",
      LGPD: "/lgpd",
      Segurança: "/seguranca",
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Omnia`);
  });
});
