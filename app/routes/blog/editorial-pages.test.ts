// The editorial blog's public pages against a real backend (issue #36): their loaders as the
// Node server runs them, through supabase-js with the anon key, on PGlite and PostgreSQL. What
// they render is checked end to end (tests/e2e/editorial-blog.spec.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { routerContextFor } from "~/lib/backend-context.testing";
import { listSitemapItems } from "~/lib/blog.server";
import { startTestBackend, TEST_SITE_URL, type TestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import { loader as authorLoader } from "./author";
import { loader as postLoader } from "./post";
import { loader as searchLoader } from "./search";
import { loader as tagLoader } from "./tag";
import { loader as tagFeedLoader } from "../seo/tag-rss";

type Loader = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => unknown;

/** What a loader answered: its data, or the Response it threw or returned (404, 301, a feed). */
async function run(loader: unknown, path: string, params: Record<string, string>, context: RouterContextProvider) {
  try {
    const result = await (loader as Loader)({ request: new Request(`${TEST_SITE_URL}${path}`), context, params });
    return result;
  } catch (thrown) {
    return thrown;
  }
}

/** The status of a thrown or returned answer: data(…, { status }) or a Response. */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  const init = (answer as { init?: { status?: number } | null }).init;
  return init?.status ?? 200;
}

function dataOf<T>(answer: unknown): T {
  return ((answer as { data?: T }).data ?? answer) as T;
}

const HOUR = 3_600_000;

