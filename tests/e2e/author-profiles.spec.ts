import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { runAdmin, signIn, unique } from "./support/backend";
import { serviceHeaders } from "./support/leads";
import { visitorHeaders } from "./support/visitor";

// Sign in from this spec's own address: the per-address sign-in limit is shared by every spec
// that signs in from 127.0.0.1.
test.use({ extraHTTPHeaders: visitorHeaders() });
// A slug already taken answers 409 on purpose; the browser logs it.
test.use({ allowedConsoleErrors: /status of 409/ });

// Author profiles in the admin's "Tags e autoria" (docs/admin.md): a writer creates and edits
// their own, sees nobody else's, and the change reaches their public page; an editor corrects a
// colleague's. What the database refuses through supabase-js: server/backend/rest/roles.test.ts.
const PASSWORD = "perfis-e2e-senha-1";
const id = unique();
const account = (who: string) => `perfil-${who}-${id}@omnia.example`;
const NEIGHBOUR = `Autora Vizinha ${id}`;
const NEIGHBOUR_SLUG = `autora-vizinha-${id}`;
const WRITER = `Escritora ${id}`;
const EDITED = `Escritora Editada ${id}`;
const WRITER_SLUG = `escritora-${id}`;

test.describe.configure({ mode: "serial" });

/** Creates a confirmed account with this role and answers its id. */
function staff(email: string, role: string): string {
  const created = runAdmin(["create-user", email, "--password", PASSWORD]).match(/\(id ([0-9a-f-]{36})\)/);
  if (!created?.[1]) throw new Error(`create-user printed no id for ${email}`);
  runAdmin(["grant-role", email, role]);
  return created[1];
}

async function insert(request: APIRequestContext, table: string, row: Record<string, unknown>): Promise<void> {
  const response = await request.post(`/rest/v1/${table}`, {
    headers: { ...serviceHeaders(), "Content-Type": "application/json", Prefer: "return=minimal" },
    data: row,
  });
  if (!response.ok()) throw new Error(`${table} insert failed: ${response.status()} ${await response.text()}`);
}

let writerId = "";

test.beforeAll(async ({ request }) => {
  writerId = staff(account("autora"), "autor");
  const neighbourId = staff(account("vizinha"), "autor");
  staff(account("editora"), "editor");
  await insert(request, "author_profiles", {
    user_id: neighbourId,
    slug: NEIGHBOUR_SLUG,
    name: NEIGHBOUR,
    bio: "Perfil de outra pessoa.",
  });
});

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

async function openAuthoring(page: Page) {
  await page.getByRole("tab", { name: "Tags e autoria" }).click();
  return page.getByRole("region", { name: "Perfil de autor" });
}

