import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { createUser, holdImageUploads, runAdmin, signIn, storedPostCopies, unique } from "./support/backend";

// The post editor never drops what staff typed (docs/admin.md, "Posts"): text written while an
// image uploads or a save is under way, edits a writer sends for review, work written past the
// recovery offer, and an image still uploading when the editor is closed. Slow moments are made
// by holding the browser's requests (page.route) until the test has acted.
const PASSWORD = "editor-kept-e2e-senha-1";
const id = unique();
const ADMIN_EMAIL = `editor-kept-admin-${id}@omnia.example`;
const WRITER_EMAIL = `editor-kept-autor-${id}@omnia.example`;

test.describe.configure({ mode: "serial" });
// A taken slug answers 409; the browser logs it.
test.use({ allowedConsoleErrors: /status of 409/ });

/** A real 64×48 PNG (the server checks the bytes). */
let SAMPLE_PNG: Buffer;

test.beforeAll(async () => {
  createUser(ADMIN_EMAIL, PASSWORD, { admin: true });
  createUser(WRITER_EMAIL, PASSWORD);
  runAdmin(["grant-role", WRITER_EMAIL, "autor"]);
  SAMPLE_PNG = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();
});

async function signInAs(page: Page, email: string) {
  await signIn(page, email, PASSWORD, { next: "/admin", expectedPath: "/admin" });
  await expect(page.getByRole("heading", { level: 1, name: "Administração do Blog" })).toBeVisible();
}

