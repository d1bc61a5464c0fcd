import { expect, expectNoAxeViolations, test } from "./fixtures";

// /status: a live check of the site's own backend on every request (docs/product.md).

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