test("a writer creates and edits their own author profile, and sees nobody else's", async ({ page, browser }) => {
  // Two page loads of the admin, four saves and the public page, beside other specs.
  test.setTimeout(90_000);
  await signIn(page, account("autora"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  const tabs = page.getByRole("tablist", { name: "Seções da administração" }).getByRole("tab");
  await expect(tabs).toHaveText(["Posts", "Imagens", "Tags e autoria", "Segurança"]);
  const profile = await openAuthoring(page);

  // The tags are there to read; creating one is an editor's.
  const tags = page.getByRole("region", { name: "Tags", exact: true });
  await expect(tags).toContainText("Tags novas são criadas pelos editores.");
  await expect(tags.getByRole("button", { name: "Criar tag" })).toHaveCount(0);
  // Nobody else's profile is offered.
  await expect(page.getByRole("region", { name: "Autores da equipe" })).toHaveCount(0);
  await expect(page.getByText(NEIGHBOUR)).toHaveCount(0);

  // No profile yet: the form is empty and says what each field needs.
  const name = profile.getByRole("textbox", { name: "Nome" });
  await expect(name).toHaveValue("");
  await profile.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(profile.getByText("Informe o nome.")).toBeVisible();
  await expect(profile.getByText("Informe o slug.")).toBeVisible();
  await expect(name).toHaveAccessibleDescription(/Informe o nome\./);
  await name.fill(WRITER);
  await expect(profile.getByRole("textbox", { name: "Slug" })).toHaveValue(WRITER_SLUG);
  await profile.getByRole("textbox", { name: "Biografia" }).fill("b".repeat(2001));
  await profile.getByRole("textbox", { name: "Foto (URL)" }).fill("javascript:alert(1)");
  await profile.getByRole("textbox", { name: "Site" }).fill("www.escritora.example");
  await profile.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(profile.getByText("A biografia tem no máximo 2.000 caracteres.")).toBeVisible();
  await expect(profile.getByText("Informe um endereço https:// ou um caminho do site.")).toBeVisible();
  await expect(profile.getByText("Informe um endereço completo, começando com http:// ou https://.")).toBeVisible();
  await expectNoAxeViolations(page);
  await profile.getByRole("textbox", { name: "Biografia" }).fill("Escreve sobre atendimento.");
  await profile.getByRole("textbox", { name: "Foto (URL)" }).fill("");
  // Saved from the keyboard: Enter in a field submits the form.
  await profile.getByRole("textbox", { name: "Site" }).fill("https://escritora.example");
  await profile.getByRole("textbox", { name: "Site" }).press("Enter");
  await expect(toasts(page)).toContainText("O seu perfil de autor foi salvo.");
  await expect(profile.getByRole("textbox", { name: "Site" })).toBeFocused();

  // A slug someone else has is refused by the database, and said under the field.
  const slug = profile.getByRole("textbox", { name: "Slug" });
  await slug.fill(NEIGHBOUR_SLUG);
  await profile.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(profile.getByText("Já existe um autor com este slug.")).toBeVisible();
  await slug.fill(WRITER_SLUG);

  // Edited: the name changes, the slug (an address) stays as it was.
  await name.fill(EDITED);
  await expect(slug).toHaveValue(WRITER_SLUG);
  await profile.getByRole("textbox", { name: "Biografia" }).fill("Escreve sobre filas de atendimento.");
  await profile.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(toasts(page)).toContainText("Perfil salvo");
  await page.reload();
  const reloaded = await openAuthoring(page);
  await expect(reloaded.getByRole("textbox", { name: "Nome" })).toHaveValue(EDITED);
  await expect(reloaded.getByRole("textbox", { name: "Site" })).toHaveValue("https://escritora.example");
  await expectNoAxeViolations(page);

  // Once a post of theirs is live, the public page shows the profile as edited.
  await insert(page.request, "blog_posts", {
    title: `Post da escritora ${id}`,
    slug: `post-da-escritora-${id}`,
    content: "Um texto publicado.",
    published: true,
    author_id: writerId,
  });
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(`/blog/autor/${WRITER_SLUG}`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(EDITED);
  await expect(visitor.getByText("Escreve sobre filas de atendimento.")).toBeVisible();
  await visitorContext.close();
});

test("an editor corrects a colleague's author profile", async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signIn(page, account("editora"), PASSWORD, { next: "/admin", expectedPath: "/admin" });
  await openAuthoring(page);
  const team = page.getByRole("region", { name: "Autores da equipe" });
  const row = team.getByRole("list", { name: "Perfis de autor da equipe" }).getByRole("listitem").filter({
    hasText: EDITED,
  });
  await expect(row).toContainText(`/blog/autor/${WRITER_SLUG}`);
  await row.getByRole("button", { name: `Editar o perfil de ${EDITED}` }).press("Enter");
  const form = team.getByRole("form", { name: `Perfil de ${EDITED}` });
  await expect(form.getByRole("textbox", { name: "Nome" })).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Nome" })).toHaveValue(EDITED);
  await form.getByRole("textbox", { name: "Biografia" }).fill("Revisada pela editora.");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(toasts(page)).toContainText(`O perfil de ${EDITED} foi salvo.`);
  await expect(form).toHaveCount(0);
  // Back where the keyboard left the list.
  await expect(row.getByRole("button", { name: `Editar o perfil de ${EDITED}` })).toBeFocused();

  // The author page follows the change (its cached copy is dropped on the change notice).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await expect(async () => {
    await visitor.goto(`/blog/autor/${WRITER_SLUG}`);
    await expect(visitor.getByText("Revisada pela editora.")).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await visitorContext.close();
});
