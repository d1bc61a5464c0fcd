import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, runAdmin, signIn, unique } from "./support/backend";
import { deleteLeads, insertLeads, serviceHeaders } from "./support/leads";
import { visitorHeaders } from "./support/visitor";

// Sign in from this spec's own address: the per-address sign-in limit (30 per 5 minutes) is
// shared by every spec that signs in from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

// The team's roles (docs/security.md "Roles"): each staff role opens /admin and sees only its
// views and, in them, only the buttons the database lets it use (app/lib/admin-role.ts); a writer
// cannot publish and sends a draft for review. What the database refuses is
// server/backend/rest/roles.test.ts.
const PASSWORD = "roles-e2e-senha-1";
const id = unique();
const account = (role: string) => `${role}-e2e-${id}@omnia.example`;

test.describe.configure({ mode: "serial" });

// Someone else's draft (no author) and a lead, written as the site's server would.
const othersDraft = `Rascunho da redação ${id}`;
const leadName = `Lead dos papéis ${id}`;
const leadPrefix = `papeis.${id}`;
const imageName = `capa-autor-${id}.png`;

async function insertDraft(request: APIRequestContext, title: string): Promise<void> {
  const response = await request.post("/rest/v1/blog_posts", {
    headers: { ...serviceHeaders(), "Content-Type": "application/json", Prefer: "return=minimal" },
    data: { title, slug: `rascunho-redacao-${id}`, content: "Texto da redação." },
  });
  if (!response.ok()) throw new Error(`blog_posts insert failed: ${response.status()} ${await response.text()}`);
}

test.beforeAll(async ({ request }) => {
  for (const role of ["autor", "editor", "vendas", "mudado"]) {
    createUser(account(role), PASSWORD);
    runAdmin(["grant-role", account(role), role === "mudado" ? "editor" : role]);
  }
  createUser(account("nenhum"), PASSWORD);
  await insertDraft(request, othersDraft);
  await insertLeads(request, [
    {
      name: leadName,
      email: `${leadPrefix}@empresa.example`,
      subject: "comercial",
      message: "Quero uma demonstração.",
    },
  ]);
});

test.afterAll(async ({ request }) => {
  await deleteLeads(request, leadPrefix);
});

async function tabs(page: Page): Promise<string[]> {
  const list = page.getByRole("tablist", { name: "Seções da administração" });
  await expect(list).toBeVisible();
  return (await list.getByRole("tab").allTextContents()).map((text) => text.replace(/\d+ novas?$/, "").trim());
}

