import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, signIn, unique } from "./support/backend";
import { serviceHeaders } from "./support/leads";
import { visitorHeaders } from "./support/visitor";

// Sign in from this spec's own address: the per-address sign-in limit is shared by every spec
// that signs in from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });
// A tag name already taken answers 409 on purpose; the browser logs it.
test.use({ allowedConsoleErrors: /status of 409/ });

// "Tags e autoria" from the keyboard (docs/admin.md, "Keyboard"): the focus never falls to the
// page while a tag or profile saves, a form that closes gives it back to the button that opened
// it, and a refused field takes it. A tag deleted meanwhile is said, not "Tag atualizada".
const id = unique();
const EMAIL = `tags-teclado-${id}@omnia.example`;
const PASSWORD = "tags-teclado-senha-1";
const TAG = `Filas ${id}`;
const RENAMED = `Filas de espera ${id}`;

test.beforeAll(() => {
  createUser(EMAIL, PASSWORD, { admin: true });
});

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

test("tags and the author profile keep the keyboard's place", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, EMAIL, PASSWORD, { next: "/admin", expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Tags e autoria" }).click();
  const tags = page.getByRole("region", { name: "Tags", exact: true });
  const create = tags.getByRole("button", { name: "Criar tag" });
  const newName = tags.getByRole("textbox", { name: "Nome" }).first();

  // Empty: the first field that needs something takes the focus.
  await create.focus();
  await page.keyboard.press("Enter");
  await expect(tags.getByText("Informe o nome.")).toBeVisible();
  await expect(newName).toBeFocused();

  // Created: the focus stays on the button while it saves and after.
  await newName.fill(TAG);
  await create.focus();
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("Tag criada");
  await expect(create).toBeFocused();
  await expect(newName).toHaveValue("");

  // Taken (409): said under the field, which takes the focus.
  await newName.fill(TAG);
  await create.focus();
  await page.keyboard.press("Enter");
  await expect(tags.getByText(/Já existe uma tag com este (nome|slug)\./)).toBeVisible();
  await expect(page.locator(":focus")).toHaveAttribute("aria-invalid", "true");
  await newName.fill("");

  // Editar opens a named form on its Nome; Cancelar gives the focus back to Editar.
  const list = tags.getByRole("list", { name: "Tags do blog" });
  await list.getByRole("button", { name: `Editar a tag ${TAG}` }).press("Enter");
  let form = list.getByRole("form", { name: `Tag ${TAG}` });
  await expect(form.getByRole("textbox", { name: "Nome" })).toBeFocused();
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Cancelar" }).press("Enter");
  await expect(form).toHaveCount(0);
  await expect(list.getByRole("button", { name: `Editar a tag ${TAG}` })).toBeFocused();

  // An empty name is refused with the focus on it; Salvar then gives it back to Editar.
  await list.getByRole("button", { name: `Editar a tag ${TAG}` }).press("Enter");
  form = list.getByRole("form", { name: `Tag ${TAG}` });
  await form.getByRole("textbox", { name: "Nome" }).fill("");
  await form.getByRole("button", { name: "Salvar" }).press("Enter");
  await expect(form.getByRole("textbox", { name: "Nome" })).toBeFocused();
  await form.getByRole("textbox", { name: "Nome" }).fill(RENAMED);
  await form.getByRole("button", { name: "Salvar" }).press("Enter");
  await expect(toasts(page)).toContainText("Tag atualizada");
  await expect(list.getByRole("button", { name: `Editar a tag ${RENAMED}` })).toBeFocused();

  // Deleted by someone else while its form is open: said in pt-BR, and the list read again.
  await list.getByRole("button", { name: `Editar a tag ${RENAMED}` }).press("Enter");
  form = list.getByRole("form", { name: `Tag ${RENAMED}` });
  const gone = await request.delete(`/rest/v1/tags?name=eq.${encodeURIComponent(RENAMED)}`, {
    headers: serviceHeaders(),
  });
  expect(gone.ok()).toBe(true);
  await form.getByRole("textbox", { name: "Nome" }).fill(`${RENAMED} 2`);
  await form.getByRole("button", { name: "Salvar" }).press("Enter");
  await expect(toasts(page)).toContainText("Esta tag não existe mais");
  await expect(toasts(page)).not.toContainText("Tag atualizada");
  await expect(list.getByRole("button", { name: new RegExp(`Editar a tag ${RENAMED}`) })).toHaveCount(0);

  // Salvar perfil keeps the focus while it saves.
  const profile = page.getByRole("region", { name: "Perfil de autor" });
  await profile.getByRole("textbox", { name: "Nome" }).fill(`Autora ${id}`);
  const save = profile.getByRole("button", { name: "Salvar perfil" });
  await save.focus();
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("O seu perfil de autor foi salvo.");
  await expect(save).toBeFocused();
});
