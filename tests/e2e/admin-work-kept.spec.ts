import type { Browser, Locator, Page } from "@playwright/test";
import { PLACEHOLDER_SETTINGS } from "../../app/lib/site-settings.ts";
import { expect, test } from "./fixtures";
import { createUser, runAdmin, signIn, unique } from "./support/backend";
import { deleteLeads, insertLeads } from "./support/leads";
import { visitorHeaders } from "./support/visitor";

// Staff never lose what they typed in "Configurações" or a lead's "Nota interna" without being
// asked: not when another admin saves, the form refetches on focus or a switch of tabs, the page
// is left, or the session ends in another tab (docs/admin.md). The settings are the whole site's:
// this file changes only YouTube and TikTok, which no other spec reads, and puts them back.
const ADMIN_PASSWORD = "trabalho-e2e-senha-1";
const ADMIN = `trabalho-e2e-${unique()}@omnia.example`;
const OTHER_ADMIN = `trabalho-e2e-outro-${unique()}@omnia.example`;
const LEAD_PREFIX = `trabalho-e2e-${unique()}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createUser(ADMIN, ADMIN_PASSWORD, { admin: true });
  createUser(OTHER_ADMIN, ADMIN_PASSWORD, { admin: true });
});

test.afterAll(async ({ playwright }) => {
  const anonKey = /^SUPABASE_ANON_KEY=(\S+)$/m.exec(runAdmin(["keys"]))?.[1] ?? "";
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const token = await api.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: anonKey },
    data: { email: ADMIN, password: ADMIN_PASSWORD },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const restored = await api.patch("/rest/v1/site_settings?id=eq.true", {
    headers: { apikey: anonKey, authorization: `Bearer ${accessToken}` },
    data: { youtube_url: PLACEHOLDER_SETTINGS.youtube_url, tiktok_url: PLACEHOLDER_SETTINGS.tiktok_url },
  });
  expect(restored.status()).toBe(204);
  await deleteLeads(api, LEAD_PREFIX);
  await api.dispose();
});

/** A field of the settings form, by its label alone. */
function field(page: Page, label: string) {
  return page.getByRole("tabpanel").getByLabel(label, { exact: true });
}

function saveButton(page: Page) {
  return page.getByRole("button", { name: "Salvar configurações" });
}

async function openSettings(page: Page) {
  await page.getByRole("tab", { name: "Configurações" }).click();
  await expect(page.getByRole("group", { name: "Empresa" })).toBeVisible();
  await expect(field(page, "Nome fantasia")).not.toHaveValue("");
}

/** A second admin, in a browser of their own, with the settings open. */
async function otherAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await signIn(page, OTHER_ADMIN, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await openSettings(page);
  return page;
}

/** The settings' reads and writes: `method` GET (a refetch) or PATCH (a save). */
function settingsRequest(page: Page, method: "GET" | "PATCH") {
  return page.waitForResponse(
    (response) => response.url().includes("/rest/v1/site_settings") && response.request().method() === method,
  );
}

/** Saves the form; resolves with the fields the PATCH sent. */
async function save(page: Page): Promise<Record<string, unknown>> {
  const patched = settingsRequest(page, "PATCH");
  await saveButton(page).click();
  const response = await patched;
  expect(response.status()).toBe(200);
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Configurações salvas");
  return response.request().postDataJSON() as Record<string, unknown>;
}

/** What the browser does when the window or tab is shown again: TanStack Query refetches. */
async function refocus(page: Page) {
  const refetched = settingsRequest(page, "GET");
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  await refetched;
}

/** Clicks `trigger` and answers the dialog it opens (a confirm, or the browser's leave question). */
async function answerDialog(page: Page, answer: "accept" | "dismiss", trigger: () => Promise<unknown>) {
  const answered = page.waitForEvent("dialog").then(async (dialog) => {
    const seen = { type: dialog.type(), message: dialog.message() };
    await dialog[answer]();
    return seen;
  });
  const [seen] = await Promise.all([answered, trigger()]);
  return seen;
}

test("an unsaved settings edit survives another admin's saves, a switch of tabs and a refocus", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const stamp = unique();
  const mine = `https://www.youtube.com/@minha-${stamp}`;
  await signIn(page, ADMIN, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await openSettings(page);
  await field(page, "YouTube").fill(mine);
  await expect(saveButton(page)).toHaveAccessibleDescription("Há alterações não salvas.");

  const other = await otherAdmin(browser);
  try {
    await field(other, "TikTok").fill(`https://www.tiktok.com/@outra-${stamp}`);
    // Only what that admin changed is sent.
    expect(await save(other)).toEqual({ tiktok_url: `https://www.tiktok.com/@outra-${stamp}` });

    // Back to the tab: the newer settings arrive, the untouched TikTok follows, the edit stays.
    await page.getByRole("tab", { name: "Posts" }).click();
    const refetched = settingsRequest(page, "GET");
    await page.getByRole("tab", { name: "Configurações" }).click();
    await refetched;
    await expect(field(page, "TikTok")).toHaveValue(`https://www.tiktok.com/@outra-${stamp}`);
    await expect(field(page, "YouTube")).toHaveValue(mine);

    // The window shown again: the same.
    await field(other, "TikTok").fill(`https://www.tiktok.com/@outra-2-${stamp}`);
    await save(other);
    await refocus(page);
    await expect(field(page, "TikTok")).toHaveValue(`https://www.tiktok.com/@outra-2-${stamp}`);
    await expect(field(page, "YouTube")).toHaveValue(mine);

    // Saving sends only the edit: the other admin's TikTok stays.
    expect(await save(page)).toEqual({ youtube_url: mine });
    await expect(saveButton(page)).not.toHaveAccessibleDescription(/alterações não salvas/);
    await other.reload();
    await openSettings(other);
    await expect(field(other, "TikTok")).toHaveValue(`https://www.tiktok.com/@outra-2-${stamp}`);
    await expect(field(other, "YouTube")).toHaveValue(mine);

    // Both change the same field: the one saving later is told, before saving, whose value wins.
    const again = `https://www.youtube.com/@minha-de-novo-${stamp}`;
    await field(page, "YouTube").fill(again);
    await field(other, "YouTube").fill(`https://www.youtube.com/@dela-${stamp}`);
    await save(other);
    await refocus(page);
    await expect(field(page, "YouTube")).toHaveValue(again);
    await expect(saveButton(page)).toHaveAccessibleDescription(
      "Outra pessoa salvou YouTube enquanto você editava. Ao salvar, o seu valor substitui o dela.",
    );
    expect(await save(page)).toEqual({ youtube_url: again });
  } finally {
    await other.context().close();
  }
});