test("a writer sees Posts and Imagens, cannot publish, and sends a draft for review", async ({ page }) => {
  await signIn(page, account("autor"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  expect(await tabs(page)).toEqual(["Posts", "Imagens", "Tags e autoria", "Segurança"]);

  const title = `Rascunho do autor ${id}`;
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await expect(dialog.getByLabel("Título", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Publicar post" })).toHaveCount(0);
  // Only editors create tags: a writer is told to pick an existing one.
  await dialog.getByRole("combobox", { name: "Tags", exact: true }).fill(`tag-nova-${id}`);
  await dialog.getByRole("button", { name: "Adicionar tag" }).click();
  await expect(dialog.getByText("Escolha uma tag existente. Tags novas são criadas pelos editores.")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Tags", exact: true }).fill("");
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Um texto para os editores revisarem.");
  // Writers upload images.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Escolher imagem" }).click();
  await (await chooser).setFiles({ name: imageName, mimeType: "image/png", buffer: png });
  await expect(dialog.getByRole("img", { name: "Pré-visualização da imagem destacada" })).toBeVisible();
  // "Criar Post" refuses while the file uploads (admin.spec.ts checks that), so wait for its URL.
  await expect(dialog.getByLabel("Imagem destacada")).toHaveValue(/\/blog-images\/posts\//);
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole("list", { name: "Posts" });
  const row = list.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("Rascunho");
  // Their own draft they edit and delete; someone else's post, neither (the database refuses).
  await expect(row.getByRole("button", { name: `Excluir post ${title}` })).toBeVisible();
  const others = list.getByRole("listitem").filter({ hasText: othersDraft });
  await expect(others).toContainText("Rascunho");
  await expect(others.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: `Editar post ${title}` }).click();
  const editor = page.getByRole("dialog", { name: "Editar Post" });
  await expect(editor.getByRole("switch", { name: "Publicar post" })).toHaveCount(0);
  await editor.getByRole("button", { name: "Enviar para revisão" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Enviado para revisão");
  await expect(row).toContainText("Em revisão");

  // Imagens lists the upload, with no delete: that is an editor's.
  await page.getByRole("tab", { name: "Imagens" }).click();
  const image = page
    .getByRole("list", { name: "Imagens enviadas" })
    .getByRole("listitem")
    .filter({ hasText: imageName });
  await expect(image).toContainText("Usada em 1 post");
  await expect(image.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a salesperson sees only Mensagens and Análises, and no delete on a lead", async ({ page }) => {
  await signIn(page, account("vendas"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  expect(await tabs(page)).toEqual(["Mensagens", "Análises", "Segurança"]);
  await expect(page.getByRole("button", { name: "Novo Post" })).toHaveCount(0);
  const lead = page.getByRole("list", { name: "Mensagens recebidas" }).getByRole("article", { name: `De ${leadName}` });
  await expect(lead.getByRole("combobox", { name: `Status da mensagem de ${leadName}` })).toBeVisible();
  await expect(lead.getByRole("button", { name: `Excluir mensagem de ${leadName}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Visits and their sources, but not the per-page tables its role cannot read.
  await page.getByRole("tab", { name: "Análises" }).click();
  await expect(page.getByRole("heading", { name: "Páginas de entrada" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Páginas mais vistas" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Web Vitals de visitantes reais (p75)" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an editor works on the blog but does not see Equipe", async ({ page }) => {
  await signIn(page, account("editor"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  expect(await tabs(page)).toEqual(["Posts", "Análises", "Imagens", "Tags e autoria", "Segurança"]);
  // The writer's draft is there, waiting for review; an editor may change any post.
  const list = page.getByRole("list", { name: "Posts" });
  await expect(list).toContainText(`Rascunho do autor ${id}`);
  const others = list.getByRole("listitem").filter({ hasText: othersDraft });
  await expect(others.getByRole("button", { name: `Excluir post ${othersDraft}` })).toBeVisible();
  await expect(others.getByRole("button", { name: `Editar post ${othersDraft}` })).toBeVisible();
  await page.getByRole("tab", { name: "Imagens" }).click();
  const image = page
    .getByRole("list", { name: "Imagens enviadas" })
    .getByRole("listitem")
    .filter({ hasText: imageName });
  await expect(image.getByRole("button", { name: `Excluir a imagem ${imageName}` })).toBeVisible();
  await page.getByRole("tab", { name: "Análises" }).click();
  await expect(page.getByRole("heading", { name: "Páginas mais vistas" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Web Vitals de visitantes reais (p75)" })).toBeVisible();
});

test.describe(() => {
  // The refused delete answers 403 on purpose; the browser logs it.
  test.use({ allowedConsoleErrors: /status of 403/ });

  test("a role changed elsewhere shows at the first refusal, without leaving the tab", async ({ page }) => {
    await signIn(page, account("mudado"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
    expect(await tabs(page)).toEqual(["Posts", "Análises", "Imagens", "Tags e autoria", "Segurança"]);
    const others = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: othersDraft });
    await expect(others.getByRole("button", { name: `Excluir post ${othersDraft}` })).toBeVisible();

    // An admin makes them a salesperson while this tab stays in front (no focus or visibility
    // change to re-read the role): the delete they try next is refused by the database.
    runAdmin(["grant-role", account("mudado"), "vendas"]);
    page.once("dialog", (dialog) => void dialog.accept());
    await others.getByRole("button", { name: `Excluir post ${othersDraft}` }).click();
    await expect.poll(() => tabs(page)).toEqual(["Mensagens", "Análises", "Segurança"]);
    await expect(page.getByRole("button", { name: "Novo Post" })).toHaveCount(0);
  });
});

test("an account without a staff role is sent from /admin to /auth and on to /, told why", async ({ page }) => {
  await signIn(page, account("nenhum"), PASSWORD, { expectedPath: "/" });
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  await page.goto("/admin");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  expect(visited).toContain("/auth?next=/admin&motivo=sem-acesso");
  const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
  await expect(toast).toContainText("Sem acesso à administração");
  await expect(toast).toContainText(
    "Esta conta não tem uma função na equipe. Peça a um administrador que lhe dê uma em Equipe.",
  );
  await expectNoAxeViolations(page);
});