async function openNewPost(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const contentOf = (dialog: Locator) => dialog.getByRole("textbox", { name: "Conteúdo", exact: true });
const confirmation = (page: Page) => page.getByRole("alertdialog", { name: "Descartar alterações?" });
const postRow = (page: Page, title: string) =>
  page
    .getByRole("list", { name: "Posts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The new post's stored copies, as the editor keeps them (app/lib/admin/post-draft.ts). */
const storedNewPost = async (on: Page) => (await storedPostCopies(on)).join("\n");

/** Puts the caret at `at` (the end when omitted) and types there, as the keyboard would. */
async function typeAt(page: Page, field: Locator, text: string, at?: number) {
  await field.focus();
  await field.evaluate((area: HTMLTextAreaElement, position) => {
    const place = position ?? area.value.length;
    area.setSelectionRange(place, place);
  }, at ?? null);
  await page.keyboard.type(text);
}

/**
 * Holds the browser's writes of a post (insert or update) until `release` is called; `held`
 * settles when the first arrives. They then reach the real server unchanged.
 */
async function holdPostWrites(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
  let arrived!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/rest/v1/blog_posts",
    async (route) => {
      if (!["POST", "PATCH"].includes(route.request().method())) return route.fallback();
      arrived();
      await released;
      await route.continue();
    },
  );
  return { held, release };
}

test("text typed while an inline image uploads stays, before and after the image", async ({ page }) => {
  await signInAs(page, ADMIN_EMAIL);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(`Imagem no meio ${id}`);
  const content = contentOf(dialog);
  await content.fill("Antes.");

  const uploads = await holdImageUploads(page);
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
  await prompt.getByLabel("Texto alternativo", { exact: true }).fill("Gráfico");
  await prompt.getByLabel("Texto alternativo", { exact: true }).press("Enter");
  await uploads.held;

  // While it uploads: a word at the start, then more at the end, where the caret stays.
  await typeAt(page, content, "Início. ", 0);
  await typeAt(page, content, " Escrito durante o envio.");
  await expect(content).toHaveValue("Início. Antes. Escrito durante o envio.");

  uploads.release();
  await expect(prompt).toBeHidden();
  await expect(content).toHaveValue(
    /^Início\. Antes\.\n\n!\[Gráfico\]\(\/storage\/v1\/object\/public\/blog-images\/posts\/[0-9a-f-]{36}-64x48\.png\)\n\n Escrito durante o envio\.$/,
  );
  // The caret was left where the admin was writing.
  await page.keyboard.type(" Fim.");
  await expect(content).toHaveValue(/\n\n Escrito durante o envio\. Fim\.$/);

  await page.keyboard.press("Escape");
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(dialog).toBeHidden();
});

test("text typed while a save is under way stays in the editor, over the saved post", async ({ page }) => {
  const title = `Salvo enquanto escrevia ${id}`;
  await signInAs(page, ADMIN_EMAIL);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  // The dialog is named "Novo Post", then "Editar Post" once saved.
  const content = contentOf(page.getByRole("dialog", { name: /^(Novo|Editar) Post$/ }));
  await content.fill("Texto salvo.");

  const writes = await holdPostWrites(page);
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await writes.held;
  // Busy, and still writable.
  await expect(dialog.getByRole("button", { name: "Salvando..." })).toBeDisabled();
  await typeAt(page, content, " Escrito durante o salvamento.");
  writes.release();

  // Saved: the editor now edits that post, and the words typed meanwhile are still unsaved.
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Post criado");
  const editor = page.getByRole("dialog", { name: "Editar Post" });
  await expect(editor).toBeVisible();
  await expect(content).toHaveValue("Texto salvo. Escrito durante o salvamento.");
  await expect(content).toBeFocused();
  // Kept in the browser under the saved post; the new post's copy is gone.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(window.localStorage).filter(
          (key) => key.startsWith("omnia:post-draft:") && window.localStorage.getItem(key)?.includes("salvamento"),
        ),
      ),
    )
    .toEqual([expect.stringMatching(/^omnia:post-draft:[0-9a-f-]{36}:session:/)]);
  expect(await storedPostCopies(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(confirmation(page)).toBeVisible();
  await confirmation(page).getByRole("button", { name: "Continuar editando" }).click();

  // The next save updates the same post, and closes.
  await editor.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(editor).toBeHidden();
  await expect(postRow(page, title)).toHaveCount(1);
  await postRow(page, title)
    .getByRole("button", { name: `Editar post ${title}` })
    .click();
  await expect(contentOf(editor)).toHaveValue("Texto salvo. Escrito durante o salvamento.");
  await expect(editor.getByRole("button", { name: "Recuperar rascunho não salvo" })).toHaveCount(0);
});

test("a writer's Enviar para revisão sends what is on screen, saving it first", async ({ page }) => {
  const title = `Revisão do que vejo ${id}`;
  await signInAs(page, WRITER_EMAIL);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await contentOf(dialog).fill("Primeira versão.");
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();

  const row = postRow(page, title);
  await row.getByRole("button", { name: `Editar post ${title}` }).click();
  const editor = page.getByRole("dialog", { name: "Editar Post" });
  await contentOf(editor).fill("Versão revisada na tela.");
  await editor.getByRole("button", { name: "Enviar para revisão" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Enviado para revisão");
  await expect(row).toContainText("Em revisão");

  await row.getByRole("button", { name: `Editar post ${title}` }).click();
  await expect(contentOf(editor)).toHaveValue("Versão revisada na tela.");
  await expect(editor.getByRole("button", { name: "Enviar para revisão" })).toHaveCount(0);
});

test("work written past the recovery offer is kept, and the offered copy stays reachable", async ({
  page,
  context,
}) => {
  const older = `Cópia antiga ${id}`;
  const newer = `Trabalho novo ${id}`;
  await signInAs(page, ADMIN_EMAIL);
  const first = await openNewPost(page);
  await first.getByLabel("Título", { exact: true }).fill(older);
  await expect.poll(() => storedNewPost(page), { timeout: 10_000 }).toContain(older);
  await page.close();

  // A new tab: the old copy is offered; the admin ignores it and writes another post.
  const second = await context.newPage();
  await second.goto("/admin");
  const dialog = await openNewPost(second);
  await expect(dialog.getByText(/Há um rascunho não salvo deste post/)).toBeVisible();
  await dialog.getByLabel("Título", { exact: true }).fill(newer);
  await expect.poll(() => storedNewPost(second), { timeout: 10_000 }).toContain(newer);
  await second.close();

  // After that tab is gone, the newest work comes back first, then the older copy.
  const third = await context.newPage();
  await third.goto("/admin");
  const reopened = await openNewPost(third);
  const title = reopened.getByLabel("Título", { exact: true });
  await reopened.getByRole("button", { name: "Recuperar rascunho não salvo" }).click();
  await expect(title).toHaveValue(newer);
  await reopened.getByRole("button", { name: "Cancelar" }).click();
  await confirmation(third).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(reopened).toBeHidden();

  await openNewPost(third);
  await reopened.getByRole("button", { name: "Recuperar rascunho não salvo" }).click();
  await expect(title).toHaveValue(older);
  await reopened.getByRole("button", { name: "Cancelar" }).click();
  await confirmation(third).getByRole("button", { name: "Descartar alterações" }).click();
  await openNewPost(third);
  await expect(reopened.getByRole("button", { name: "Recuperar rascunho não salvo" })).toHaveCount(0);
});

test("a taken slug's error goes when the slug changes and does not come back", async ({ page }) => {
  const taken = `slug-ocupado-${id}`;
  await signInAs(page, ADMIN_EMAIL);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(`Slug ocupado ${id}`);
  await dialog.getByLabel("Slug").fill(taken);
  await contentOf(dialog).fill("O primeiro.");
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();

  await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(`Outro post ${id}`);
  const slug = dialog.getByLabel("Slug");
  await slug.fill(taken);
  await contentOf(dialog).fill("O segundo.");
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  const slugError = dialog.getByText("Já existe um post com este slug.");
  await expect(slugError).toBeVisible();
  await expect(slug).toHaveAccessibleDescription(/Já existe um post com este slug\./);

  await slug.fill(`slug-livre-${id}`);
  await expect(slugError).toHaveCount(0);
  await contentOf(dialog).fill("");
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog.getByText("Informe o conteúdo.")).toBeVisible();
  await expect(slugError).toHaveCount(0);

  await page.keyboard.press("Escape");
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();
});

test("closing while the featured image uploads asks first", async ({ page }) => {
  await signInAs(page, ADMIN_EMAIL);
  const dialog = await openNewPost(page);
  const uploads = await holdImageUploads(page);
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Escolher imagem" }).click();
  await (await chooser).setFiles({ name: "capa.png", mimeType: "image/png", buffer: SAMPLE_PNG });
  await uploads.held;

  await page.keyboard.press("Escape");
  await expect(confirmation(page)).toBeVisible();
  await confirmation(page).getByRole("button", { name: "Continuar editando" }).click();
  uploads.release();
  await expect(dialog.getByLabel("Imagem destacada")).toHaveValue(/\/blog-images\/posts\//);
  await page.keyboard.press("Escape");
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(dialog).toBeHidden();
});

test("the editor opens on Título, and Continuar editando returns to the field the question came from", async ({
  page,
}) => {
  await signInAs(page, ADMIN_EMAIL);
  const dialog = await openNewPost(page);
  const title = dialog.getByLabel("Título", { exact: true });
  await expect(title).toBeFocused();
  await page.keyboard.type("Foco de volta");
  await contentOf(dialog).focus();
  await page.keyboard.type("Texto.");

  await page.keyboard.press("Escape");
  await expect(confirmation(page).getByRole("button", { name: "Continuar editando" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirmation(page)).toBeHidden();
  await expect(contentOf(dialog)).toBeFocused();

  await page.keyboard.press("Escape");
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Novo Post" })).toBeFocused();
});

test("a writer's typed tag that is not an existing one refuses the save, on the Tags field", async ({ page }) => {
  const title = `Tag nova de autor ${id}`;
  await signInAs(page, WRITER_EMAIL);
  const dialog = await openNewPost(page);
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await contentOf(dialog).fill("Texto com uma tag que não existe.");
  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill(`nova-${id}`);
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  // The same refusal as "Adicionar tag" gives, and nothing saved.
  await expect(tags).toBeFocused();
  await expect(tags).toHaveAccessibleDescription(/Escolha uma tag existente\. Tags novas são criadas pelos editores\./);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await confirmation(page).getByRole("button", { name: "Descartar alterações" }).click();
  await expect(dialog).toBeHidden();
  await expect(postRow(page, title)).toHaveCount(0);
});
