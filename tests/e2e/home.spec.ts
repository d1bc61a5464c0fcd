import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";

test("the home page shows its six sections in order", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Omnia | Plataforma omnichannel de atendimento com IA");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Todos os canais do seu cliente. Uma só conversa.");
  await expect(main.getByRole("link", { name: "Solicitar demonstração gratuita" })).toHaveAttribute("href", "#demo");
  await expect(main.getByRole("link", { name: "Ver recursos" })).toHaveAttribute("href", "/recursos");

  const stats = main.getByRole("region", { name: "A Omnia em números" });
  for (const value of ["99,9%", "10M+", "40%", "95%"])
    await expect(stats.getByText(value, { exact: true })).toBeVisible();

  for (const pillar of ["Conectividade", "Inteligência", "Escala"]) {
    await expect(main.getByRole("heading", { name: pillar, level: 3, exact: true })).toBeVisible();
  }
  for (const feature of ["Automação com IA", "Relatórios em tempo real", "Gestão de equipes", "Segurança avançada"]) {
    await expect(main.getByRole("heading", { name: feature, level: 3, exact: true })).toBeVisible();
  }
  await expect(main.getByRole("link", { name: "Agendar demonstração" })).toHaveAttribute("href", "#demo");

  const headings = await main.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings).toEqual([
    "A Omnia em números",
    "Três pilares para um atendimento sem fronteiras",
    "Recursos que transformam o seu atendimento",
    "Pronto para unificar o seu atendimento?",
    "Perguntas frequentes",
  ]);
});

const faqOf = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Perguntas frequentes", level: 2 }) });
const faqItem = (page: Page, text: string) =>
  faqOf(page)
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: text }) });
const question = (page: Page, text: string) => faqItem(page, text).locator("summary");

test.describe("FAQ accordion", () => {
  // Native <details name> items (docs/decisions/050-native-html-widgets.md): the browser keeps
  // one open at a time and exposes each question's expanded state from the item's open
  // attribute, which the tests read.
  const first = "O que é a Omnia?";
  const second = "Quais canais são suportados?";

  test("one item open at a time, and the open one collapses (mouse)", async ({ page }) => {
    await page.goto("/");
    await expect(faqItem(page, first)).not.toHaveAttribute("open");

    await question(page, first).click();
    await expect(faqItem(page, first)).toHaveAttribute("open");
    await expect(page.getByText("A Omnia é uma plataforma omnichannel de relacionamento")).toBeVisible();

    await question(page, second).click();
    await expect(faqItem(page, second)).toHaveAttribute("open");
    await expect(faqItem(page, first)).not.toHaveAttribute("open");
    await expect(page.getByText("A Omnia é uma plataforma omnichannel de relacionamento")).toBeHidden();

    await question(page, second).click();
    await expect(faqItem(page, second)).not.toHaveAttribute("open");
    await expect(faqOf(page).locator("details[open]")).toHaveCount(0);
  });

  test("the same with the keyboard: Enter, Space and Tab", async ({ page }) => {
    await page.goto("/");
    await question(page, first).focus();
    await page.keyboard.press("Enter");
    await expect(faqItem(page, first)).toHaveAttribute("open");
    // Tab passes the open answer (plain text) and reaches the next question.
    await page.keyboard.press("Tab");
    await expect(question(page, second)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(faqItem(page, second)).toHaveAttribute("open");
    await expect(faqItem(page, first)).not.toHaveAttribute("open");
    await page.keyboard.press("Enter");
    await expect(faqItem(page, second)).not.toHaveAttribute("open");
    await expect(page.getByRole("region", { name: second })).toHaveCount(0);
  });

  test("each question is a heading and each answer a region labelled by its question", async ({ page }) => {
    await page.goto("/");
    await expect(faqOf(page).getByRole("heading", { level: 3 })).toHaveCount(5);
    await question(page, first).click();
    const region = page.getByRole("region", { name: first });
    await expect(region).toBeVisible();
    await expect(question(page, first)).toHaveAttribute(
      "aria-controls",
      (await region.getAttribute("id")) ?? "missing",
    );
  });
});

test("entrance animations are staggered in 150 ms steps and skipped for reduced motion", async ({ page }) => {
  await page.goto("/");
  const cards = page
    .getByRole("main")
    .locator("section", { has: page.getByRole("heading", { name: "Recursos que transformam o seu atendimento" }) })
    .getByRole("listitem");
  const delays = await cards.evaluateAll((items) => items.map((item) => getComputedStyle(item).animationDelay));
  expect(delays).toEqual(["0s", "0.15s", "0.3s", "0.45s"]);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  const names = await cards.evaluateAll((items) => items.map((item) => getComputedStyle(item).animationName));
  expect(names).toEqual(["none", "none", "none", "none"]);
});

test("the page does not shift while it loads", async ({ page }) => {
  // Observed from the first paint to the end of the load, not over two frames: the observer is
  // registered before the document is requested, and every shift without recent input counts.
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShiftTotal: number };
    state.layoutShiftTotal = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.layoutShiftTotal += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/", { waitUntil: "load" });
  await waitForHydration(page);
  const shift = await page.evaluate(async () => {
    await document.fonts.ready;
    // One more frame, so a shift caused by the last of these is reported too.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { layoutShiftTotal: number }).layoutShiftTotal;
  });
  test.info().annotations.push({ type: "cumulative layout shift", description: String(shift) });
  // The layout-stability budget: a cumulative layout shift of at most 0.01.
  expect(shift).toBeLessThanOrEqual(0.01);
});

test("axe finds no accessibility violations on the home page", async ({ page }) => {
  await page.goto("/");
  await expectNoAxeViolations(page);
});
