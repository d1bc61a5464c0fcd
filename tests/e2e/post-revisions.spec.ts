import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, signIn, unique } from "./support/backend";
import { visitorHeaders } from "./support/visitor";

// Sign in from this spec's own address: the per-address sign-in limit (30 per 5 minutes) is
// shared by every spec that signs in from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

// A post's history and previews (issue #37) end to end: an admin restores an earlier revision
// from "Histórico"; "Visualizar" opens the draft as its public page; "Copiar link de prévia"
// makes a link a signed-out browser opens, until the post is published and unpublished.

const u = unique();
const ADMIN_EMAIL = `revisoes-${u}@omnia.example`;
const ADMIN_PASSWORD = "revisoes-e2e-senha-1";
const TITLE = `Rascunho com histórico ${u}`;
const FIRST = "Primeira versão do texto.";
const SECOND = "Segunda versão, reescrita.";

test.describe.configure({ mode: "serial" });

// A revoked preview link answers 404 on purpose.
test.use({ allowedConsoleErrors: /status of 404/ });

test.beforeAll(() => createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true }));

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/** Clicks `trigger` and accepts the confirm() it opens. */
async function accept(page: Page, trigger: Locator) {
  const answered = page.waitForEvent("dialog").then((prompt) => prompt.accept());
  await Promise.all([answered, trigger.click()]);
}

function postRow(page: Page) {
  return page
    .getByRole("list", { name: "Posts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: TITLE, exact: true }) });
}

async function openEditor(page: Page) {
  await postRow(page)
    .getByRole("button", { name: `Editar post ${TITLE}` })
    .click();
  const editor = page.getByRole("dialog", { name: "Editar Post" });
  await expect(editor).toBeVisible();
  return editor;
}

async function save(page: Page, editor: Locator) {
  await editor.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(editor).toBeHidden();
}

test("an admin restores an earlier revision of a post from Histórico", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });

  await page.getByRole("button", { name: "Novo Post" }).click();
  const create = page.getByRole("dialog", { name: "Novo Post" });
  await create.getByLabel("Título", { exact: true }).fill(TITLE);
  await create.getByRole("textbox", { name: "Conteúdo", exact: true }).fill(`## Começo\n\n${FIRST}`);
  await create.getByRole("button", { name: "Criar Post" }).click();
  await expect(create).toBeHidden();

  let editor = await openEditor(page);
  await editor.getByRole("textbox", { name: "Conteúdo", exact: true }).fill(`## Começo\n\n${SECOND}`);
  await save(page, editor);

  editor = await openEditor(page);
  await editor.getByRole("button", { name: "Histórico" }).click();
  const history = page.getByRole("dialog", { name: "Histórico do post" });
  const entries = history.getByRole("list", { name: "Versões do post" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`Salvo por ${ADMIN_EMAIL} em`);
  await expect(entries.first()).toContainText("Versão atual");

  // The first version against the current text: a line diff of the body.
  await entries
    .last()
    .getByRole("button", { name: /^Ver alterações/ })
    .click();
  const diff = history.getByRole("region", { name: /comparada ao texto atual/ });
  await expect(diff.getByText(`− ${FIRST}`)).toBeVisible();
  await expect(diff.getByText(`+ ${SECOND}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await accept(page, diff.getByRole("button", { name: /^Restaurar a versão de/ }));
  await expect(toasts(page)).toContainText("Versão restaurada");
  await expect(history).toBeHidden();
  editor = page.getByRole("dialog", { name: "Editar Post" });
  await expect(editor.getByRole("textbox", { name: "Conteúdo", exact: true })).toHaveValue(`## Começo\n\n${FIRST}`);

  // The restore is a revision of its own, on top.
  await editor.getByRole("button", { name: "Histórico" }).click();
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText(`Restaurado por ${ADMIN_EMAIL} em`);

  // Closed by Esc or Fechar, Histórico gives the focus back to its button, in the editor.
  const historyButton = editor.getByRole("button", { name: "Histórico" });
  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(historyButton).toBeFocused();
  await historyButton.click();
  await expect(entries).toHaveCount(3);
  await history.getByRole("button", { name: "Fechar" }).click();
  await expect(history).toBeHidden();
  await expect(historyButton).toBeFocused();
});

test("Visualizar shows a draft's public page; its preview link works signed out until unpublishing", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });

  // "Visualizar": the public page of the draft, in a new tab.
  let editor = await openEditor(page);
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    editor.getByRole("button", { name: "Visualizar" }).click(),
  ]);
  await tab.waitForURL(/\/blog\/previa\/[0-9a-f]{64}$/);
  await expect(tab.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(tab.locator("article")).toContainText(FIRST);
  // The site's own header and footer: the page a visitor gets, not the admin's.
  await expect(tab.getByRole("contentinfo")).toBeVisible();
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await tab.close();

  // "Copiar link de prévia": a link for someone without an account.
  await editor.getByRole("button", { name: "Copiar link de prévia" }).click();
  const field = editor.getByLabel("Link de prévia");
  await expect(field).toHaveValue(/\/blog\/previa\/[0-9a-f]{64}$/);
  const link = await field.inputValue();
  await editor.getByRole("button", { name: "Cancelar" }).click();

  const reviewerContext = await browser.newContext();
  try {
    const reviewer = await reviewerContext.newPage();
    const opened = await reviewer.goto(link);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["cache-control"]).toBe("private, no-store");
    expect(opened?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(reviewer.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expectNoAxeViolations(reviewer);
    // The draft itself stays hidden from visitors.
    const slug = (await postRow(page).textContent())?.match(/rascunho-com-historico-[a-z0-9-]+/)?.[0];
    expect(slug).toBeTruthy();
    expect((await reviewer.goto(`/blog/${slug}`))?.status()).toBe(404);

    // Published, then unpublished: the link stops working.
    editor = await openEditor(page);
    await editor.getByRole("switch", { name: "Publicar post" }).click();
    await save(page, editor);
    editor = await openEditor(page);
    await editor.getByRole("switch", { name: "Publicar post" }).click();
    await save(page, editor);

    const revoked = await reviewer.goto(link);
    expect(revoked?.status()).toBe(404);
    expect(revoked?.headers()["cache-control"]).toBe("private, no-store");
    await expect(reviewer.getByRole("heading", { level: 1, name: "Link de prévia indisponível" })).toBeVisible();
  } finally {
    await reviewerContext.close();
  }
});
