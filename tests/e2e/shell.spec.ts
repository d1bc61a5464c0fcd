import { expect, test } from "./fixtures";

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

  test("the toggle opens and closes the menu and reports its state", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menuId = await toggle.getAttribute("aria-controls");
    const menu = page.locator(`[id="${menuId}"]`);
    await expect(menu).toBeHidden();

    await toggle.click();
    const close = page.getByRole("button", { name: "Fechar menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Casos de Sucesso" })).toBeVisible();

    await close.click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Abrir menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("choosing a link closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Sobre" }).click();
    await expect(page).toHaveURL("/sobre");
    await expect(page.getByRole("button", { name: "Abrir menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("Escape closes the menu and returns focus to the toggle", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("the menu works with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Fechar menu" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    const menu = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(menu.getByRole("link", { name: "Recursos" })).toBeFocused();
  });
});

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
