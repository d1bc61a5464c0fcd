import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, holdImageUploads, signIn, unique } from "./support/backend";
import { deleteLeads, insertLeads } from "./support/leads";

// One admin for this file, created through the operator CLI like a real operator would
// (a unique address, so the file can run again against the same server).
const ADMIN_EMAIL = `admin-e2e-${unique()}@omnia.example`;
const ADMIN_PASSWORD = "admin-e2e-senha-1";

test.describe.configure({ mode: "serial" });

/** A real 64×48 PNG for the upload tests, made by sharp (the server checks the bytes). */
let SAMPLE_PNG: Buffer;

test.beforeAll(async () => {
  createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true });
  SAMPLE_PNG = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
});

// Draft posts answer 404 on purpose; the browser logs those.
test.use({ allowedConsoleErrors: /status of (404|409)/ });

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await expect(page.getByRole("heading", { level: 1, name: "Administração do Blog" })).toBeVisible();
}

/**
 * Clicks `trigger` and answers the confirm() it opens; returns the dialog's message. The answer
 * is awaited with the click, so a failure to answer fails the test instead of being lost.
 */
async function answerConfirm(page: Page, answer: "accept" | "dismiss", trigger: Locator): Promise<string> {
  const answered = page.waitForEvent("dialog").then(async (prompt) => {
    await prompt[answer]();
    return prompt.message();
  });
  const [message] = await Promise.all([answered, trigger.click()]);
  return message;
}

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

