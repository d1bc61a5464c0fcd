import { expect, test } from "./fixtures";

// Runs in the "no-javascript" project (playwright.config.ts): the widgets of the public pages are
// native HTML and work with JavaScript off (docs/decisions/050-native-html-widgets.md). The same
// widgets with JavaScript on: shell.spec.ts, home.spec.ts, recursos.spec.ts, integracoes.spec.ts.

const isOpen = (page: import("@playwright/test").Page) =>
  page.locator("#menu-principal").evaluate((element) => element.matches(":popover-open"));

test.describe("mobile menu without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the toggle opens and closes it, and its name follows", async ({ page }) => {
    // /blog loads no JavaScript at all, whatever the project.
    await page.goto("/blog");
    const menu = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    expect(await isOpen(page)).toBe(true);
    await expect(menu.getByRole("link", { name: "Casos de Sucesso" })).toBeVisible();
    await page.getByRole("button", { name: "Fechar menu" }).click();
    expect(await isOpen(page)).toBe(false);
    await expect(menu).toBeHidden();
  });

  test("keyboard: Enter opens, Tab enters it, Escape closes it and focus returns", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Fechar menu" })).toBeFocused();
    await page.keyboard.press("Tab");
    const menu = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(menu.getByRole("link", { name: "Recursos" })).toBeFocused();
    await page.keyboard.press("Escape");
    expect(await isOpen(page)).toBe(false);
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();
  });

  test("a click outside closes it, and choosing a link closes it by navigating", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.mouse.click(200, 800);
    expect(await isOpen(page)).toBe(false);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Sobre" }).click();
    await expect(page).toHaveURL("/sobre");
    expect(await isOpen(page)).toBe(false);
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
  });
});

test("the FAQ opens one answer at a time and closes the open one, on / and /ajuda", async ({ page }) => {
  for (const path of ["/", "/ajuda"]) {
    await page.goto(path);
    const faq = page.locator("section", { has: page.getByRole("heading", { name: "Perguntas frequentes", level: 2 }) });
    const [first, second] = [faq.locator("details").nth(0), faq.locator("details").nth(1)];
    await first.locator("summary").click();
    await expect(first, path).toHaveAttribute("open");
    await expect(first.getByRole("region"), path).toBeVisible();
    await second.locator("summary").click();
    await expect(second, path).toHaveAttribute("open");
    await expect(first, path).not.toHaveAttribute("open");
    await second.locator("summary").press("Enter");
    await expect(faq.locator("details[open]"), path).toHaveCount(0);
  }
});

test("/recursos shows every panel, without the tablist that could not switch them", async ({ page }) => {
  await page.goto("/recursos");
  await expect(page.getByRole("tablist")).toBeHidden();
  for (const heading of [
    "Caixa de entrada unificada",
    "Roteamento inteligente",
    "Painéis em tempo real",
    "Permissões por perfil",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
});

test("/integracoes: Saiba Mais opens its dialog; Escape, the close button and the backdrop close it", async ({
  page,
}) => {
  await page.goto("/integracoes");
  const trigger = page.getByRole("button", { name: "Saiba mais sobre a integração com HubSpot" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "HubSpot" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("Contatos e negócios do HubSpot atualizados a cada atendimento.");
  await expect(dialog.getByText("Negócios e etapas do funil")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.press("Enter");
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test("/status: Verificar novamente is a plain link that runs a new check", async ({ page }) => {
  await page.goto("/status");
  const time = page.locator("time");
  const before = await time.getAttribute("datetime");
  await page.getByRole("link", { name: "Verificar novamente" }).click();
  await expect(page).toHaveURL("/status");
  await expect(time).not.toHaveAttribute("datetime", before ?? "");
});
