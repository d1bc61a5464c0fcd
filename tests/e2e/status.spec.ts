import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";

// /status: a live check of the site's own backend on every request (docs/product.md §10), refreshed
// in place from /status.json by app/enhance/status.ts (docs/decisions/035-status-page-live-check.md).

test("shows every component operational, with the time of the check", async ({ page }) => {
  await page.goto("/status");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status dos serviços");
  await expect(page.getByRole("heading", { level: 2, name: "Todos os sistemas operacionais" })).toBeVisible();
  const backend = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "API de dados e autenticação" }) });
  await expect(backend).toContainText("Operacional");
  await expect(backend).toContainText(/Tempo de resposta: \d+ ms/);
  await expect(page.getByText(/^Verificado em \d{1,2} de \p{L}+ de \d{4} às \d{2}:\d{2}:\d{2}/u)).toBeVisible();
  await expectNoAxeViolations(page);
});

const checkedAt = (html: string) => /<time dateTime="([^"]+)"/i.exec(html)?.[1];

test("is rendered per request, never cached", async ({ request }) => {
  const first = await request.get("/status");
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("no-store");
  const one = checkedAt(await first.text());
  expect(one).toBeTruthy();
  await expect.poll(async () => checkedAt(await (await request.get("/status")).text())).not.toBe(one);
});

test("Verificar novamente runs a new check in place and announces it", async ({ page }) => {
  await page.goto("/status");
  await waitForHydration(page);
  const time = page.locator("time");
  const before = await time.getAttribute("datetime");
  // A marker on the window: it survives an in-place update, not a page load.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("link", { name: "Verificar novamente" }).click();
  await expect(time).not.toHaveAttribute("datetime", before ?? "");
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  await expect(page).toHaveURL("/status");
  await expect(time).toHaveText(/^Verificado em \d{1,2} de \p{L}+ de \d{4} às \d{2}:\d{2}:\d{2}/u);
  await expect(page.locator("[data-status-board]").getByRole("status")).toHaveText(
    /^Todos os sistemas operacionais\. Verificado em /,
  );
  await expect(page.getByRole("heading", { level: 2, name: "Todos os sistemas operacionais" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/status.json answers one fresh check with the page's texts, never cached", async ({ request }) => {
  const response = await request.get("/status.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["content-type"]).toContain("application/json");
  const report = await response.json();
  expect(report).toMatchObject({ backend: "operational", allOk: true });
  expect(report.texts.overall).toBe("Todos os sistemas operacionais");
  expect(report.texts.backend).toBe("Operacional");
  expect(report.texts.latency).toMatch(/^Tempo de resposta: \d+ ms$/);
  expect(report.texts.checkedAt).toMatch(/^Verificado em .+ \(horário de Brasília\)\.$/);
  const next = await (await request.get("/status.json")).json();
  await expect.poll(async () => (await (await request.get("/status.json")).json()).checkedAt).not.toBe(next.checkedAt);
});
