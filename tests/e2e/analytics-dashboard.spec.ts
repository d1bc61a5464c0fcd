import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { launchVisitor, storedEvents } from "./support/analytics";
import { createUser, signIn, unique } from "./support/backend";
import { waitForEnhancement } from "./support/hydration";

// The "Análises" tab itself (docs/admin.md): its period picker, how "Hoje" keeps up while the tab
// stays open, the chart's text and table alternatives. The visits it counts: analytics.spec.ts.

const ADMIN_EMAIL = `analises-painel-${unique()}@omnia.example`;
const ADMIN_PASSWORD = "correct-horse-battery-painel";

test.beforeAll(() => createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true }));
test.use({ viewport: { width: 1280, height: 900 } });

const panel = (page: Page) => page.getByRole("region", { name: "Análises do site" });

async function openAnalytics(page: Page): Promise<void> {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Análises" }).click();
  await expect(panel(page)).toBeVisible();
}

/** The figure of a card ("Visitantes"), as shown. */
const figure = (page: Page, label: string) =>
  page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

test("the period picker lists each period once, and no key press takes the admin down", async ({ page }) => {
  await openAnalytics(page);
  const period = page.getByLabel("Período");
  await expect(period.locator("option")).toHaveText(["Hoje", "7 dias", "30 dias", "12 meses", "Personalizado"]);
  await expect(period).toHaveValue("month");
  // Up past the first choice: the select stays on "Hoje", and the tab with it.
  await period.focus();
  for (let press = 0; press < 3; press += 1) await period.press("ArrowUp");
  await expect(period).toHaveValue("today");
  await expect(panel(page)).toBeVisible();
  await expect(figure(page, "Visitantes")).toHaveText(/^\d/);
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
});

test("Hoje keeps up while the tab stays open: a new visit shows within a minute", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // The page's timers under the test's hand: a minute passes in an instant.
  await page.clock.install();
  // The tab asks for today's rewrite once its panels have shown (ADR 091).
  const refreshed = page.waitForResponse((response) => response.url().endsWith("/rpc/analytics_refresh"));
  await openAnalytics(page);
  await refreshed;
  await page.getByLabel("Período").selectOption({ label: "Hoje" });
  await expect(figure(page, "Visitantes")).toHaveText(/^\d/, { timeout: 15_000 });
  const campaigns = panel(page).getByRole("region", { name: "Campanhas (UTM)" });

  // A visit after the tab first showed today, from a campaign of its own.
  const campaign = `minuto-${unique()}`;
  const landing = `/recursos?utm_source=newsletter&utm_campaign=${campaign}`;
  const visitor = await launchVisitor({ baseURL });
  const visit = await visitor.context.newPage();
  await visit.goto(landing);
  await waitForEnhancement(visit, "analytics");
  await expect
    .poll(async () => (await storedEvents(page.request, `utm_campaign=eq.${campaign}&kind=eq.view`)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  await visitor.close();

  // Nothing but time passes in the admin's tab (no focus, no click): each minute it asks for
  // today's rewrite and reads the panels again. The server spaces rewrites 10 s apart.
  const row = campaigns.getByRole("button", { name: `Filtrar por Campanha: ${campaign}` });
  await expect(async () => {
    await page.clock.runFor(61_000);
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
});

test("the chart speaks pt-BR and has a table of its data", async ({ page }) => {
  await openAnalytics(page);
  const chart = panel(page).getByRole("figure", { name: "Visitantes e leads ao longo do tempo" });
  await expect(chart.locator('[data-chart="visitors"] canvas').first()).toBeVisible({ timeout: 15_000 });
  // uPlot's legend names the time axis in Portuguese, never "Time".
  const legend = chart.locator(".u-legend");
  await expect(legend).toContainText("Dia");
  await expect(legend).not.toContainText("Time");

  // The numbers behind the canvas, for screen readers and keyboards: a disclosure with a table.
  const disclosure = panel(page).getByText("Ver dados em tabela");
  await disclosure.focus();
  await page.keyboard.press("Enter");
  const table = panel(page).getByRole("table", { name: /^Visitantes, visualizações e leads por dia/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Dia", "Visitantes", "Visualizações", "Leads"]);
  // One row per day of the 30, under the header.
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(table.getByRole("row").nth(1).getByRole("rowheader")).toHaveText(/^\d\d\/\d\d\/\d{4}$/);

  // "Hoje": by hour, and the caption's totals are the cards'.
  await page.getByLabel("Período").selectOption({ label: "Hoje" });
  const byHour = panel(page).getByRole("table", { name: /^Visitantes, visualizações e leads por hora/ });
  await expect(byHour).toBeVisible();
  await expect(byHour.getByRole("columnheader").first()).toHaveText("Hora");
  await expect(legend).toContainText("Hora");
  const visitors = (await figure(page, "Visitantes").textContent()) ?? "";
  const leads = (await figure(page, "Leads").textContent()) ?? "";
  await expect(chart.locator("figcaption")).toContainText(`${visitors} visitantes e ${leads} leads`);
  await expectNoAxeViolations(page);
});

/** The most recent 23:30 in São Paulo (02:30 UTC): the evening hours when UTC is already tomorrow. */
function lateEveningInSaoPaulo(): Date {
  const moment = new Date();
  moment.setUTCHours(2, 30, 0, 0);
  if (moment.getTime() > Date.now()) moment.setUTCDate(moment.getUTCDate() - 1);
  return moment;
}

test("the leads export is named after São Paulo's day, late in the evening too", async ({ page }) => {
  const evening = lateEveningInSaoPaulo();
  // São Paulo's day of that evening: the UTC day before.
  const day = new Date(evening.getTime() - 86_400_000).toISOString().slice(0, 10);
  await page.clock.install({ time: evening });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Mensagens" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  expect((await download).suggestedFilename()).toBe(`mensagens-${day}.csv`);
});
