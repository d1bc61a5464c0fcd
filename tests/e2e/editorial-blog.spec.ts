import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, signIn, unique } from "./support/backend";

// The editorial blog (issue #36) end to end: an admin writes their author profile, tags a post,
// schedules it, publishes it and renames it in the admin; a visitor follows the old address,
// finds the post by searching with and without accents and opens its tag and author pages.
// The same visitor journey without JavaScript: editorial-blog.nojs.spec.ts.

const u = unique();
const ADMIN_EMAIL = `editorial-${u}@omnia.example`;
const ADMIN_PASSWORD = "editorial-e2e-senha-1";
const AUTHOR = `Autora Editorial ${u}`;
const TAG = `Filas ${u}`;
const TITLE = `Gestão de atendimentos ${u}`;

test.describe.configure({ mode: "serial" });

// A scheduled post answers 404 on purpose; the browser logs it.
test.use({ allowedConsoleErrors: /status of 404/ });

test.beforeAll(() => createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true }));

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/** "2026-11-28" in São Paulo, `days` from now. */
function saoPauloDate(days: number): { input: string; shown: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    input: `${part("year")}-${part("month")}-${part("day")}`,
    shown: `${part("day")}/${part("month")}/${part("year")}`,
  };
}

/** Is this XML well formed, by the browser's own parser? */
async function isWellFormedXml(page: Page, xml: string): Promise<boolean> {
  return page.evaluate(
    (text) => new DOMParser().parseFromString(text, "application/xml").getElementsByTagName("parsererror").length === 0,
    xml,
  );
}

test("an admin tags, schedules and renames a post; a visitor follows, searches and browses it", async ({
  page,
  browser,
}) => {
  // Two sign-ins' worth of bcrypt, five saves and a dozen page loads, beside other specs.
  test.setTimeout(90_000);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });

  // The author profile, in "Tags e autoria".
  await page.getByRole("tab", { name: "Tags e autoria" }).click();
  const profile = page.getByRole("region", { name: "Perfil de autor" });
  await profile.getByLabel("Nome").fill(AUTHOR);
  const authorSlug = `autora-editorial-${u}`;
  await expect(profile.getByLabel("Slug")).toHaveValue(authorSlug);
  await profile.getByLabel("Biografia").fill("Escreve sobre filas de atendimento.");
  await profile.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(toasts(page)).toContainText("Perfil salvo");
  await expectNoAxeViolations(page);

  // A post with a new tag and an existing one, scheduled for tomorrow at 09:00 (Brasília).
  await page.getByRole("tab", { name: "Posts" }).click();
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Post" });
  await dialog.getByLabel("Título", { exact: true }).fill(TITLE);
  const slug = `gestao-de-atendimentos-${u}`;
  await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
  await dialog.getByLabel("Resumo").fill("Como organizar as filas do time.");
  await dialog.getByRole("textbox", { name: "Conteúdo", exact: true }).fill("## Filas\n\nUm texto sobre equipes.");
  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill(TAG);
  await tags.press("Enter");
  await tags.fill("Atendimento");
  await dialog.getByRole("button", { name: "Adicionar tag" }).click();
  const chosen = dialog.getByRole("list", { name: "Tags do post" }).getByRole("listitem");
  await expect(chosen).toHaveCount(2);
  await expect(chosen.first()).toContainText(new RegExp(`${TAG}\\s*\\(principal\\)`));
  await expect(chosen.last()).toContainText("Atendimento");
  await dialog.getByRole("switch", { name: "Publicar post" }).click();
  const tomorrow = saoPauloDate(1);
  await dialog.getByLabel("Data de publicação").fill(`${tomorrow.input}T09:00`);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole("list", { name: "Posts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: TITLE, exact: true }) });
  await expect(row).toContainText(`${slug} / Publicado, agendado para ${tomorrow.shown} 09:00 /`);

  // Scheduled: invisible to a visitor.
  // A context of its own: no session, and axe can run in it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(`/blog/${slug}`))?.status()).toBe(404);
  await visitor.goto("/blog");
  await expect(visitor.getByText(TITLE)).toHaveCount(0);
  expect(await (await visitor.request.get("/rss.xml")).text()).not.toContain(TITLE);

  // Publish it now (an empty date), then rename it: the old address is kept.
  await row.getByRole("button", { name: `Editar post ${TITLE}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Post" });
  await expect(edit.getByRole("list", { name: "Tags do post" }).getByRole("listitem")).toHaveCount(2);
  await edit.getByLabel("Data de publicação").fill("");
  await edit.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`${slug} / Publicado / Criado`);
  const newSlug = `${slug}-renomeado`;
  await row.getByRole("button", { name: `Editar post ${TITLE}` }).click();
  await edit.getByLabel("Slug").fill(newSlug);
  await edit.getByRole("button", { name: "Atualizar Post" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`${newSlug} / Publicado /`);

  // The old address answers 301 to the new one.
  const moved = await visitor.request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(new URL(moved.headers().location ?? "", "http://x").pathname).toBe(`/blog/${newSlug}`);
  await visitor.goto(`/blog/${slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/blog/${newSlug}$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(TITLE);

  // Found by searching from /blog, without accents and with them, in other inflections.
  for (const query of [`gestao atendimento ${u}`, `Gestão atendimentos ${u}`]) {
    await visitor.goto("/blog");
    await visitor.getByRole("searchbox", { name: "Buscar no blog" }).fill(query);
    await visitor.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(visitor).toHaveURL(/\/blog\/busca\?q=/);
    await expect(visitor.getByText(`1 post encontrado para “${query}”`)).toBeVisible();
    const results = visitor.getByRole("list", { name: "Resultados da busca" });
    await expect(results.getByRole("link", { name: TITLE })).toHaveAttribute("href", `/blog/${newSlug}`);
  }
  await expectNoAxeViolations(visitor);

  // The post links its tags and its author; each has its page and feed.
  await visitor.goto(`/blog/${newSlug}`);
  await expect(visitor.getByRole("list", { name: "Temas do post" }).getByRole("link")).toHaveText([TAG, "Atendimento"]);
  await visitor.getByRole("list", { name: "Temas do post" }).getByRole("link", { name: TAG }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/tag/filas-${u}$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(TAG);
  await expect(visitor.getByRole("list", { name: `Posts sobre ${TAG}` }).getByRole("listitem")).toHaveCount(1);
  await expectNoAxeViolations(visitor);
  await visitor.goto(`/blog/${newSlug}`);
  await visitor.getByRole("link", { name: AUTHOR }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/autor/${authorSlug}$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(AUTHOR);
  await expect(visitor.getByText("Escreve sobre filas de atendimento.")).toBeVisible();
  await expectNoAxeViolations(visitor);

  // Feeds and the sitemap are well-formed XML that name the post, its tag and its author.
  for (const [path, expected] of [
    [`/blog/tag/filas-${u}/rss.xml`, `/blog/${newSlug}</link>`],
    [`/blog/autor/${authorSlug}/rss.xml`, `/blog/${newSlug}</link>`],
    ["/rss.xml", `/blog/${newSlug}</link>`],
    ["/sitemap.xml", `/blog/tag/filas-${u}</loc>`],
    ["/sitemap.xml", `/blog/autor/${authorSlug}</loc>`],
  ] as const) {
    const response = await visitor.request.get(path);
    expect(response.status(), path).toBe(200);
    const xml = await response.text();
    expect(await isWellFormedXml(visitor, xml), path).toBe(true);
    expect(xml, path).toContain(expected);
  }
  await visitorContext.close();
});
