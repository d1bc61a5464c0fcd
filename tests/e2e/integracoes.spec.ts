import { expect, expectNoAxeViolations, test } from "./fixtures";

// /integracoes: four categories of cards, "Saiba Mais" opens an accessible dialog (docs/product.md),
// and the API documentation opens in a new tab. The dialogs are native <dialog> elements opened by
// invoker commands: they need no JavaScript (integracoes.nojs.spec.ts).

test("four categories, each with cards", async ({ page }) => {
  await page.goto("/integracoes");
  const main = page.getByRole("main");
  const categories = [
    "Canais de comunicação",
    "CRM e vendas",
    "E-commerce e marketplaces",
    "Produtividade e automação",
  ];
  await expect(main.getByRole("heading", { level: 2 })).toHaveText([...categories, "Não encontrou a sua ferramenta?"]);
  for (const category of categories) {
    const section = main.getByRole("region", { name: category });
    expect(await section.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
  }
});

test("Saiba Mais opens a dialog with the integration's details; Escape closes it and focus returns", async ({
  page,
}) => {
  await page.goto("/integracoes");
  const trigger = page.getByRole("button", { name: "Saiba mais sobre a integração com HubSpot" });
  await expect(trigger).toHaveText("Saiba Mais");
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "HubSpot" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("Contatos e negócios do HubSpot atualizados a cada atendimento.");
  await expect(dialog.getByRole("heading", { name: "O que sincroniza" })).toBeVisible();
  await expect(dialog.getByText("Negócios e etapas do funil")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Como começar" })).toBeVisible();
  // Focus moved into the dialog (the native modal focuses the dialog or its first control).
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // The close button works too, by keyboard.
  await trigger.press("Enter");
  await page.getByRole("dialog").getByRole("button", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("a click on the backdrop closes the dialog; the page behind is inert while it is open", async ({ page }) => {
  await page.goto("/integracoes");
  const trigger = page.getByRole("button", { name: "Saiba mais sobre a integração com HubSpot" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "HubSpot" });
  await expect(dialog).toBeVisible();
  // The page behind is inert: even a script cannot focus its links.
  const behind = page.getByRole("link", { name: "Ver documentação da API (abre em nova aba)", includeHidden: true });
  expect(await behind.evaluate((link: HTMLElement) => (link.focus(), document.activeElement === link))).toBe(false);
  await expectNoAxeViolations(page);
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test("the API documentation link opens in a new tab, safely", async ({ page }) => {
  await page.goto("/integracoes");
  const link = page.getByRole("link", { name: "Ver documentação da API (abre em nova aba)" });
  await expect(link).toHaveAttribute("href", "https://developers.omnia.example/api");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
});