describeEachDatabase("the editorial blog's pages", (kind) => {
  let t: TestBackend;
  let context: RouterContextProvider;
  let admin: SupabaseClient;
  let adminId: string;
  const tags: Record<string, string> = {};

  async function writePost(fields: Record<string, unknown>): Promise<{ id: string; slug: string }> {
    const { data, error } = await admin
      .from("blog_posts")
      .insert({ content: "Texto do post.", published: true, author_id: adminId, ...fields })
      .select("id,slug")
      .single();
    if (error) throw new Error(error.message);
    return data as { id: string; slug: string };
  }

  beforeAll(async () => {
    t = await startTestBackend(kind);
    context = routerContextFor(t.backend, TEST_SITE_URL);
    const a = await t.user(`editora-${kind}@example.com`, { admin: true });
    admin = a.client;
    adminId = a.id;
    await admin.from("author_profiles").insert({ user_id: adminId, slug: "ana-editora", name: "Ana Editora" });
    for (const [slug, name] of [
      ["vendas", "Vendas"],
      ["suporte", "Suporte"],
      ["vazia", "Vazia"],
      ["futura", "Futura"],
    ] as const) {
      const { data } = await admin.from("tags").insert({ slug, name }).select("id").single();
      tags[slug] = (data as { id: string }).id;
    }
    const old = await writePost({
      title: "Gestão de vendas no WhatsApp",
      slug: "gestao-de-vendas",
      published_at: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    const newer = await writePost({ title: "Metas de vendas", slug: "metas-de-vendas", noindex: true });
    const future = await writePost({
      title: "Lançamento futuro",
      slug: "lancamento-futuro",
      published_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    });
    await admin.rpc("set_post_tags", { for_post: old.id, tag_ids: [tags.vendas, tags.suporte] });
    await admin.rpc("set_post_tags", { for_post: newer.id, tag_ids: [tags.vendas] });
    await admin.rpc("set_post_tags", { for_post: future.id, tag_ids: [tags.futura, tags.vendas] });
    // Renamed after it went live: its old address leads to the new one.
    await admin.from("blog_posts").update({ slug: "gestao-de-vendas-no-whatsapp" }).eq("id", old.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("answers an old slug with a 301 to the post's address, and an unknown or scheduled one with 404", async () => {
    const moved = await run(postLoader, "/blog/gestao-de-vendas", { slug: "gestao-de-vendas" }, context);
    expect(moved).toBeInstanceOf(Response);
    expect([statusOf(moved), (moved as Response).headers.get("Location")]).toEqual([
      301,
      "/blog/gestao-de-vendas-no-whatsapp",
    ]);
    expect(statusOf(await run(postLoader, "/blog/nada", { slug: "nada" }, context))).toBe(404);
    expect(statusOf(await run(postLoader, "/blog/lancamento-futuro", { slug: "lancamento-futuro" }, context))).toBe(
      404,
    );
  });

  it("shows a post with its tags in order, its author, related posts and its cache tags", async () => {
    const answer = await run(
      postLoader,
      "/blog/gestao-de-vendas-no-whatsapp",
      { slug: "gestao-de-vendas-no-whatsapp" },
      context,
    );
    const page = dataOf<{
      tags: { slug: string }[];
      author: { name: string; path: string } | null;
      related: { slug: string }[];
    }>(answer);
    expect(page.tags.map((tag) => tag.slug)).toEqual(["vendas", "suporte"]);
    expect(page.author).toEqual({ name: "Ana Editora", path: "/blog/autor/ana-editora" });
    // The scheduled post shares a tag but is not shown.
    expect(page.related.map((post) => post.slug)).toEqual(["metas-de-vendas"]);
    const headers = new Headers((answer as { init?: { headers?: HeadersInit } }).init?.headers);
    expect(headers.get("X-Page-Cache-Tags")?.split(" ").toSorted()).toEqual(
      [`tag:${tags.vendas}`, `tag:${tags.suporte}`, `author:${adminId}`].toSorted(),
    );
  });

  it("lists a tag's visible posts, newest first, and answers 404 for a tag without any", async () => {
    const page = dataOf<{ tag: { name: string; postCount: number }; list: { posts: { slug: string }[] } }>(
      await run(tagLoader, "/blog/tag/vendas", { slug: "vendas" }, context),
    );
    expect(page.tag).toMatchObject({ name: "Vendas", postCount: 2 });
    expect(page.list.posts.map((post) => post.slug)).toEqual(["metas-de-vendas", "gestao-de-vendas-no-whatsapp"]);
    for (const slug of ["vazia", "futura", "nao-existe"]) {
      expect(statusOf(await run(tagLoader, `/blog/tag/${slug}`, { slug }, context))).toBe(404);
    }
    expect(statusOf(await run(tagLoader, "/blog/tag/vendas?pagina=2", { slug: "vendas" }, context))).toBe(404);
    const feed = (await run(tagFeedLoader, "/blog/tag/vendas/rss.xml", { slug: "vendas" }, context)) as Response;
    expect(feed.status).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain("<title>Vendas | Blog da Omnia</title>");
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(statusOf(await run(tagFeedLoader, "/blog/tag/futura/rss.xml", { slug: "futura" }, context))).toBe(404);
  });

  it("shows an author with visible posts, and answers 404 for one without", async () => {
    const page = dataOf<{ author: { name: string }; list: { posts: unknown[] } }>(
      await run(authorLoader, "/blog/autor/ana-editora", { slug: "ana-editora" }, context),
    );
    expect(page.author.name).toBe("Ana Editora");
    expect(page.list.posts).toHaveLength(2);
    const quiet = await t.user(`quieta-${kind}@example.com`, { admin: true });
    await quiet.client.from("author_profiles").insert({ user_id: quiet.id, slug: "quieta", name: "Quieta" });
    expect(statusOf(await run(authorLoader, "/blog/autor/quieta", { slug: "quieta" }, context))).toBe(404);
  });

  it("searches with and without accents, and answers an empty or too long query with a message", async () => {
    const search = async (q: string) =>
      dataOf<{ outcome: { kind: string; hits?: { slug: string; snippet: string }[] } }>(
        await run(searchLoader, `/blog/busca?q=${encodeURIComponent(q)}`, {}, context),
      ).outcome;
    for (const q of ["gestão vendas", "GESTAO VENDA"]) {
      expect((await search(q)).hits?.map((hit) => hit.slug)).toEqual(["gestao-de-vendas-no-whatsapp"]);
    }
    expect((await search("   ")).kind).toBe("empty");
    expect((await search("x".repeat(201))).kind).toBe("too-long");
    expect((await search("lançamento")).hits).toEqual([]);
    // Control characters (a NUL above all, which Postgres text cannot hold) count as spaces.
    expect((await search("gestão\u0000vendas")).hits?.map((hit) => hit.slug)).toEqual(["gestao-de-vendas-no-whatsapp"]);
    expect((await search("\u0000")).kind).toBe("empty");
    const tooLong = await run(searchLoader, `/blog/busca?q=${"x".repeat(201)}`, {}, context);
    expect(statusOf(tooLong)).toBe(200);
  });

  it("says when a search found more posts than it ranks", async () => {
    const many = await t
      .client(t.backend.serviceRoleKey)
      .from("blog_posts")
      .insert(
        Array.from({ length: 125 }, (_, i) => ({
          title: `Capivara ${i}`,
          slug: `capivara-${i}`,
          content: "Texto.",
          published: true,
        })),
      );
    expect(many.error).toBeNull();
    type Outcome = { outcome: { total?: number; more?: boolean; pageCount?: number } };
    const common = await run(searchLoader, "/blog/busca?q=capivaras", {}, context);
    expect(dataOf<Outcome>(common).outcome).toMatchObject({ total: 120, more: true, pageCount: 10 });
    const precise = await run(searchLoader, "/blog/busca?q=capivara%207", {}, context);
    expect(dataOf<Outcome>(precise).outcome).toMatchObject({ more: false });
  });

  it("lists in the sitemap the posts that may be indexed, and the tags and authors with visible posts", async () => {
    const items = await listSitemapItems(context);
    // The first start's sample posts, tags and author are there too.
    const posts = items.posts.map((post) => post.slug);
    expect(posts).toContain("gestao-de-vendas-no-whatsapp");
    expect(posts).not.toContain("metas-de-vendas");
    expect(posts).not.toContain("lancamento-futuro");
    const tagSlugs = items.tags.map((tag) => tag.slug);
    expect(tagSlugs).toEqual(expect.arrayContaining(["suporte", "vendas"]));
    expect(tagSlugs).not.toContain("vazia");
    expect(tagSlugs).not.toContain("futura");
    const authors = items.authors.map((author) => author.slug);
    expect(authors).toContain("ana-editora");
    expect(authors).not.toContain("quieta");
  });
});
