import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createUser, runAdmin, signIn, unique } from "./support/backend";
import { visitorHeaders } from "./support/visitor";

// Sign in from this spec's own address: the per-address sign-in limit (30 per 5 minutes) is
// shared by every spec that signs in from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

// The team's roles (docs/security.md "Roles"): each staff role opens /admin and sees only its
// views; a writer cannot publish and sends a draft for review. What the database refuses is
// server/backend/rest/roles.test.ts.
const PASSWORD = "roles-e2e-senha-1";
const id = unique();
const account = (role: string) => `${role}-e2e-${id}@omnia.example`;

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  for (const role of ["autor", "editor", "vendas"]) {
    createUser(account(role), PASSWORD);
    runAdmin(["grant-role", account(role), role]);
  }
  createUser(account("nenhum"), PASSWORD);
});

async function tabs(page: Page): Promise<string[]> {
  const list = page.getByRole("tablist", { name: "Seções da administração" });
  await expect(list).toBeVisible();
  return (await list.getByRole("tab").allTextContents()).map((text) => text.replace(/\d+ novas?$/, "").trim());
}

test("a writer sees Posts and Imagens, cannot publish, and sends a draft for review", async ({ page }) => {
  await signIn(page, account("autor"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  expect(await tabs(page)).toEqual(["Posts", "Imagens", "Segurança"]);

  const title = `Rascunho do autor ${id}`;
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await expect(dialog.getByLabel("Título", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Publicar post" })).toHaveCount(0);
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Um texto para os editores revisarem.");
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole("list", { name: "Posts" });
  const row = list.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("Rascunho");
  await row.getByRole("button", { name: `Editar post ${title}` }).click();
  const editor = page.getByRole("dialog", { name: "Editar Post" });
  await expect(editor.getByRole("switch", { name: "Publicar post" })).toHaveCount(0);
  await editor.getByRole("button", { name: "Enviar para revisão" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Enviado para revisão");
  await expect(row).toContainText("Em revisão");
});

test("a salesperson sees only Mensagens and Análises", async ({ page }) => {
  await signIn(page, account("vendas"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  expect(await tabs(page)).toEqual(["Mensagens", "Análises", "Segurança"]);
  await expect(page.getByRole("button", { name: "Novo Post" })).toHaveCount(0);
});

test("an editor works on the blog but does not see Equipe", async ({ page }) => {
  await signIn(page, account("editor"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  expect(await tabs(page)).toEqual(["Posts", "Análises", "Imagens", "Tags e autoria", "Segurança"]);
  // The writer's draft is there, waiting for review.
  await expect(page.getByRole("list", { name: "Posts" })).toContainText(`Rascunho do autor ${id}`);
});

test("an account without a staff role is still sent to /auth", async ({ page }) => {
  await signIn(page, account("nenhum"), PASSWORD, { expectedPath: "/" });
  await page.goto("/admin");
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
});