test("leaving with unsaved settings or an unsaved note asks first; Sair too, and then forgets them", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const name = `Lead Saída ${unique()}`;
  await insertLeads(request, [{ name, email: `${LEAD_PREFIX}.saida@empresa.example`, subject: "demo" }]);
  await signIn(page, ADMIN, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await openSettings(page);
  const stored = await field(page, "YouTube").inputValue();
  const typed = `https://www.youtube.com/@nao-salvo-${unique()}`;
  await field(page, "YouTube").fill(typed);

  // Reloading or closing the tab: the browser's question; staying keeps the text.
  const leave = await answerDialog(page, "dismiss", () => page.close({ runBeforeUnload: true }));
  expect(leave.type).toBe("beforeunload");
  await expect(field(page, "YouTube")).toHaveValue(typed);

  // A note typed and not saved asks too (the settings back as stored, so only the note is unsaved).
  await field(page, "YouTube").fill(stored);
  await expect(saveButton(page)).not.toHaveAccessibleDescription(/alterações não salvas/);
  const lead = await findLead(page, name);
  const note = lead.getByRole("textbox", { name: `Nota interna sobre ${name}` });
  await note.fill("Retornar na sexta.");
  await expect(lead.getByText("Nota não salva.")).toBeVisible();
  expect((await answerDialog(page, "dismiss", () => page.close({ runBeforeUnload: true }))).type).toBe("beforeunload");
  await expect(note).toHaveValue("Retornar na sexta.");

  // "Sair" asks; no stays with the work, yes signs out and forgets it.
  await openSettings(page);
  await field(page, "YouTube").fill(typed);
  const sair = page.getByRole("button", { name: "Sair", exact: true });
  const question = await answerDialog(page, "dismiss", () => sair.click());
  expect(question).toEqual({
    type: "confirm",
    message: "Há alterações não salvas em Configurações ou em notas de mensagens. Sair e descartá-las?",
  });
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(field(page, "YouTube")).toHaveValue(typed);
  await answerDialog(page, "accept", () => sair.click());
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await signIn(page, ADMIN, ADMIN_PASSWORD, { expectedPath: "/admin" });
  const again = await findLead(page, name);
  await expect(again.getByRole("textbox", { name: `Nota interna sobre ${name}` })).toHaveValue("");
  await expect(again.getByText("Nota não salva")).toHaveCount(0);
  await openSettings(page);
  await expect(field(page, "YouTube")).toHaveValue(stored);
  await expect(page.getByText(/Recuperamos alterações/)).toHaveCount(0);
});

