import { expect, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";

// The four tabs of /recursos (docs/product.md §2 "Features", §4): selection on click, Enter/Space and
// focus; Left/Right wrap around; Home/End; full tablist/tab/tabpanel semantics. Without JavaScript
// every panel shows: recursos.nojs.spec.ts.

const tabs = ["Canais", "Automação", "Analytics", "Gestão"] as const;
const panelText = {
  Canais: "Caixa de entrada unificada",
  Automação: "Roteamento inteligente",
  Analytics: "Painéis em tempo real",
  Gestão: "Permissões por perfil",
} as const;

test.beforeEach(async ({ page }) => {
  await page.goto("/recursos");
  // The tabs are server HTML made interactive by app/enhance/tabs.ts.
  await waitForHydration(page);
});

async function expectSelected(page: import("@playwright/test").Page, name: (typeof tabs)[number]) {
  const tab = page.getByRole("tab", { name, exact: true });
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel).toHaveCount(1);
  await expect(panel).toHaveAttribute("id", (await tab.getAttribute("aria-controls")) ?? "missing");
  await expect(panel).toHaveAccessibleName(name);
  await expect(panel.getByRole("heading", { name: panelText[name] })).toBeVisible();
  for (const other of tabs.filter((candidate) => candidate !== name)) {
    await expect(page.getByRole("tab", { name: other, exact: true })).toHaveAttribute("aria-selected", "false");
    await expect(page.getByText(panelText[other], { exact: true })).toBeHidden();
  }
}

test("canais is selected by default and the tablist is labelled", async ({ page }) => {
  await expect(page.getByRole("tablist", { name: "Categorias de recursos" })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(4);
  await expectSelected(page, "Canais");
});

test("a click selects a tab", async ({ page }) => {
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expectSelected(page, "Analytics");
  await page.getByRole("tab", { name: "Automação" }).click();
  await expectSelected(page, "Automação");
});

test("arrow keys move focus and selection, wrapping around at both ends", async ({ page }) => {
  const first = page.getByRole("tab", { name: "Canais" });
  await first.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Automação" })).toBeFocused();
  await expectSelected(page, "Automação");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Gestão" })).toBeFocused();
  await expectSelected(page, "Gestão");
  await page.keyboard.press("ArrowRight");
  await expect(first).toBeFocused();
  await expectSelected(page, "Canais");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Gestão" })).toBeFocused();
  await expectSelected(page, "Gestão");
});

test("Home and End go to the first and the last tab", async ({ page }) => {
  await page.getByRole("tab", { name: "Automação" }).focus();
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "Gestão" })).toBeFocused();
  await expectSelected(page, "Gestão");
  await page.keyboard.press("Home");
  await expect(page.getByRole("tab", { name: "Canais" })).toBeFocused();
  await expectSelected(page, "Canais");
});

test("keyboard only: Tab reaches the selected tab, focus selects, Enter and Space select, Tab enters the panel", async ({
  page,
}) => {
  // Tab into the tablist from the element before it: focus lands on the selected tab only.
  await page.getByRole("tab", { name: "Canais" }).focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tab", { name: "Canais" })).toBeFocused();

  // Focus alone selects (automatic activation).
  await page.getByRole("tab", { name: "Analytics" }).focus();
  await expectSelected(page, "Analytics");

  await page.getByRole("tab", { name: "Gestão" }).press("Enter");
  await expectSelected(page, "Gestão");
  await page.getByRole("tab", { name: "Automação" }).press("Space");
  await expectSelected(page, "Automação");
  // Space on a tab must not scroll the page away from it.
  await expect(page.getByRole("tab", { name: "Automação" })).toBeInViewport();

  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel")).toBeFocused();
});

test("the closing call to action links to #demo and /contato", async ({ page }) => {
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Solicitar demonstração" })).toHaveAttribute("href", "#demo");
  await expect(main.getByRole("link", { name: "Falar com a equipe" })).toHaveAttribute("href", "/contato");
});
