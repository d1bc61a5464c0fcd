import type { Page } from "@playwright/test";
import { adminCopy } from "../../app/content/admin.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, signIn, unique } from "./support/backend";
import { deleteLeads, insertLeads, uniqueEmail } from "./support/leads";
import { visitorHeaders } from "./support/visitor";

// Sign in from this spec's own address: the per-address sign-in limit (30 per 5 minutes) is
// shared by every spec that signs in from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

// The admin's own frame (no marketing header, footer or demo button), every view free of axe
// findings and of sideways scrolling on a 360-pixel-wide phone, and the pt-BR an editor reads:
// a wrong password, the activity log's sentences.
const ADMIN_EMAIL = `shell-e2e-${unique()}@omnia.example`;
const ADMIN_PASSWORD = "shell-e2e-senha-1";

/** Every view's tab label, in the order of the tabs. */
const VIEWS = Object.entries(adminCopy.tabs).flatMap(([id, label]) =>
  id === "label" || typeof label !== "string" ? [] : [label],
);

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true });
});

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await expect(page.getByRole("heading", { level: 1, name: "Administração do Blog" })).toBeVisible();
}

/** Opens a view's tab and waits until its panel has loaded what it shows. */
async function openView(page: Page, label: string) {
  // "Mensagens" may carry its badge ("Mensagens 1 nova") in its name.
  const tab = page.getByRole("tab", { name: new RegExp(`^${label}`) });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: label });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/^Carregando/)).toHaveCount(0);
  return panel;
}

test("the admin has a frame of its own: a compact bar, no marketing header, footer or demo button", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("tab")).toHaveCount(VIEWS.length);
  const bar = page.getByRole("banner", { name: "Barra da administração" });
  await expect(bar).toContainText(ADMIN_EMAIL);
  await expect(bar.getByRole("button", { name: "Sair" })).toBeVisible();
  await expect(bar.getByRole("link", { name: /: ir para o site$/ })).toHaveAttribute("href", "/");
  // Nothing of the marketing site's chrome.
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByText("Solicitar Demo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Preços", exact: true })).toHaveCount(0);
  await expect(page.getByRole("main")).toHaveCount(1);
});

test("axe finds nothing on any admin view", async ({ page }) => {
  // Nine views, each loaded and checked.
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  for (const label of VIEWS) {
    await test.step(label, async () => {
      await openView(page, label);
      await expectNoAxeViolations(page);
    });
  }
});

test("every admin view fits a 360-pixel-wide phone without scrolling sideways, its tabs in one row", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  const tops = await page
    .getByRole("tab")
    .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tops).size, "the tabs sit in one row").toBe(1);
  for (const label of VIEWS) {
    await test.step(label, async () => {
      await openView(page, label);
      const overflow = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
      });
      expect(overflow.scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(overflow.clientWidth);
    });
  }
});

test.describe("a refused sign-in", () => {
  // The browser logs the token endpoint's 400.
  test.use({ allowedConsoleErrors: /status of 400/ });

  test("a wrong password is told in pt-BR, in the toast titled Erro", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
    await page.getByLabel("Senha").fill("senha-errada-123");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Erro");
    await expect(toast).toContainText("E-mail ou senha incorretos.");
    await expect(toast).not.toContainText("Invalid login credentials");
    await expect(toast).toHaveAttribute("data-type", "error");
  });
});

test("the activity log names the lead whose status changed, in a sentence", async ({ page, request }) => {
  const prefix = `atividade-${unique()}`;
  const name = `Carla Mendes ${unique()}`;
  await insertLeads(request, [{ name, email: uniqueEmail(prefix), subject: "comercial", message: "Quero uma demo." }]);
  try {
    await signInAsAdmin(page);
    const inbox = await openView(page, "Mensagens");
    const lead = inbox.getByRole("article", { name: `De ${name}` });
    await lead.getByRole("combobox", { name: `Status da mensagem de ${name}` }).selectOption({ label: "Em contato" });
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Status atualizado");

    const log = (await openView(page, "Atividade")).getByRole("list", { name: "Atividade recente" });
    const entry = log.getByRole("listitem").filter({ hasText: name });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(`${ADMIN_EMAIL} mudou o status do lead ${name} para Em contato`);
    await expect(entry).not.toContainText("contacted");
  } finally {
    await deleteLeads(request, prefix);
  }
});