function postRow(page: Page, title: string) {
  return page
    .getByRole("list", { name: "Posts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test("the whole journey: sign in, draft, publish, edit, delete", async ({ page, browser }) => {
  // About 20 s alone: two sign-ins (bcrypt), three axe runs, a preview and four writes. Beside
  // the other worker's specs on two cores it needs more than the default 30 s.
  test.setTimeout(60_000);
  const stamp = unique();
  const title = `Atenção ao cliente ${stamp}`;
  const slug = `atencao-ao-cliente-${stamp}`;

  await signInAsAdmin(page);
  await expect(toasts(page)).toContainText("Login realizado");
  await expect(toasts(page)).toContainText("Bem-vindo de volta!");
  await expect(page.getByRole("button", { name: "Novo Post" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
  // The seeded posts are listed, with the "slug / status / Criado date" line.
  await expect(
    page
      .getByRole("list", { name: "Posts" })
      .getByText(/^[a-z0-9-]+ \/ Publicado \/ Criado \d\d\/\d\d\/\d{4}$/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Create a draft. The slug follows the title, accents stripped.
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await expect(dialog.getByText("Preencha os dados para criar um novo post")).toBeVisible();
  await expect(dialog.getByLabel("Slug")).toHaveAttribute("placeholder", "como-melhorar-atendimento");
  await expect(dialog.getByLabel("Resumo")).toHaveAttribute("rows", "2");
  await expect(dialog.getByRole("textbox", { name: "Conteúdo", exact: true })).toHaveAttribute("rows", "10");
  await expect(dialog.getByLabel("Imagem destacada")).toHaveAttribute("type", "url");
  await expect(dialog.getByRole("switch", { name: "Publicar post" })).not.toBeChecked();
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
  await dialog.getByLabel("Resumo").fill("Um resumo do post de teste.");
  await dialog
    .getByRole("textbox", { name: "Conteúdo", exact: true })
    .fill("## Primeira seção\n\nTexto com **negrito** e um [link externo](https://example.com).");

  // The preview shows the rendered Markdown.
  await dialog.getByRole("tab", { name: "Pré-visualizar" }).click();
  const preview = dialog.getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { name: "Primeira seção" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "link externo" })).toHaveAttribute(
    "rel",
    "noopener noreferrer nofollow",
  );
  await dialog.getByRole("tab", { name: "Escrever" }).click();
  await expectNoAxeViolations(page);

  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText("Post criado");
  await expect(toasts(page)).toContainText("O post foi criado com sucesso.");
  const row = postRow(page, title);
  await expect(row).toContainText(new RegExp(`^.*${slug} / Rascunho / Criado \\d\\d/\\d\\d/\\d{4}`));

  // A draft is neither on /blog nor at its URL, for a visitor.
  const visitor = await browser.newPage();
  await visitor.goto("/blog");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Blog da Omnia");
  await expect(visitor.getByText(title)).toHaveCount(0);
  expect((await visitor.goto(`/blog/${slug}`))?.status()).toBe(404);

  // Publish it through the edit dialog, prefilled.
  await row.getByRole("button", { name: `Editar post ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Post" });
  await expect(edit.getByText("Atualize as informações do post")).toBeVisible();
  await expect(edit.getByLabel("Título", { exact: true })).toHaveValue(title);
  await expect(edit.getByLabel("Slug")).toHaveValue(slug);
  await expect(edit.getByLabel("Imagem destacada")).toHaveValue("");
  await edit.getByRole("switch", { name: "Publicar post" }).click();
  await edit.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(edit).toBeHidden();
  await expect(toasts(page)).toContainText("Post atualizado");
  await expect(toasts(page)).toContainText("O post foi atualizado com sucesso.");
  await expect(row).toContainText(`${slug} / Publicado /`);

  // Now public: on /blog (first, as the newest), on its page, in RSS and in the sitemap.
  await visitor.goto("/blog");
  await expect(visitor.getByRole("list", { name: "Posts publicados" }).getByRole("listitem").first()).toContainText(
    title,
  );
  expect((await visitor.goto(`/blog/${slug}`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole("link", { name: "link externo" })).toHaveAttribute("target", "_blank");
  expect(await (await visitor.request.get("/rss.xml")).text()).toContain(`<title>${title}</title>`);
  expect(await (await visitor.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}</loc>`);

  // Edit the title: the slug of an existing post stays.
  await row.getByRole("button", { name: `Editar post ${title}` }).click();
  const newTitle = `${title} (revisado)`;
  await edit.getByLabel("Título", { exact: true }).fill(newTitle);
  await expect(edit.getByLabel("Slug")).toHaveValue(slug);
  await edit.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(edit).toBeHidden();
  const renamed = postRow(page, newTitle);
  await expect(renamed).toBeVisible();
  await visitor.goto(`/blog/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(newTitle);

  // Delete after confirming.
  const confirmation = await answerConfirm(
    page,
    "accept",
    renamed.getByRole("button", { name: `Excluir post ${newTitle}` }),
  );
  await expect(toasts(page)).toContainText("Post excluído");
  await expect(toasts(page)).toContainText("O post foi excluído com sucesso.");
  await expect(renamed).toHaveCount(0);
  // The row went with the focus on its button: the focus moves to a neighbour's, not the page.
  await expect(page.locator(":focus")).toHaveAccessibleName(/^Excluir post /);
  expect(confirmation).toBe("Tem certeza que deseja excluir este post?");
  expect((await visitor.goto(`/blog/${slug}`))?.status()).toBe(404);
  await visitor.close();
});

test("declining the confirmation keeps the post; closing the dialog resets the form", async ({ page }) => {
  await signInAsAdmin(page);
  const list = page.getByRole("list", { name: "Posts" });
  const firstRow = list.getByRole("listitem").first();
  const firstTitle = (await firstRow.getByRole("heading").textContent()) ?? "";
  await answerConfirm(page, "dismiss", firstRow.getByRole("button", { name: `Excluir post ${firstTitle}` }));
  await expect(list.getByRole("heading", { name: firstTitle, exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await dialog.getByLabel("Título", { exact: true }).fill("Rascunho que vai sumir");
  await dialog.getByRole("switch", { name: "Publicar post" }).click();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  // Unsaved changes are dropped only once confirmed (issue #37).
  await page
    .getByRole("alertdialog", { name: "Descartar alterações?" })
    .getByRole("button", { name: "Descartar alterações" })
    .click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Novo Post" }).click();
  await expect(dialog.getByLabel("Título", { exact: true })).toHaveValue("");
  await expect(dialog.getByLabel("Slug")).toHaveValue("");
  await expect(dialog.getByRole("switch", { name: "Publicar post" })).not.toBeChecked();

  // Required fields, in pt-BR, without a request.
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog.getByText("Informe o título.")).toBeVisible();
  await expect(dialog.getByText("Informe o slug.")).toBeVisible();
  await expect(dialog.getByText("Informe o conteúdo.")).toBeVisible();
  await expect(dialog.getByLabel("Título", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the list says Carregando... while loading and Nenhum post criado ainda. when there are none", async ({
  page,
}) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Only the admin list's read (the browser's supabase-js call) is held, then answered empty.
  await page.route(/\/rest\/v1\/blog_posts\?/, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    await released;
    await route.fulfill({ status: 200, contentType: "application/json", body: "[]" });
  });
  await signInAsAdmin(page);
  // The Mensagens panel loads at the same time and says Carregando... too: look at the posts.
  const posts = page.getByRole("tabpanel", { name: "Posts" });
  await expect(posts.getByText("Carregando...", { exact: true })).toBeVisible();
  release();
  await expect(posts.getByText("Nenhum post criado ainda.", { exact: true })).toBeVisible();
  await expect(posts.getByText("Carregando...", { exact: true })).toHaveCount(0);
});

test("the edit and delete buttons have tooltips", async ({ page }) => {
  await signInAsAdmin(page);
  const firstRow = page.getByRole("list", { name: "Posts" }).getByRole("listitem").first();
  await firstRow.getByRole("button", { name: /^Editar post / }).hover();
  await expect(page.getByRole("tooltip", { name: "Editar" })).toBeVisible();
  // Leave the button the way a pointer does (several moves), so Radix closes the tooltip.
  await page.mouse.move(5, 5, { steps: 5 });
  await expect(page.getByRole("tooltip", { name: "Editar" })).toHaveCount(0);
  await firstRow.getByRole("button", { name: /^Excluir post / }).hover();
  await expect(page.getByRole("tooltip", { name: "Excluir" })).toBeVisible();
});

test("a duplicate slug is reported at the slug field", async ({ page }) => {
  await signInAsAdmin(page);
  const taken =
    (
      (await page.getByRole("list", { name: "Posts" }).getByRole("listitem").first().locator("p").textContent()) ?? ""
    ).split(" / ")[0] ?? "";
  expect(taken).toMatch(/^[a-z0-9-]+$/);

  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await dialog.getByLabel("Título", { exact: true }).fill("Outro post com o mesmo endereço");
  await dialog.getByLabel("Slug").fill(taken);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Qualquer conteúdo.");
  await dialog.getByRole("button", { name: "Criar Post" }).click();

  const slug = dialog.getByLabel("Slug");
  await expect(dialog.getByText("Já existe um post com este slug.")).toBeVisible();
  await expect(slug).toHaveAttribute("aria-invalid", "true");
  await expect(slug).toHaveAccessibleDescription(/Já existe um post com este slug\./);
  await expect(toasts(page).getByRole("listitem").filter({ hasText: "Erro" })).toHaveAttribute("data-type", "error");
  await expect(dialog).toBeVisible();
});

test("XSS payloads in a post are rendered harmless", async ({ page, browser }) => {
  const stamp = unique();
  const title = `Post com payloads ${stamp}`;
  const slug = `post-com-payloads-${stamp}`;
  const payloads = [
    "<script>window.pwned = 'script'</script>",
    '<img src="x" onerror="window.pwned = \'onerror\'">',
    "[clique aqui](javascript:window.pwned='link')",
    "<a href=\"JaVaScRiPt:window.pwned='mixed'\">outro link</a>",
    "<iframe src=\"javascript:window.top.pwned='iframe'\"></iframe>",
    "<svg onload=\"window.pwned='svg'\"></svg>",
    '<p style="background:url(javascript:alert(1))" onclick="window.pwned=\'click\'">parágrafo clicável</p>',
  ].join("\n\n");

  await signInAsAdmin(page);
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill(`Texto seguro.\n\n${payloads}`);
  await dialog.getByRole("switch", { name: "Publicar post" }).click();

  await dialog.getByRole("tab", { name: "Pré-visualizar" }).click();
  const preview = dialog.getByTestId("markdown-preview");
  await expect(preview.getByText("Texto seguro.")).toBeVisible();
  expect(await preview.locator("script, iframe, svg, [onerror], [onclick], [onload], [style]").count()).toBe(0);
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();

  const visitor = await browser.newPage();
  // No payload may open a dialog; one that does is recorded, and dismissed before the check.
  const alerts: string[] = [];
  const dismissals: Promise<void>[] = [];
  visitor.on("dialog", (prompt) => {
    alerts.push(prompt.message());
    dismissals.push(prompt.dismiss());
  });
  await visitor.goto(`/blog/${slug}`);
  const article = visitor.getByRole("article");
  await expect(article.getByText("Texto seguro.")).toBeVisible();
  await expect(article.getByText("parágrafo clicável")).toBeVisible();
  await article.getByText("parágrafo clicável").click();
  for (const name of ["clique aqui", "outro link"]) {
    const link = article.getByText(name);
    if ((await link.count()) > 0) {
      expect((await link.getAttribute("href")) ?? "").not.toMatch(/javascript:/i);
      await link.click();
    }
  }
  const body = visitor.getByTestId("post-body");
  await expect(body.locator("p").first()).toBeVisible();
  expect(await body.locator("script, iframe, svg, [onerror], [onclick], [onload], [style]").count()).toBe(0);
  expect(
    await body.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
  ).not.toContainEqual(expect.stringMatching(/javascript:/i));
  expect(await visitor.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
  await Promise.all(dismissals);
  expect(alerts).toEqual([]);
  await visitor.close();

  // Clean up so the blog stays as the other specs expect it.
  const row = postRow(page, title);
  await answerConfirm(page, "accept", row.getByRole("button", { name: `Excluir post ${title}` }));
  await expect(row).toHaveCount(0);
});

test("a lead sent from /contato appears in Mensagens with its deliveries; status, note, filter and CSV export work; it can be deleted", async ({
  page,
}) => {
  const name = `Maria Lead ${unique()}`;
  // A visitor sends a message through the real contact form.
  await page.goto("/contato");
  const form = page.getByRole("region", { name: "Envie uma mensagem" });
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("E-mail").fill("maria@empresa.example");
  await form.getByLabel("Empresa").fill("Empresa Exemplo");
  await form.getByLabel("Assunto").selectOption({ label: "Comercial e preços" });
  await form.getByLabel("Mensagem").fill("Quero conhecer o plano Scale para minha equipe.");
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")).toContainText(
    "Mensagem enviada com sucesso!",
  );

  await signInAsAdmin(page);
  await page.getByRole("tab", { name: "Mensagens" }).click();
  const lead = page.getByRole("list", { name: "Mensagens recebidas" }).getByRole("article", { name: `De ${name}` });
  await expect(lead).toBeVisible();
  await expect(lead).toContainText("maria@empresa.example");
  await expect(lead).toContainText("Comercial");
  await expect(lead).toContainText("/contato");
  await expect(lead).toContainText("Quero conhecer o plano Scale");
  await expect(lead).toContainText("Novo");
  // The server e-mails the lead to sales and confirms it to the visitor (the e2e server has no
  // SMTP_URL: both land in its development outbox); the inbox says how each went.
  const deliveries = lead.getByRole("group", { name: `Entregas da mensagem de ${name}` });
  await expect(async () => {
    await page.reload();
    await page.getByRole("tab", { name: "Mensagens" }).click();
    await expect(deliveries).toContainText(/E-mail para vendas:\s*enviado/, { timeout: 2_000 });
    await expect(deliveries).toContainText(/Confirmação ao visitante:\s*enviado/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoAxeViolations(page);

  // Status and note, saved through row-level security; the database stamps when it was handled.
  await lead.getByRole("combobox", { name: `Status da mensagem de ${name}` }).selectOption({ label: "Em contato" });
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Status atualizado");
  await expect(
    page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Fechar notificação" })
      .first(),
  ).toBeAttached();
  await expect(lead).toContainText(/Em contato · Atendida em \d\d\/\d\d\/\d{4}/);
  await lead.getByRole("textbox", { name: `Nota interna sobre ${name}` }).fill("Ligar na segunda-feira às 10h.");
  await lead.getByRole("button", { name: `Salvar nota sobre ${name}` }).click();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Nota salva");

  // Filters narrow the list on the server.
  const filters = page.getByRole("group", { name: "Filtrar mensagens" });
  await filters.getByLabel("Status").selectOption({ label: "Ganho" });
  await expect(lead).toHaveCount(0);
  await filters.getByLabel("Status").selectOption({ label: "Em contato" });
  await filters.getByLabel("Assunto").selectOption({ label: "Comercial" });
  await expect(lead).toBeVisible();
  // Search by part of the company, any case, on the server.
  await filters.getByRole("searchbox", { name: "Buscar" }).fill("EMPRESA EXEMPLO");
  await expect(lead).toBeVisible();
  await filters.getByRole("searchbox", { name: "Buscar" }).fill("ninguém com este nome");
  await expect(lead).toHaveCount(0);
  await expect(page.getByText("Nenhuma mensagem encontrada com esses filtros.")).toBeVisible();
  await filters.getByRole("searchbox", { name: "Buscar" }).fill(name.toLowerCase());
  await expect(lead).toBeVisible();

  // The export downloads every lead as CSV, accents intact.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mensagens-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await file.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString("utf8");
  expect(text).toContain(`"${name}";"maria@empresa.example";"Empresa Exemplo";"";"Comercial e preços";"";`);
  expect(text).toContain(';"Em contato";"Ligar na segunda-feira às 10h.";');
  // Busy while it exported, never disabled: the focus stayed on the button.
  await expect(page.getByRole("button", { name: "Exportar CSV" })).toHaveText("Exportar CSV");
  await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeFocused();

  // A new status takes it out of the filtered list; the focus does not fall to the page.
  const status = lead.getByRole("combobox", { name: `Status da mensagem de ${name}` });
  await status.focus();
  await status.selectOption({ label: "Ganho" });
  await expect(lead).toHaveCount(0);
  await expect(page.getByRole("tabpanel", { name: /^Mensagens/ })).toBeFocused();
  await filters.getByLabel("Status").selectOption({ label: "Ganho" });
  await expect(lead).toBeVisible();

  await answerConfirm(page, "accept", lead.getByRole("button", { name: `Excluir mensagem de ${name}` }));
  await expect(lead).toHaveCount(0);
  // The search left it the only lead listed: the focus moves to the tab's panel, not the page.
  await expect(page.getByRole("tabpanel", { name: /^Mensagens/ })).toBeFocused();
});

test("Mensagens shows 50 leads per page with Anterior / Próxima, by keyboard too", async ({ page, request }) => {
  // axe over fifty leads (each with its deliveries, status and note) took 35 s of this test's
  // 50 beside the other worker on two cores: room to spare.
  test.setTimeout(120_000);
  // More than a page of leads of our own; other spec files may add leads meanwhile (two
  // workers), so the checks below hold whatever else the list contains.
  const prefix = `paginacao.${unique()}.`;
  await insertLeads(
    request,
    Array.from({ length: 55 }, (_, i) => ({
      name: `Lead Paginado ${i + 1}`,
      email: `${prefix}${i}@empresa.example`,
      subject: "demo",
    })),
  );
  try {
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Mensagens" }).click();
    const list = page.getByRole("list", { name: "Mensagens recebidas" });
    const pager = page.getByRole("navigation", { name: "Paginação das mensagens" });
    const previous = pager.getByRole("button", { name: "Anterior" });
    const next = pager.getByRole("button", { name: "Próxima" });
    await expect(pager).toContainText(/Página 1 de [\d.]+ · [\d.]+ mensagens/);
    await expect(list.getByRole("article")).toHaveCount(50);
    await expect(list.getByRole("heading", { level: 2, name: /^Lead Paginado \d+$/ }).first()).toBeVisible();
    await expect(previous).toHaveAttribute("aria-disabled", "true");
    await expectNoAxeViolations(page);

    // Keyboard only: the focus stays on the button, so the next press goes on paging.
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(pager).toContainText(/Página 2 de [\d.]+/);
    await expect(next).toBeFocused();
    await expect(list).not.toHaveAttribute("aria-busy", "true");
    await expect(list.getByRole("article").first()).toBeVisible();
    await expect(previous).not.toHaveAttribute("aria-disabled", "true");

    // Back with Anterior; pressed again on the first page it does nothing and keeps the focus.
    await previous.focus();
    await page.keyboard.press("Space");
    await expect(pager).toContainText(/Página 1 de [\d.]+/);
    await page.keyboard.press("Space");
    await expect(pager).toContainText(/Página 1 de [\d.]+/);
    await expect(previous).toBeFocused();
    await expect(list.getByRole("article")).toHaveCount(50);
  } finally {
    await deleteLeads(request, prefix);
  }
});

test.describe(() => {
  // "Sair" is pressed while the screen's first loads may still be under way. The sign-out ends
  // the session on the server, so a load it overtakes is refused (401 or 403), as it should be.
  test.use({ allowedConsoleErrors: /status of (401|403|404|409)/ });

  test("Sair signs out and goes to the home page", async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => /^sb-.*-auth-token$/.test(key)));
    expect(stored).toEqual([]);
    await page.goto("/admin");
    await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.search === "?next=/admin");
  });
});

test("saving waits for the featured image's upload, and says so, so the post keeps its image", async ({
  page,
  request,
}) => {
  const title = `Post com capa ${unique()}`;
  await signInAsAdmin(page);
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Um post com imagem destacada.");
  await dialog.getByRole("switch", { name: "Publicar post" }).click();

  const uploads = await holdImageUploads(page);
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Escolher imagem" }).click();
  await (await chooser).setFiles({ name: "capa.png", mimeType: "image/png", buffer: SAMPLE_PNG });
  await uploads.held;
  // The button says it is unavailable and why, and stays focusable; Enter in a field saves nothing.
  const save = dialog.getByRole("button", { name: "Criar Post" });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription("Aguarde o envio da imagem terminar para salvar.");
  await dialog.getByLabel("Título", { exact: true }).press("Enter");
  await save.focus();
  await expect(save).toBeFocused();
  await expect(dialog.getByText("Aguarde o envio da imagem terminar para salvar.")).toBeVisible();
  await expect(dialog.getByRole("progressbar")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  uploads.release();
  const field = dialog.getByLabel("Imagem destacada");
  await expect(field).toHaveValue(/^\/storage\/v1\/object\/public\/blog-images\/posts\/[0-9a-f-]{36}-64x48\.png$/);
  await expect(dialog.getByText("Aguarde o envio da imagem terminar para salvar.")).toHaveCount(0);
  await expect(save).toBeEnabled();
  const stored = await field.inputValue();
  await save.click();
  await expect(dialog).toBeHidden();
  const html = await (await request.get(`/blog/${title.toLowerCase().replace(/\s+/g, "-")}`)).text();
  expect(html).toContain(stored.replace("/object/public/", "/render/image/public/"));
});

test("an uploaded featured image and a pasted inline image are published with srcset and their size", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const stamp = unique();
  const title = `Post com imagens ${stamp}`;
  await signInAsAdmin(page);
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  const content = dialog.getByRole("textbox", { name: "Conteúdo", exact: true });
  await content.fill("Antes da imagem.");

  // The featured image: chosen with the file picker, shown at once, its URL in the field.
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Escolher imagem" }).click();
  await (await chooser).setFiles({ name: "capa.png", mimeType: "image/png", buffer: SAMPLE_PNG });
  await expect(dialog.getByRole("img", { name: "Pré-visualização da imagem destacada" })).toBeVisible();
  await expect(dialog.getByLabel("Imagem destacada")).toHaveValue(
    /^\/storage\/v1\/object\/public\/blog-images\/posts\/[0-9a-f-]{36}-64x48\.png$/,
  );
  // Smaller than link previews draw it: accepted, with a note giving its size.
  const small =
    "Esta imagem tem 64 × 48 pixels: nas prévias de links (WhatsApp, LinkedIn) ela pode aparecer borrada ou cortada. O ideal é 1200 × 630 pixels ou mais.";
  await expect(dialog.getByText(small)).toBeVisible();
  // A large enough one, by its address: no note; then the uploaded one again.
  const uploaded = await dialog.getByLabel("Imagem destacada").inputValue();
  await dialog.getByLabel("Imagem destacada").fill("/og-image.png");
  await expect(dialog.getByRole("img", { name: "Pré-visualização da imagem destacada" })).toHaveJSProperty(
    "naturalWidth",
    1200,
  );
  await expect(dialog.getByText(/^Esta imagem tem/)).toHaveCount(0);
  await dialog.getByLabel("Imagem destacada").fill(uploaded);
  await expect(dialog.getByText(small)).toBeVisible();

  // An image pasted into the Markdown asks for its alt text, then goes in at the cursor.
  await content.focus();
  await content.evaluate(
    (area: HTMLTextAreaElement, bytes: number[]) => {
      area.setSelectionRange(area.value.length, area.value.length);
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], "grafico.png", { type: "image/png" }));
      area.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...SAMPLE_PNG],
  );
  const prompt = dialog.getByRole("group", { name: "Inserir imagem no conteúdo" });
  await prompt.getByRole("button", { name: "Inserir imagem" }).click();
  await expect(prompt.getByText("Descreva a imagem ou marque-a como decorativa.")).toBeVisible();
  await prompt.getByLabel("Texto alternativo", { exact: true }).fill("Gráfico de atendimentos por canal");
  await prompt.getByRole("button", { name: "Inserir imagem" }).click();
  await expect(prompt).toBeHidden();
  await expect(content).toHaveValue(
    /^Antes da imagem\.\n\n!\[Gráfico de atendimentos por canal\]\(\/storage\/v1\/object\/public\/blog-images\/posts\/[0-9a-f-]{36}-64x48\.png\)\n\n$/,
  );
  await expectNoAxeViolations(page);

  await dialog.getByRole("switch", { name: "Publicar post" }).click();
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();

  const visitor = await browser.newPage();
  await visitor.goto(`/blog/${title.toLowerCase().replace(/\s+/g, "-")}`);
  const hero = visitor.getByRole("img", { name: title });
  await expect(hero).toHaveAttribute("srcset", /\/storage\/v1\/render\/image\/public\/blog-images\/posts\/.+ 320w/);
  await expect(hero).toHaveAttribute("width", "1200");
  const inline = visitor.getByRole("img", { name: "Gráfico de atendimentos por canal" });
  await expect(inline).toHaveAttribute("width", "64");
  await expect(inline).toHaveAttribute("height", "48");
  await expect(inline).toHaveAttribute("srcset", /\?width=320 320w$/);
  await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await visitor.close();

  // "Imagens" lists both uploads with the post that shows them; deleting one asks first, naming it.
  await page.getByRole("tab", { name: "Imagens" }).click();
  const list = page.getByRole("list", { name: "Imagens enviadas" });
  const used = list.getByRole("listitem").filter({ hasText: title });
  await expect(used).toHaveCount(2);
  await expect(used.first()).toContainText(/\d+ KB · \d\d\/\d\d\/\d{4} · Usada em 1 post/);
  // Listed by the names they were uploaded with, not the stored UUIDs.
  await expect(used.filter({ hasText: "capa.png" })).toHaveCount(1);
  await expect(used.filter({ hasText: "grafico.png" })).toHaveCount(1);
  await expect(used.getByRole("button", { name: "Excluir a imagem capa.png" })).toBeVisible();
  const question = await answerConfirm(
    page,
    "dismiss",
    used.first().getByRole("button", { name: /^Excluir a imagem / }),
  );
  expect(question).toContain(`Esta imagem aparece em: ${title}.`);
  await expect(used).toHaveCount(2);
  await expectNoAxeViolations(page);
});