/** The lead named `name` in Mensagens, found with "Buscar" (other specs add leads meanwhile). */
async function findLead(page: Page, name: string): Promise<Locator> {
  await page.getByRole("tab", { name: "Mensagens" }).click();
  await page.getByRole("group", { name: "Filtrar mensagens" }).getByRole("searchbox", { name: "Buscar" }).fill(name);
  const lead = page.getByRole("list", { name: "Mensagens recebidas" }).getByRole("article", { name: `De ${name}` });
  await expect(lead).toBeVisible();
  return lead;
}

test("a session ended in another tab: /auth says so, and after signing in the unsaved settings and note are back", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const name = `Lead Sessão ${unique()}`;
  await insertLeads(request, [{ name, email: `${LEAD_PREFIX}.sessao@empresa.example`, subject: "demo" }]);
  await signIn(page, ADMIN, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await openSettings(page);
  const stored = await field(page, "YouTube").inputValue();
  const typed = `https://www.youtube.com/@sessao-${unique()}`;
  await field(page, "YouTube").fill(typed);
  const lead = await findLead(page, name);
  const note = lead.getByRole("textbox", { name: `Nota interna sobre ${name}` });
  await note.fill("Pediu proposta para 40 agentes.");

  // "Sair" in another tab of the same browser ends this tab's session too.
  const otherTab = await page.context().newPage();
  await otherTab.goto("/admin");
  await otherTab.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(otherTab).toHaveURL((url) => url.pathname === "/");

  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/auth" &&
      url.searchParams.get("next") === "/admin" &&
      url.searchParams.get("motivo") === "sessao-encerrada",
  );
  await expect(page.getByText("Sua sessão terminou. Entre novamente para continuar de onde parou.")).toBeVisible();
  await page.getByLabel("E-mail").fill(ADMIN);
  await page.getByLabel("Senha").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");

  // The note and the settings edit are offered back, unsaved.
  const back = await findLead(page, name);
  await expect(back.getByRole("textbox", { name: `Nota interna sobre ${name}` })).toHaveValue(
    "Pediu proposta para 40 agentes.",
  );
  await expect(back.getByText("Nota não salva recuperada. Salve para mantê-la.")).toBeVisible();
  await back.getByRole("button", { name: `Salvar nota sobre ${name}` }).click();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Nota salva");
  await expect(back.getByText(/Nota não salva/)).toHaveCount(0);

  await openSettings(page);
  await expect(field(page, "YouTube")).toHaveValue(typed);
  await expect(
    page.getByText("Recuperamos alterações que você não tinha salvado: YouTube. Confira e salve para mantê-las."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Descartar alterações" }).click();
  await expect(field(page, "YouTube")).toHaveValue(stored);
  await expect(page.getByText(/Recuperamos alterações/)).toHaveCount(0);
  await expect(saveButton(page)).not.toHaveAccessibleDescription(/alterações não salvas/);
});
