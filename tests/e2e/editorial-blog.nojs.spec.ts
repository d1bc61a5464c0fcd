import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createUser, runAdmin, unique } from "./support/backend";

// The editorial blog's visitor journey with JavaScript off (issue #36): an old address leads to
// the renamed post, the search form finds it with and without accents, its tag and author links
// lead to their pages, and a scheduled post shows nowhere. The rows are written through the
// public REST API as an admin, as supabase-js would (the admin side: editorial-blog.spec.ts).

const u = unique();
const ADMIN_EMAIL = `editorial-nojs-${u}@omnia.example`;
const ADMIN_PASSWORD = "editorial-nojs-senha-1";
const TITLE = `Métricas de satisfação ${u}`;
const TAG = `Indicadores ${u}`;
const AUTHOR = `Autor Sem Script ${u}`;

test.describe.configure({ mode: "serial" });

// Unknown and scheduled posts answer 404 on purpose.
test.use({ allowedConsoleErrors: /status of 404/ });

test.beforeAll(() => createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true }));

/** The admin's headers for the REST API, and their user id. */
async function signInAsAdmin(request: APIRequestContext): Promise<{ headers: Record<string, string>; id: string }> {
  const anonKey = /^SUPABASE_ANON_KEY=(\S+)$/m.exec(runAdmin(["keys"]))?.[1];
  if (!anonKey) throw new Error("npm run admin -- keys printed no SUPABASE_ANON_KEY");
  const response = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: anonKey },
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return {
    headers: { apikey: anonKey, Authorization: `Bearer ${body.access_token}`, Prefer: "return=representation" },
    id: body.user.id,
  };
}

test("a visitor without JavaScript follows an old address, searches, and opens tag and author pages", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await signInAsAdmin(request);
  const write = async (method: "post" | "patch", path: string, data: unknown) => {
    const response = await request[method](`/rest/v1/${path}`, { headers: admin.headers, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: string }[];
  };
  await write("post", "author_profiles", { user_id: admin.id, slug: `autor-sem-script-${u}`, name: AUTHOR });
  const [tag] = await write("post", "tags", { slug: `indicadores-${u}`, name: TAG });
  const oldSlug = `metricas-${u}`;
  const [post] = await write("post", "blog_posts", {
    title: TITLE,
    slug: oldSlug,
    excerpt: "O que medir no atendimento.",
    content: "## Medir\n\nTexto sobre avaliações dos clientes.",
    published: true,
    author_id: admin.id,
  });
  const tagged = await request.post("/rest/v1/rpc/set_post_tags", {
    headers: admin.headers,
    data: { for_post: post!.id, tag_ids: [tag!.id] },
  });
  expect(tagged.ok()).toBe(true);
  const newSlug = `metricas-de-satisfacao-${u}`;
  await write("patch", `blog_posts?id=eq.${post!.id}`, { slug: newSlug });
  // A post scheduled an hour ahead, in the same tag: nowhere yet.
  const scheduledTitle = `Satisfação agendada ${u}`;
  const [scheduled] = await write("post", "blog_posts", {
    title: scheduledTitle,
    slug: `satisfacao-agendada-${u}`,
    content: "Ainda não.",
    published: true,
    published_at: new Date(Date.now() + 3_600_000).toISOString(),
    author_id: admin.id,
  });
  await write("post", "post_tags", { post_id: scheduled!.id, tag_id: tag!.id, position: 0 });

  // The old address leads to the post.
  await page.goto(`/blog/${oldSlug}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${newSlug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  expect((await page.goto(`/blog/satisfacao-agendada-${u}`))?.status()).toBe(404);

  // The search form is a plain GET form: it works without JavaScript, with or without accents.
  for (const query of [`metricas satisfacao ${u}`, `Métrica satisfação ${u}`]) {
    await page.goto("/blog");
    await page.getByRole("searchbox", { name: "Buscar no blog" }).fill(query);
    await page.getByRole("searchbox", { name: "Buscar no blog" }).press("Enter");
    await expect(page).toHaveURL(/\/blog\/busca\?q=/);
    await expect(page.getByText(`1 post encontrado para “${query}”`)).toBeVisible();
    await expect(page.getByText(scheduledTitle)).toHaveCount(0);
  }
  await page.getByRole("list", { name: "Resultados da busca" }).getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${newSlug}$`));

  // An empty search says what to do, with a 200.
  expect((await page.goto("/blog/busca?q="))?.status()).toBe(200);
  await expect(page.getByText("Digite uma ou mais palavras para buscar nos posts do blog.")).toBeVisible();

  // The tag's page lists the post, not the scheduled one; the author's page likewise.
  await page.goto(`/blog/${newSlug}`);
  await page.getByRole("list", { name: "Temas do post" }).getByRole("link", { name: TAG }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/tag/indicadores-${u}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TAG);
  const tagPosts = page.getByRole("list", { name: `Posts sobre ${TAG}` }).getByRole("listitem");
  await expect(tagPosts).toHaveCount(1);
  await expect(tagPosts).toContainText(TITLE);
  await page.goto(`/blog/${newSlug}`);
  await page.getByRole("link", { name: AUTHOR }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/autor/autor-sem-script-${u}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(AUTHOR);
  await expect(page.getByRole("list", { name: `Posts de ${AUTHOR}` }).getByRole("listitem")).toHaveCount(1);
});
