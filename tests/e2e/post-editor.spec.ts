import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, signIn, storedPostCopies, unique } from "./support/backend";
import { visitorHeaders } from "./support/visitor";

// Sign in from this spec's own address: the per-address sign-in limit (30 per 5 minutes) is
// shared by every spec that signs in from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });

// The full-screen post editor and the posts list (issue #37): work is never lost without a
// question, a closed tab's work comes back, the previews show the SEO fields, the list filters.
const ADMIN_EMAIL = `editor-e2e-${unique()}@omnia.example`;
const ADMIN_PASSWORD = "editor-e2e-senha-1";

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true });
});

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await expect(page.getByRole("heading", { level: 1, name: "Administração do Blog" })).toBeVisible();
}

async function openNewPost(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const confirmation = (page: Page) => page.getByRole("alertdialog", { name: "Descartar alterações?" });
const newPostCopies = (page: Page) => storedPostCopies(page);

test("closing with changes asks first, keeps the text on no, and resets after discarding", async ({ page }) => {
  await signInAsAdmin(page);
  const dialog = await openNewPost(page);
  const title = dialog.getByLabel("Título", { exact: true });

  // Without changes, Esc closes at once and the focus goes back to "Novo Post".
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Novo Post" })).toBeFocused();

  await openNewPost(page);
  // "Informe o slug." goes away once the title has filled the slug in.
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog.getByText("Informe o slug.")).toBeVisible();
  await title.fill("Atenção: não perca");
  await expect(dialog.getByLabel("Slug")).toHaveValue("atencao-nao-perca");
  await expect(dialog.getByText("Informe o slug.")).toHaveCount(0);
  await expect(dialog.getByText("Informe o título.")).toHaveCount(0);

  // Esc, "Cancelar" and the close button all ask; "Continuar editando" keeps the text.
  for (const close of [
    () => page.keyboard.press("Escape"),
    () => dialog.getByRole("button", { name: "Cancelar" }).click(),
    () => dialog.getByRole("button", { name: "Fechar" }).click(),
  ]) {
    await close();
    await expect(confirmation(page)).toBeVisible();
    await expect(confirmation(page).getByRole("button", { name: "Continuar editando" })).toBeFocused();
    await confirmation(page).getByRole("button", { name: "Continuar editando" }).click();
    await expect(confirmation(page)).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(title).toHaveValue("Atenção: não perca");
  }
  // Esc inside the question answers "no" too.
  await page.keyboard.press("Escape");
  await expect(confirmation(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirmation(page)).toBeHidden();
  await expect(title).toHaveValue("Atenção: não perca");

  // Leaving the page asks the browser's question.
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const leave = await asked;
  expect(leave.type()).toBe("beforeunload");
  await leave.dismiss();
  await expect(title).toHaveValue("Atenção: não perca");

  // Discarding closes, gives the focus back and the next opening is empty, with nothing to recover.
  await page.keyboard.press("Escape");
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Novo Post" })).toBeFocused();
  await openNewPost(page);
  await expect(title).toHaveValue("");
  await expect(dialog.getByLabel("Slug")).toHaveValue("");
  await expect(dialog.getByRole("button", { name: "Recuperar rascunho não salvo" })).toHaveCount(0);
});

test("the work of a closed tab is offered back, and a dismissed copy is gone", async ({ page, context }) => {
  const stamp = unique();
  await signInAsAdmin(page);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(`Trabalho salvo no navegador ${stamp}`);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Um parágrafo que não pode sumir.");
  // Stored after a few seconds without typing.
  await expect.poll(() => newPostCopies(page), { timeout: 10_000 }).toEqual([expect.stringContaining(stamp)]);
  const [stored = ""] = await newPostCopies(page);
  await page.close();

  const again = await context.newPage();
  await again.goto("/admin");
  await expect(again.getByRole("heading", { level: 1, name: "Administração do Blog" })).toBeVisible();
  const reopened = await openNewPost(again);
  await expect(reopened.getByText(/Há um rascunho não salvo deste post/)).toBeVisible();
  await expect(reopened.getByLabel("Título", { exact: true })).toHaveValue("");
  await reopened.getByRole("button", { name: "Recuperar rascunho não salvo" }).click();
  await expect(reopened.getByLabel("Título", { exact: true })).toHaveValue(`Trabalho salvo no navegador ${stamp}`);
  // The offer's buttons are gone: the focus goes to the form's first field, not the dialog.
  await expect(reopened.getByLabel("Título", { exact: true })).toBeFocused();
  await expect(reopened.getByLabel("Slug")).toHaveValue(`trabalho-salvo-no-navegador-${stamp}`);
  await expect(reopened.getByRole("textbox", { name: "Conteúdo", exact: true })).toHaveValue(
    "Um parágrafo que não pode sumir.",
  );

  // Discarding the recovered work forgets the stored copy too.
  await reopened.getByRole("button", { name: "Cancelar" }).click();
  await confirmation(again).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(reopened).toBeHidden();
  expect(await newPostCopies(again)).toEqual([]);

  // "Descartar rascunho" on the offer forgets it as well.
  await again.evaluate((draft) => window.localStorage.setItem("omnia:post-draft:new:session:closed", draft), stored);
  await openNewPost(again);
  await reopened.getByRole("button", { name: "Descartar rascunho" }).click();
  await expect(reopened.getByRole("button", { name: "Recuperar rascunho não salvo" })).toHaveCount(0);
  await expect(reopened.getByLabel("Título", { exact: true })).toBeFocused();
  expect(await newPostCopies(again)).toEqual([]);
});

test("two tabs writing new posts keep their own copies, and neither offers nor deletes the other's", async ({
  page,
  context,
}) => {
  // Three copies stored after two seconds each, and four page loads: more than the default on a busy machine.
  test.setTimeout(60_000);
  const stamp = unique();
  await signInAsAdmin(page);
  const first = await openNewPost(page);
  await first.getByLabel("Título", { exact: true }).fill(`Aba A ${stamp}`);
  await expect
    .poll(() => newPostCopies(page), { timeout: 10_000 })
    .toEqual([expect.stringContaining(`Aba A ${stamp}`)]);

  // Tab B, while A is still open: nothing of A's is offered, and B's work has its own slot.
  const other = await context.newPage();
  await other.goto("/admin");
  const second = await openNewPost(other);
  await second.getByLabel("Título", { exact: true }).fill(`Aba B ${stamp}`);
  await expect
    .poll(() => newPostCopies(other), { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining([expect.stringContaining(`Aba A ${stamp}`), expect.stringContaining(`Aba B ${stamp}`)]),
    );
  await expect(second.getByRole("button", { name: "Recuperar rascunho não salvo" })).toHaveCount(0);
  // B discards its own work; A's copy stays, and A writes on.
  await second.getByRole("button", { name: "Cancelar" }).click();
  await confirmation(other).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(second).toBeHidden();
  expect(await newPostCopies(other)).toEqual([expect.stringContaining(`Aba A ${stamp}`)]);
  await first.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Escrito depois.");
  await expect
    .poll(() => newPostCopies(page), { timeout: 10_000 })
    .toEqual([expect.stringContaining("Escrito depois.")]);

  // A's tab goes: the next opening offers its work.
  await page.close();
  const reopened = await openNewPost(other);
  await reopened.getByRole("button", { name: "Recuperar rascunho não salvo" }).click();
  await expect(reopened.getByLabel("Título", { exact: true })).toHaveValue(`Aba A ${stamp}`);
  await expect(reopened.getByRole("textbox", { name: "Conteúdo", exact: true })).toHaveValue("Escrito depois.");
});

test("the share and search previews show the SEO fields, with their counters", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill("Post das prévias");
  await dialog.getByText("SEO e compartilhamento").click();
  const metaTitle = dialog.getByLabel("Título para buscadores");
  await metaTitle.fill("Título escolhido para a busca");
  await expect(metaTitle).toHaveAccessibleDescription("29 de 70 caracteres recomendados");
  const metaDescription = dialog.getByLabel("Descrição para buscadores");
  await metaDescription.fill("Uma descrição escrita para buscadores e cartões.");
  await expect(metaDescription).toHaveAccessibleDescription("48 de 160 caracteres recomendados");

  await dialog.getByText("Prévias na busca e ao compartilhar").click();
  const search = dialog.getByRole("region", { name: "Resultado de busca (Google)" });
  await expect(search).toContainText("Título escolhido para a busca");
  await expect(search).toContainText("Uma descrição escrita para buscadores e cartões.");
  await expect(search).toContainText("blog › post-das-previas");
  const card = dialog.getByRole("region", { name: "Link compartilhado (WhatsApp, LinkedIn)" });
  await expect(card).toContainText("Título escolhido para a busca");
  await expect(card).toContainText("Uma descrição escrita para buscadores e cartões.");
  await expect(card.locator("img")).toHaveAttribute("src", /\S/);

  // Empty SEO fields fall back to the title, as the post page's head does.
  await metaTitle.fill("");
  await expect(search).toContainText("Post das prévias | Blog da Omnia");
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();
});

test("wide screens write beside the rendered post; a phone switches tabs that fit one row", async ({ page }) => {
  // Two axe runs on the full editor: beside other specs on two cores, more than 30 s.
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const dialog = await openNewPost(page);
  await expect(dialog.getByRole("tab", { name: "Lado a lado" })).toHaveAttribute("aria-selected", "true");
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("## Seção ao lado\n\nTexto.");
  await expect(
    dialog.getByRole("region", { name: "Pré-visualização" }).getByRole("heading", { name: "Seção ao lado" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();

  // 360 px wide: no side by side, the two tabs on one row, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await openNewPost(page);
  await expect(dialog.getByRole("tab", { name: "Lado a lado" })).toHaveCount(0);
  const write = await dialog.getByRole("tab", { name: "Escrever" }).boundingBox();
  const preview = await dialog.getByRole("tab", { name: "Pré-visualizar" }).boundingBox();
  expect(write?.y).toBe(preview?.y);
  await dialog.getByText("SEO e compartilhamento").click();
  const overflow = await page.evaluate(() => {
    const wide = [...document.querySelectorAll('[role="dialog"] *')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    return {
      scroll: document.documentElement.scrollWidth,
      wide: wide.map((element) => element.outerHTML.slice(0, 80)),
    };
  });
  expect(overflow).toEqual({ scroll: 360, wide: [] });
  await expectNoAxeViolations(page);
});

test("the list finds posts by title, status and tag, with thumbnails and Ver no site", async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = unique();
  const tag = `filtro-${stamp}`;
  await signInAsAdmin(page);

  async function create(title: string, options: { publish?: boolean; at?: string; tag?: string } = {}) {
    const dialog = await openNewPost(page);
    await dialog.getByLabel("Título", { exact: true }).fill(title);
    await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Conteúdo do filtro.");
    if (options.publish) await dialog.getByRole("switch", { name: "Publicar post" }).click();
    if (options.at) await dialog.getByLabel("Data de publicação").fill(options.at);
    if (options.tag) {
      await dialog.getByLabel("Tags").fill(options.tag);
      await dialog.getByRole("button", { name: "Adicionar tag" }).click();
    }
    await dialog.getByRole("button", { name: "Criar Post" }).click();
    await expect(dialog).toBeHidden();
  }
  await create(`Filtro rascunho ${stamp}`);
  await create(`Filtro agendado ${stamp}`, { publish: true, at: "2099-01-01T10:00" });
  await create(`Filtro publicado ${stamp}`, { publish: true, tag });

  const posts = page.getByRole("tabpanel", { name: "Posts" });
  const list = posts.getByRole("list", { name: "Posts" });
  const titles = () => list.getByRole("heading");
  await posts.getByRole("searchbox", { name: "Buscar por título" }).fill(`filtro % ${stamp}`);
  await expect(posts.getByText("Nenhum post encontrado com esses filtros.")).toBeVisible();
  await posts.getByRole("searchbox", { name: "Buscar por título" }).fill(stamp);
  await expect(titles()).toHaveText([
    `Filtro publicado ${stamp}`,
    `Filtro agendado ${stamp}`,
    `Filtro rascunho ${stamp}`,
  ]);

  await posts.getByRole("button", { name: "Rascunhos" }).click();
  await expect(posts.getByRole("button", { name: "Rascunhos" })).toHaveAttribute("aria-pressed", "true");
  await expect(titles()).toHaveText([`Filtro rascunho ${stamp}`]);
  await expect(list.getByText(/ \/ Rascunho \/ Criado \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(list.getByRole("link", { name: /^Ver no site/ })).toHaveCount(0);

  await posts.getByRole("button", { name: "Agendados" }).click();
  await expect(titles()).toHaveText([`Filtro agendado ${stamp}`]);
  await expect(list.getByRole("link", { name: /^Ver no site/ })).toHaveCount(0);

  await posts.getByRole("button", { name: "Publicados" }).click();
  await expect(titles()).toHaveText([`Filtro publicado ${stamp}`]);
  await expect(list.getByRole("link", { name: `Ver no site: Filtro publicado ${stamp}` })).toHaveAttribute(
    "href",
    `/blog/filtro-publicado-${stamp}`,
  );

  await posts.getByRole("button", { name: "Todos" }).click();
  await expect(titles()).toHaveCount(3);
  await posts.getByRole("combobox", { name: "Tag" }).selectOption({ label: tag });
  await expect(titles()).toHaveText([`Filtro publicado ${stamp}`]);
  await expectNoAxeViolations(page);

  // The editor opened from a row gives the focus back to that row's pencil.
  const edit = list.getByRole("button", { name: `Editar post Filtro publicado ${stamp}` });
  await edit.click();
  await expect(page.getByRole("dialog", { name: "Editar Post" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Editar Post" })).toBeHidden();
  await expect(edit).toBeFocused();
});

test("a half-typed publication date refuses the save, on that field", async ({ page }) => {
  const stamp = unique();
  await signInAsAdmin(page);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(`Data pela metade ${stamp}`);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Texto agendado.");
  await dialog.getByRole("switch", { name: "Publicar post" }).click();
  // The day, month and year typed, not the time: the input's value is "" yet it is not empty.
  const date = dialog.getByLabel("Data de publicação");
  await date.pressSequentially("25122027");
  expect(await date.evaluate((input: HTMLInputElement) => [input.value, input.validity.badInput])).toEqual(["", true]);

  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(date).toBeFocused();
  await expect(date).toHaveAccessibleDescription(/Informe a data e a hora completas\./);
  await expect(dialog).toBeVisible();

  // Completed, the date schedules the post.
  await date.fill("2027-12-25T10:30");
  await expect(dialog.getByText("Informe a data e a hora completas.")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole("list", { name: "Posts" })
      .getByRole("listitem")
      .filter({ hasText: `Data pela metade ${stamp}` }),
  ).toContainText("agendado para 25/12/2027 10:30");
});

test("a tag typed but not added counts as unsaved work and is saved with the post", async ({ page }) => {
  const stamp = unique();
  const tag = `digitada-${stamp}`;
  const title = `Tag digitada ${stamp}`;
  await signInAsAdmin(page);
  const dialog = await openNewPost(page);
  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill(tag);
  // Closing asks first, and the browser keeps it like any change.
  await dialog.getByLabel("Título", { exact: true }).focus();
  await page.keyboard.press("Escape");
  await expect(confirmation(page)).toBeVisible();
  await confirmation(page).getByRole("button", { name: "Continuar editando" }).click();
  await expect(tags).toHaveValue(tag);
  await expect.poll(() => newPostCopies(page), { timeout: 10_000 }).toEqual([expect.stringContaining(tag)]);

  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("Com a tag digitada.");
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole("list", { name: "Posts" })
    .getByRole("button", { name: `Editar post ${title}` })
    .click();
  const editor = page.getByRole("dialog", { name: "Editar Post" });
  const chips = editor.getByRole("list", { name: "Tags do post" }).getByRole("listitem");
  await expect(chips).toHaveCount(1);
  await expect(chips).toContainText(tag);
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
});

test("removing a tag moves the focus to the next tag's button, else the one before, else the field", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const dialog = await openNewPost(page);
  const tags = dialog.getByLabel("Tags", { exact: true });
  for (const name of ["Primeira", "Segunda", "Terceira"]) {
    await tags.fill(name);
    await tags.press("Enter");
  }
  const remove = (name: string) => dialog.getByRole("button", { name: `Remover a tag ${name}` });
  await remove("Segunda").focus();
  await page.keyboard.press("Enter");
  await expect(remove("Terceira")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(remove("Primeira")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("list", { name: "Tags do post" })).toHaveCount(0);
  await expect(tags).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
