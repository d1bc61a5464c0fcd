// The editorial blog's content model (supabase/migrations/20260101001600_editorial_blog.sql,
// issue #36): scheduled posts, SEO fields, tags, author profiles, old slugs and search, through
// supabase-js as the public key, a signed-in user, an admin and the service role see them, on
// PGlite and on a throwaway PostgreSQL.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./testing/backend.ts";
import { describeEachDatabase } from "./testing/describe-each-database.ts";
import { eventually } from "./testing/eventually.ts";
import { useDatabaseBefore } from "./testing/database-before.ts";

let sequence = 0;
/** A slug no other test uses. */
const fresh = (prefix: string) => `${prefix}-${(sequence += 1)}`;

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Row {
  id: string;
  slug: string;
  published_at: string | null;
  updated_at: string;
}

describeEachDatabase("the editorial blog", (kind) => {
  let t: TestBackend;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let adminId: string;
  let user: SupabaseClient;
  let userId: string;

  /** A post written as the admin; published now unless said otherwise. */
  async function post(fields: Record<string, unknown> = {}): Promise<Row> {
    const slug = fresh("post");
    const { data, error } = await admin
      .from("blog_posts")
      .insert({ title: `Post ${slug}`, slug, content: "Texto.", published: true, author_id: adminId, ...fields })
      .select()
      .single();
    if (error) throw new Error(error.message);
    return data as Row;
  }

  async function tag(name: string): Promise<{ id: string; slug: string }> {
    const slug = fresh("tag");
    const { data, error } = await admin
      .from("tags")
      .insert({ name: `${name} ${slug}`, slug })
      .select()
      .single();
    if (error) throw new Error(error.message);
    return data as { id: string; slug: string };
  }

  async function setTags(postId: string, tagIds: string[]): Promise<void> {
    const { error } = await admin.rpc("set_post_tags", { for_post: postId, tag_ids: tagIds });
    if (error) throw new Error(error.message);
  }

  const target = async (slug: string) =>
    (await anon.from("post_redirect_targets").select("slug").eq("old_slug", slug)).data?.[0]?.slug ?? null;
  const rename = async (id: string, slug: string) => {
    const { error } = await admin.from("blog_posts").update({ slug }).eq("id", id);
    if (error) throw new Error(error.message);
  };

  const search = async (q: string, page_limit = 12, page_offset = 0) => {
    const { data, error, status } = await anon.rpc("search_posts", { q, page_limit, page_offset });
    return {
      data: (data ?? []) as { id: string; snippet: string; total: number; more: boolean; primary_tag_slug: string }[],
      error,
      status,
    };
  };

  /** A post's stored parts, and whether each one's words are those of its text. */
  const storedParts = async (id: string) =>
    (
      await t.backend.db.query<{ n: number; shown: string; same_words: boolean }>(
        `select n, shown, words = to_tsvector('public.pt_unaccent', shown) as same_words
           from public.post_snippet_parts where post_id = $1 order by n`,
        [id],
      )
    ).rows;
  /** The parts snippet_parts cuts a text into. */
  const partsOf = async (doc: string) =>
    (await t.backend.db.query<{ n: number; shown: string }>(`select * from public.snippet_parts($1)`, [doc])).rows;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    service = t.client(t.backend.serviceRoleKey);
    anon = t.client();
    const a = await t.user("editor@example.com", { admin: true });
    admin = a.client;
    adminId = a.id;
    const u = await t.user("reader@example.com");
    user = u.client;
    userId = u.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("published_at", () => {
    it("is set to now when a post is published without one, stays empty for a draft, and survives unpublishing", async () => {
      const before = Date.now();
      const live = await post();
      expect(Date.parse(live.published_at!)).toBeGreaterThanOrEqual(before - 5_000);
      const draft = await post({ published: false });
      expect(draft.published_at).toBeNull();

      const { data } = await admin
        .from("blog_posts")
        .update({ published: false })
        .eq("id", live.id)
        .select("published_at")
        .single();
      expect(data?.published_at).toBe(live.published_at);
    });

    it("keeps a date given by the admin, past or future", async () => {
      const at = iso(Date.UTC(2026, 11, 2, 12, 0, 0));
      const scheduled = await post({ published_at: at });
      expect(Date.parse(scheduled.published_at!)).toBe(Date.parse(at));
    });
  });

  describe("a scheduled post", () => {
    it("is hidden from visitors everywhere until its moment, then shown everywhere", async () => {
      const topic = await tag("Agendamento");
      // Four seconds ahead: long enough for every "before" read below on a slow machine.
      const at = Date.now() + 4_000;
      const word = `agendadissimo${sequence}`;
      const scheduled = await post({ published_at: iso(at), title: `Post ${word}` });
      const sibling = await post({ published_at: iso(Date.now() - HOUR) });
      await setTags(scheduled.id, [topic.id]);
      await setTags(sibling.id, [topic.id]);
      await admin
        .from("blog_posts")
        .update({ slug: fresh("renomeado") })
        .eq("id", sibling.id);

      // What a visitor could reach it by: its row, the lists, its tag, its author, search, related.
      const seen = async () => ({
        post: (await anon.from("blog_posts").select("id").eq("id", scheduled.id)).data?.length,
        visible: (await anon.from("visible_posts").select("id").eq("id", scheduled.id)).data?.length,
        tagPage: (await anon.from("tag_posts").select("id").eq("tag_id", topic.id).eq("id", scheduled.id)).data?.length,
        tags: (await anon.from("post_tags").select("tag_id").eq("post_id", scheduled.id)).data?.length,
        search: (await anon.rpc("search_posts", { q: word })).data?.length,
        related: (await anon.rpc("related_posts", { for_post: sibling.id })).data?.length,
      });
      expect(await seen()).toEqual({ post: 0, visible: 0, tagPage: 0, tags: 0, search: 0, related: 0 });
      // The admin sees it.
      expect((await admin.from("blog_posts").select("id").eq("id", scheduled.id)).data).toHaveLength(1);
      expect(Date.now()).toBeLessThan(at);

      expect(await eventually(async () => (await seen()).visible === 1, 15_000)).toBe(true);
      expect(await seen()).toEqual({ post: 1, visible: 1, tagPage: 1, tags: 1, search: 1, related: 1 });
    });

    it("counts neither for its tag nor for its author while scheduled", async () => {
      const topic = await tag("Só agendado");
      const writer = await t.user(`${fresh("writer")}@example.com`, { admin: true });
      const profile = await writer.client
        .from("author_profiles")
        .insert({ user_id: writer.id, slug: fresh("escritora"), name: "Escritora" })
        .select()
        .single();
      expect(profile.error).toBeNull();
      const scheduled = await post({ published_at: iso(Date.now() + 24 * HOUR), author_id: writer.id });
      await setTags(scheduled.id, [topic.id]);

      expect((await anon.from("tags").select("id").eq("id", topic.id)).data).toEqual([]);
      expect((await anon.from("visible_tags").select("id").eq("id", topic.id)).data).toEqual([]);
      expect((await anon.from("author_profiles").select("user_id").eq("user_id", writer.id)).data).toEqual([]);

      await admin
        .from("blog_posts")
        .update({ published_at: iso(Date.now() - 60_000) })
        .eq("id", scheduled.id);
      expect((await anon.from("visible_tags").select("post_count").eq("id", topic.id)).data).toEqual([
        { post_count: 1 },
      ]);
      expect((await anon.from("author_profiles").select("user_id").eq("user_id", writer.id)).data).toHaveLength(1);
    });

    it("goes live when its moment passed while no server was running", async () => {
      const at = Date.now() + 2_000;
      const word = `reiniciadissimo${sequence}`;
      const scheduled = await post({ published_at: iso(at), title: `Post ${word}` });
      expect((await anon.from("visible_posts").select("id").eq("id", scheduled.id)).data).toEqual([]);

      // The moment passes with no backend at all.
      await t.restart(async () => {
        await eventually(async () => Date.now() > at + 200, 10_000);
      });
      service = t.client(t.backend.serviceRoleKey);
      anon = t.client();
      const a = await t.user(`${fresh("again")}@example.com`, { admin: true });
      admin = a.client;
      adminId = a.id;
      user = (await t.user(`${fresh("reader")}@example.com`)).client;

      expect((await anon.from("visible_posts").select("id").eq("id", scheduled.id)).data).toEqual([
        { id: scheduled.id },
      ]);
      expect((await anon.rpc("search_posts", { q: word })).data).toHaveLength(1);
    });
  });

  describe("SEO fields", () => {
    it.each([
      ["meta_title", "x".repeat(301), "blog_posts_meta_title_check"],
      ["meta_description", "x".repeat(501), "blog_posts_meta_description_check"],
      ["canonical_url", "/blog/relativo", "blog_posts_canonical_url_check"],
      ["canonical_url", "ftp://exemplo.com/a", "blog_posts_canonical_url_check"],
      ["canonical_url", "javascript:alert(1)", "blog_posts_canonical_url_check"],
      ["canonical_url", "https://", "blog_posts_canonical_url_check"],
      ["og_image", "javascript:alert(1)", "blog_posts_og_image_check"],
      ["slug", "busca", "blog_posts_slug_not_reserved"],
      // Dates a JavaScript Date cannot hold would fail every public blog page.
      ["published_at", "-infinity", "blog_posts_published_at_shown"],
      ["published_at", "infinity", "blog_posts_published_at_shown"],
      ["published_at", "275761-01-01T00:00:00Z", "blog_posts_published_at_shown"],
      ["published_at", "1899-12-31T23:59:59Z", "blog_posts_published_at_shown"],
      ["created_at", "-infinity", "blog_posts_created_at_shown"],
      ["updated_at", "infinity", "blog_posts_updated_at_shown"],
    ])("refuses %s = %j (%s) with PostgREST's shape", async (column, value, constraint) => {
      const slug = fresh("seo");
      const { error, status } = await admin
        .from("blog_posts")
        .insert({ title: "SEO", slug, content: "Texto.", [column]: value });
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: "23514", message: expect.stringContaining(constraint) });
    });

    it("accepts the limits and absolute http(s) URLs", async () => {
      const row = await post({
        meta_title: "x".repeat(300),
        meta_description: "y".repeat(500),
        canonical_url: "https://parceiro.example/artigo?id=1",
        og_image: "/storage/v1/object/public/blog-images/capa.png",
        noindex: true,
      });
      const { data } = await anon
        .from("visible_posts")
        .select("meta_title,canonical_url,noindex")
        .eq("id", row.id)
        .single();
      expect(data).toMatchObject({ canonical_url: "https://parceiro.example/artigo?id=1", noindex: true });
      expect((await post()).published_at).not.toBeNull();
    });
  });

  describe("tags", () => {
    it.each([
      [{ slug: "Com Espaço", name: "Tag" }, "tags_slug_check"],
      [{ slug: "ok-slug-a", name: "x".repeat(81) }, "tags_name_check"],
      [{ slug: "ok-slug-b", name: "   " }, "tags_name_check"],
      [{ slug: "ok-slug-c", name: "Tag", description: "d".repeat(501) }, "tags_description_check"],
    ])("refuses %j (%s)", async (row, constraint) => {
      const { error, status } = await admin.from("tags").insert(row);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: "23514", message: expect.stringContaining(constraint) });
    });

    it("refuses a taken slug or name (any case) with 409 23505", async () => {
      const first = await tag("Duplicada");
      const sameSlug = await admin.from("tags").insert({ slug: first.slug, name: "Outra" });
      expect(sameSlug.status).toBe(409);
      expect(sameSlug.error).toMatchObject({ code: "23505", message: expect.stringContaining("tags_slug_key") });
      const { data } = await admin.from("tags").select("name").eq("id", first.id).single();
      const sameName = await admin
        .from("tags")
        .insert({ slug: fresh("outra"), name: String(data?.name).toUpperCase() });
      expect(sameName.status).toBe(409);
      expect(sameName.error).toMatchObject({ code: "23505", message: expect.stringContaining("tags_name_key") });
    });

    it("allows at most 10 tags on a post, whoever writes them", async () => {
      const row = await post();
      const tags = await Promise.all(Array.from({ length: 11 }, (_, i) => tag(`Limite ${i}`)));
      await setTags(
        row.id,
        tags.slice(0, 10).map((x) => x.id),
      );
      const eleventh = await admin.from("post_tags").insert({ post_id: row.id, tag_id: tags[10]!.id, position: 10 });
      expect(eleventh.status).toBe(400);
      expect(eleventh.error).toMatchObject({ code: "23514", hint: "post_tags_limit" });
      const all = await admin.rpc("set_post_tags", { for_post: row.id, tag_ids: tags.map((x) => x.id) });
      expect(all.error).toMatchObject({ code: "23514", hint: "post_tags_limit" });
      // The refused replacement changed nothing.
      expect((await admin.from("post_tags").select("tag_id").eq("post_id", row.id)).data).toHaveLength(10);
      const bySql = await service.from("post_tags").insert({ post_id: row.id, tag_id: tags[10]!.id, position: 10 });
      expect(bySql.error).toMatchObject({ code: "23514" });
    });

    it("keeps a post's tags in order, the first being its primary tag", async () => {
      const [a, b, c] = [await tag("Primeira"), await tag("Segunda"), await tag("Terceira")];
      const row = await post();
      await setTags(row.id, [b.id, a.id, c.id]);
      const { data } = await anon.from("post_tag_list").select("slug,position").eq("post_id", row.id).order("position");
      expect(data?.map((x) => x.slug)).toEqual([b.slug, a.slug, c.slug]);
      const card = await anon.from("visible_posts").select("primary_tag_slug").eq("id", row.id).single();
      expect(card.data?.primary_tag_slug).toBe(b.slug);
      await setTags(row.id, [c.id]);
      expect((await anon.from("post_tag_list").select("slug").eq("post_id", row.id)).data).toEqual([{ slug: c.slug }]);
    });

    it("shows visitors only the tags with a visible post; only admins write them", async () => {
      const used = await tag("Usada");
      const unused = await tag("Sem posts");
      const draftOnly = await tag("Só rascunho");
      await setTags((await post()).id, [used.id]);
      await setTags((await post({ published: false })).id, [draftOnly.id]);
      const ids = [used.id, unused.id, draftOnly.id];
      expect((await anon.from("tags").select("id").in("id", ids)).data).toEqual([{ id: used.id }]);
      expect((await user.from("tags").select("id").in("id", ids)).data).toEqual([{ id: used.id }]);
      expect((await admin.from("tags").select("id").in("id", ids)).data).toHaveLength(3);

      const byAnon = await anon.from("tags").insert({ slug: fresh("anon"), name: "Anon" });
      expect(byAnon.error?.code).toBe("42501");
      const byUser = await user.from("tags").insert({ slug: fresh("user"), name: "User" });
      expect(byUser.error?.code).toBe("42501");
      const renamed = await user.from("tags").update({ name: "Renomeada" }).eq("id", used.id).select();
      // A role without the capability is refused with an error, not zero rows (docs/security.md "Roles").
      expect(renamed.error?.code).toBe("42501");
      const tagging = await user.from("post_tags").insert({ post_id: (await post()).id, tag_id: used.id, position: 0 });
      expect(tagging.error?.code).toBe("42501");

      // An admin renames and deletes; deleting a tag takes it off its posts.
      expect(
        (
          await admin
            .from("tags")
            .update({ name: `Renomeada ${used.slug}` })
            .eq("id", used.id)
        ).error,
      ).toBeNull();
      expect((await admin.from("tags").delete().eq("id", used.id)).error).toBeNull();
      expect((await admin.from("post_tags").select("post_id").eq("tag_id", used.id)).data).toEqual([]);
    });

    it("needs the admin's second factor when the site requires one", async () => {
      await t.backend.db.query("update public.security_settings set admin_require_mfa = true");
      try {
        const write = await admin.from("tags").insert({ slug: fresh("mfa"), name: "Sem fator" });
        expect(write.error?.code).toBe("42501");
        const unused = (
          await service
            .from("tags")
            .insert({ slug: fresh("mfa-read"), name: "Oculta" })
            .select()
            .single()
        ).data as { id: string };
        expect((await admin.from("tags").select("id").eq("id", unused.id)).data).toEqual([]);
      } finally {
        await t.backend.db.query("update public.security_settings set admin_require_mfa = false");
      }
    });
  });

  describe("author profiles", () => {
    beforeAll(async () => {
      const { error } = await admin
        .from("author_profiles")
        .insert({ user_id: adminId, slug: fresh("editora"), name: "Editora" });
      if (error) throw new Error(error.message);
    });

    it("are written by their owner (staff only) and by admins, and read by visitors once they have a visible post", async () => {
      const staff = await t.user(`${fresh("staff")}@example.com`, { admin: true });
      const own = await staff.client
        .from("author_profiles")
        .insert({ user_id: staff.id, slug: fresh("perfil"), name: "Joana", bio: "Escreve sobre IA." })
        .select()
        .single();
      expect(own.error).toBeNull();

      // A signed-in account that is not staff may not have one; nobody writes someone else's.
      const notStaff = await user
        .from("author_profiles")
        .insert({ user_id: userId, slug: fresh("leitor"), name: "Leitor" });
      expect(notStaff.error?.code).toBe("42501");
      const forOther = await user
        .from("author_profiles")
        .insert({ user_id: staff.id, slug: fresh("alheio"), name: "Alheio" });
      expect(forOther.error?.code).toBe("42501");
      const editOther = await user.from("author_profiles").update({ name: "Hack" }).eq("user_id", staff.id).select();
      expect(editOther.error?.code).toBe("42501");
      const byAdmin = await admin.from("author_profiles").update({ bio: "Revisada." }).eq("user_id", staff.id).select();
      expect(byAdmin.data).toHaveLength(1);
      const forNonStaff = await admin.from("author_profiles").insert({ user_id: userId, slug: fresh("x"), name: "X" });
      expect(forNonStaff.error?.code).toBe("42501");

      expect((await anon.from("author_profiles").select("user_id").eq("user_id", staff.id)).data).toEqual([]);
      await post({ author_id: staff.id });
      expect((await anon.from("author_profiles").select("name,bio").eq("user_id", staff.id)).data).toEqual([
        { name: "Joana", bio: "Revisada." },
      ]);
    });

    it.each([
      [{ name: "x".repeat(81) }, "author_profiles_name_check"],
      [{ bio: "b".repeat(2001) }, "author_profiles_bio_check"],
      [{ website_url: "www.exemplo.com" }, "author_profiles_website_url_check"],
      [{ avatar_url: "javascript:alert(1)" }, "author_profiles_avatar_url_check"],
      [{ slug: "Joana Silva" }, "author_profiles_slug_check"],
    ])("refuses %j (%s)", async (fields, constraint) => {
      const { error, status } = await admin.from("author_profiles").update(fields).eq("user_id", adminId);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: "23514", message: expect.stringContaining(constraint) });
    });

    it("accepts a bio of 2,000 characters and refuses a taken slug with 409", async () => {
      const own = await admin.from("author_profiles").select("slug").eq("user_id", adminId).single();
      const other = await t.user(`${fresh("other")}@example.com`, { admin: true });
      const taken = await other.client
        .from("author_profiles")
        .insert({ user_id: other.id, slug: own.data?.slug, name: "Outra" });
      expect(taken.status).toBe(409);
      expect(taken.error).toMatchObject({
        code: "23505",
        message: expect.stringContaining("author_profiles_slug_key"),
      });
      const long = await admin
        .from("author_profiles")
        .update({ bio: "b".repeat(2000) })
        .eq("user_id", adminId);
      expect(long.error).toBeNull();
    });
  });

  describe("old slugs", () => {
    it("lead from every old slug of a live post straight to its current one (A -> B -> C)", async () => {
      const row = await post();
      const [a, b, c] = [row.slug, fresh("b"), fresh("c")];
      await rename(row.id, b);
      expect(await target(a)).toBe(b);
      await rename(row.id, c);
      expect([await target(a), await target(b)]).toEqual([c, c]);
      // Back to A: A is the post's again, B still leads to it.
      await rename(row.id, a);
      expect([await target(a), await target(b), await target(c)]).toEqual([null, a, a]);
    });

    it("give way to a new post that takes a retired slug", async () => {
      const row = await post();
      const old = row.slug;
      await rename(row.id, fresh("novo"));
      expect(await target(old)).not.toBeNull();
      await post({ slug: old });
      expect(await target(old)).toBeNull();
      expect((await service.from("post_slug_redirects").select("old_slug").eq("old_slug", old)).data).toEqual([]);
    });

    it("are not kept for a draft that was never published, nor for a post still scheduled", async () => {
      const draft = await post({ published: false });
      await rename(draft.id, fresh("rascunho"));
      const scheduled = await post({ published_at: iso(Date.now() + 24 * HOUR) });
      await rename(scheduled.id, fresh("agendado"));
      const kept = await service
        .from("post_slug_redirects")
        .select("old_slug")
        .in("old_slug", [draft.slug, scheduled.slug]);
      expect(kept.data).toEqual([]);
    });

    it("lead visitors nowhere while the post is hidden, and nobody but the database writes them", async () => {
      const row = await post();
      const renamed = fresh("oculto");
      await rename(row.id, renamed);
      await admin.from("blog_posts").update({ published: false }).eq("id", row.id);
      expect(await target(row.slug)).toBeNull();
      expect((await anon.from("post_slug_redirects").select("old_slug").eq("old_slug", row.slug)).data).toEqual([]);
      await admin.from("blog_posts").update({ published: true }).eq("id", row.id);
      expect(await target(row.slug)).toBe(renamed);

      const forged = await admin.from("post_slug_redirects").insert({ old_slug: fresh("forjado"), post_id: row.id });
      expect(forged.error?.code).toBe("42501");
    });
  });

  describe("search", () => {
    let topic: { id: string; slug: string };
    let inTitle: Row;
    let inExcerpt: Row;
    let inBody: Row;

    beforeAll(async () => {
      topic = await tag("Busca");
      inBody = await post({
        title: "Relatórios semanais",
        excerpt: "Como montar um painel.",
        content: "Um texto longo. A gestão de equipes de atendimento melhora com **métricas** claras.",
        published_at: iso(Date.now() - 3 * HOUR),
      });
      inExcerpt = await post({
        title: "Filas e prioridades",
        excerpt: "Gestão de filas no atendimento omnichannel.",
        content: "Corpo sem a palavra.",
        published_at: iso(Date.now() - 2 * HOUR),
      });
      inTitle = await post({
        title: "Gestão de atendimentos com IA",
        excerpt: "Resumo.",
        content: "Corpo.",
        published_at: iso(Date.now() - 4 * HOUR),
      });
      await setTags(inTitle.id, [topic.id]);
      await post({ title: "Gestão em rascunho", published: false });
      await post({ title: "Gestão agendada", published_at: iso(Date.now() + 24 * HOUR) });
    });

    const ours = (rows: { id: string }[]) =>
      rows.map((r) => r.id).filter((id) => [inTitle.id, inExcerpt.id, inBody.id].includes(id));

    it("folds accents and plurals both ways, title before excerpt before body", async () => {
      for (const q of ["gestao atendimento", "Gestão atendimentos", "GESTAO de ATENDIMENTOS"]) {
        expect({ q, found: ours((await search(q)).data) }).toEqual({ q, found: [inTitle.id, inExcerpt.id, inBody.id] });
      }
    });

    it("leaves out every post that holds an excluded word, its title's match included", async () => {
      // The title holds the wanted word but not the excluded one, which its text holds: the
      // title's match alone used to list it.
      const guide = await post({
        title: "Guia do tamanduá",
        content: "O tamanduá e o quasarmente, num texto só deles.",
        published_at: iso(Date.now() - HOUR),
      });
      const wanted = (await search("tamanduá")).data as { id: string }[];
      expect(wanted.map((r) => r.id)).toContain(guide.id);
      const excluding = (await search("tamanduá -quasarmente")).data as { id: string }[];
      expect(excluding.map((r) => r.id)).not.toContain(guide.id);
    });

    it("finds neither drafts nor scheduled posts", async () => {
      const titles = (await anon.rpc("search_posts", { q: "gestão" })).data as { title: string }[];
      expect(titles.map((r) => r.title)).not.toContain("Gestão em rascunho");
      expect(titles.map((r) => r.title)).not.toContain("Gestão agendada");
    });

    it("highlights the matched words of a snippet between U+E000 and U+E001, without Markdown", async () => {
      const row = (await search("metricas equipes")).data.find((r) => r.id === inBody.id);
      expect(row?.snippet).toContain("\u{E000}equipes\u{E001}");
      expect(row?.snippet).toContain("\u{E000}métricas\u{E001}");
      expect(row?.snippet).not.toContain("**");
      expect((await search("gestao")).data.find((r) => r.id === inTitle.id)?.primary_tag_slug).toBe(topic.slug);
    });

    it("takes the snippet from the excerpt alone when the excerpt holds the words", async () => {
      const word = `capivara${sequence}`;
      const both = await post({
        title: "Animais do cerrado",
        excerpt: `Uma ${word} no resumo.`,
        content: `Um texto longo sobre o campo. Outra ${word} aparece no corpo, bem depois.`,
      });
      const row = (await search(word)).data.find((r) => r.id === both.id);
      // ts_headline leaves stop words out at a fragment's ends ("Uma").
      expect(row?.snippet).toBe(`\u{E000}${word}\u{E001} no resumo`);
    });

    it("shows the first passage of a long text that holds a word, its Markdown removed", async () => {
      const word = `ariranha${sequence}`;
      // About 6,000 characters of paragraphs before the word, which sits in a link's text.
      const filler = Array.from({ length: 60 }, (_, i) => `Parágrafo ${i} sobre **outro** assunto do campo.`).join(
        "\n\n",
      );
      const content = `${filler}\n\nVeja a [${word} do pantanal](https://exemplo.com/bicho) e as fotos.\n\n${filler}`;
      const long = await post({ title: "Bichos do Brasil", excerpt: "Resumo.", content });
      const row = (await search(word)).data.find((r) => r.id === long.id);
      expect(row?.snippet).toContain(`\u{E000}${word}\u{E001} do pantanal`);
      expect(row?.snippet).not.toMatch(/[[\]()*]|https?:/);
      // The passage with the word, not the text's opening ("Resumo. Parágrafo 0 …").
      expect(row?.snippet).toMatch(/^Veja a /);
    });

    it("never ends a part of the text inside a link, so no link's Markdown shows", async () => {
      const marks = "StartSel=\u{E000}, StopSel=\u{E001}, MaxWords=30, MinWords=12, MaxFragments=2";
      const word = "quati";
      // One paragraph; the link's text crosses the 250th character, where a part would end.
      const doc = `${"palavra ".repeat(29)}[um ${word} no meio da mata](https://exemplo.com/quati) e mais texto.`;
      expect(doc.indexOf("[")).toBeLessThan(250);
      expect(doc.indexOf("]")).toBeGreaterThan(250);
      const { rows } = await t.backend.db.query<{ snippet: string }>(
        `select public.post_snippet($1, websearch_to_tsquery('public.pt_unaccent', $2), $3, true) as snippet`,
        [doc + " fim.".repeat(200), word, marks],
      );
      expect(rows[0]?.snippet).toContain(`\u{E000}${word}\u{E001} no meio da mata e mais texto`);
      expect(rows[0]?.snippet).not.toMatch(/[[\]()]|https?:/);
      // Past the 20,000 characters search_posts passes, nothing is read, whoever calls.
      const stemmed = await t.backend.db.query<{ q: string }>(
        `select websearch_to_tsquery('public.pt_unaccent', $1)::text as q`,
        [word],
      );
      const far = await anon.rpc("post_snippet", {
        doc: `${"palavra ".repeat(2600)}${word}`,
        tsq: stemmed.rows[0]!.q,
        marks,
        in_text: true,
      });
      expect(far.error).toBeNull();
      expect(far.data).toMatch(/^palavra palavra/);
      expect(far.data).not.toContain("\u{E000}");
    });

    it("shows a title match's opening, unmarked, when its text holds none of the words", async () => {
      const word = `lontra${sequence}`;
      const titled = await post({
        title: `A ${word}`,
        excerpt: "Um resumo qualquer.",
        content: "Primeiro **parágrafo** do texto.\n\n" + "Mais texto sem a palavra. ".repeat(200),
      });
      const row = (await search(word)).data.find((r) => r.id === titled.id);
      expect(row?.snippet).toMatch(/^Um resumo qualquer\.\s+Primeiro parágrafo do texto\./);
      expect(row?.snippet).not.toContain("\u{E000}");
    });

    it("cuts a text's parts at a paragraph, else at a word, never inside a link", async () => {
      const part = async (doc: string) =>
        (await t.backend.db.query<{ part: string }>(`select public.snippet_part($1) as part`, [doc])).rows[0]!.part;
      const tail = " depois".repeat(60);
      // A cut reads a window of 250 characters, however long the text an RPC sends.
      const cut = await anon.rpc("snippet_cut", { part: "x".repeat(100_000) });
      expect([cut.error, (cut.data as string | null)?.length]).toEqual([null, 250]);
      // Up to 375 characters the text is one part.
      expect(await part("Curto. ".repeat(50))).toBe("Curto. ".repeat(50));
      // A paragraph break in the part's second half ends it…
      expect(await part(`${"a".repeat(150)}\n\n${"b".repeat(60)} mais${tail}`)).toBe(`${"a".repeat(150)}\n`);
      // …one in its first half does not: the last word does.
      expect(await part(`${"a".repeat(40)}\n\n${"palavra ".repeat(40)}${tail}`)).toBe(
        `${"a".repeat(40)}\n\n${"palavra ".repeat(26).trimEnd()}`,
      );
      // A link open at the part's end goes whole to the next part.
      expect(await part(`${"palavra ".repeat(28)}[um link longo](https://exemplo.com/x)${tail}`)).toBe(
        "palavra ".repeat(28),
      );
      // Text with no space left still ends, one character or more per part.
      const unbroken = ` ${"x".repeat(600)} quati`;
      expect(await part(unbroken)).toBe(` ${"x".repeat(249)}`);
      const marks = "StartSel=\u{E000}, StopSel=\u{E001}";
      const { rows } = await t.backend.db.query<{ snippet: string }>(
        `select public.post_snippet($1, websearch_to_tsquery('public.pt_unaccent', 'quati'), $2, true) as snippet`,
        [unbroken, marks],
      );
      expect(rows[0]?.snippet).toContain("\u{E000}quati\u{E001}");
    });

    it("gives a search hit the snippet post_snippet makes of its text", async () => {
      const word = `jaguatirica${sequence}`;
      const marks =
        'StartSel=\u{E000}, StopSel=\u{E001}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
      const early = `Uma ${word} logo no começo do texto, [com um link](https://exemplo.com).\n\n${"Mais texto. ".repeat(80)}`;
      const late = `${"Texto sem a palavra. ".repeat(40)}\n\nAqui a ${word} aparece.`;
      for (const content of [early, late]) {
        const created = await post({ title: `Felinos ${word}`, excerpt: "Um resumo.", content });
        const row = (await search(word)).data.find((r) => r.id === created.id);
        const { rows } = await t.backend.db.query<{ snippet: string }>(
          `select public.post_snippet($1, websearch_to_tsquery('public.pt_unaccent', $2), $3, true) as snippet`,
          [`Um resumo.\n${content}`, word, marks],
        );
        expect(row?.snippet).toContain(`\u{E000}${word}\u{E001}`);
        expect(row?.snippet).toBe(rows[0]?.snippet);
      }
    });

    it("keeps each post's text cut in parts as it is written, not when it is only published", async () => {
      const long = `Primeiro **parágrafo** com [um link](https://exemplo.com).\n\n${"Mais texto do corpo. ".repeat(60)}`;
      const created = await post({ excerpt: "Um resumo.", content: long, published: false });
      const stored = await storedParts(created.id);
      expect(stored.length).toBeGreaterThan(3);
      expect(stored.map(({ n, shown }) => ({ n, shown }))).toEqual(await partsOf(`Um resumo.\n${long}`));
      expect(stored.every((p) => p.same_words)).toBe(true);
      expect(stored[0]!.shown).not.toMatch(/[*[\]()]|https?:/);

      // The rows' versions (xmin) show whether a write touched them.
      const versions = async () =>
        (
          await t.backend.db.query<{ v: string }>(
            `select xmin::text as v from public.post_snippet_parts where post_id = $1 order by n`,
            [created.id],
          )
        ).rows.map((r) => r.v);
      const before = await versions();
      const { error } = await admin
        .from("blog_posts")
        .update({ published: true, title: "Outro título" })
        .eq("id", created.id);
      expect(error).toBeNull();
      expect(await versions()).toEqual(before);

      const updated = await admin.from("blog_posts").update({ content: "Texto novo e curto." }).eq("id", created.id);
      expect(updated.error).toBeNull();
      expect((await storedParts(created.id)).map((p) => p.shown)).toEqual(["Um resumo.\nTexto novo e curto."]);
      expect((await admin.from("blog_posts").delete().eq("id", created.id)).error).toBeNull();
      expect(await storedParts(created.id)).toEqual([]);
    });

    it("takes a hit's snippet from the stored parts, and from the text when a post has none", async () => {
      const word = `suçuarana${sequence}`;
      const content = `${"Texto sem a palavra. ".repeat(40)}\n\nAqui a ${word} aparece.`;
      const created = await post({ title: "Felinos grandes", excerpt: "Um resumo.", content });
      const fromText = (await search(word)).data.find((r) => r.id === created.id)?.snippet;
      expect(fromText).toContain(`\u{E000}${word}\u{E001} aparece`);
      // What search reads is the stored part: changed behind the trigger's back, it shows.
      await t.backend.db.query(
        `update public.post_snippet_parts set shown = $2, words = to_tsvector('public.pt_unaccent', $2)
          where post_id = $1 and words @@ websearch_to_tsquery('public.pt_unaccent', $3)`,
        [created.id, `Guardado: a ${word} no lugar da parte.`, word],
      );
      expect((await search(word)).data.find((r) => r.id === created.id)?.snippet).toMatch(/^Guardado: a \u{E000}/u);
      // A post whose parts are missing (a write with the triggers off) still gets its snippet.
      await t.backend.db.query(`delete from public.post_snippet_parts where post_id = $1`, [created.id]);
      expect((await search(word)).data.find((r) => r.id === created.id)?.snippet).toBe(fromText);
    });

    it("shows the stored parts to no one, and their snippets for visible posts only", async () => {
      const word = `jaguarundi${sequence}`;
      const live = await post({ title: `Visível ${word}`, content: `Um ${word} no texto.` });
      const draft = await post({ title: `Rascunho ${word}`, content: `Um ${word} no rascunho.`, published: false });
      for (const client of [anon, user, admin]) {
        const { data, error } = await client.from("post_snippet_parts").select("shown").eq("post_id", draft.id);
        expect({ data, code: error?.code }).toEqual({ data: null, code: "42501" });
      }
      const stemmed = await t.backend.db.query<{ q: string }>(
        `select websearch_to_tsquery('public.pt_unaccent', $1)::text as q`,
        [word],
      );
      for (const client of [anon, admin]) {
        const { data, error } = await client.rpc("post_snippets", {
          post_ids: [live.id, draft.id],
          tsq: stemmed.rows[0]!.q,
          any_word: stemmed.rows[0]!.q,
          marks: "StartSel=<, StopSel=>",
        });
        expect(error).toBeNull();
        expect(data).toEqual([{ post_id: live.id, snippet: expect.stringContaining(`<${word}>`) }]);
      }
    });

    it("looks posts up for search only among those visitors may see", async () => {
      const word = `tamandua${sequence}`;
      const live = await post({ title: `Visível ${word}` });
      await post({ title: `Rascunho ${word}`, published: false });
      await post({ title: `Agendado ${word}`, published_at: iso(Date.now() + 24 * HOUR) });
      for (const client of [anon, admin]) {
        for (const in_title of [true, false]) {
          const { data, error } = await client.rpc("visible_post_ranks", { tsq: word, in_title, max_rows: 10 });
          expect(error).toBeNull();
          expect((data as { id: string }[]).map((r) => r.id)).toEqual([live.id]);
        }
      }
    });

    it("ranks each match as the search document ranks it", async () => {
      const word = `jaguatirica${sequence}`;
      const live = await post({ title: `Uma ${word}`, excerpt: `Outra ${word}.`, content: `E ${word} ${word}.` });
      const { data } = await anon.rpc("visible_post_ranks", { tsq: word, in_title: false, max_rows: 10 });
      const { rows } = await t.backend.db.query<{ rank: number }>(
        `select ts_rank(search_vector, websearch_to_tsquery('public.pt_unaccent', $1)) as rank
           from public.blog_posts where id = $2`,
        [word, live.id],
      );
      expect(data).toEqual([{ id: live.id, rank: rows[0]!.rank, published_at: expect.any(String) }]);
      expect((await search(word)).data[0]).toMatchObject({ id: live.id, rank: rows[0]!.rank });
    });

    it("gives the primary tag of visible posts only, whoever asks", async () => {
      const first = await tag("Primeira");
      const second = await tag("Segunda");
      const live = await post();
      const draft = await post({ published: false });
      const scheduled = await post({ published_at: iso(Date.now() + 24 * HOUR) });
      for (const p of [live, draft, scheduled]) await setTags(p.id, [first.id, second.id]);
      for (const client of [anon, user, admin]) {
        const { data, error } = await client.rpc("post_primary_tags", {
          post_ids: [live.id, draft.id, scheduled.id],
        });
        expect(error).toBeNull();
        expect(data).toEqual([{ post_id: live.id, slug: first.slug, name: expect.stringContaining("Primeira") }]);
      }
    });

    it("writes a post's words into the search indexes at once, leaving nothing pending to scan", async () => {
      // PGlite never vacuums: entries left in a GIN pending list would be scanned by every search.
      const word = `quati${sequence}`;
      await post({ title: `Título ${word}`, excerpt: `Resumo ${word}.`, content: `Corpo ${word}.` });
      const { rows } = await t.backend.db.query<{ title: number; body: number }>(
        `select pg_catalog.gin_clean_pending_list('public.blog_posts_search_title_idx'::regclass)::int as title,
                pg_catalog.gin_clean_pending_list('public.blog_posts_search_idx'::regclass)::int as body`,
      );
      expect(rows[0]).toEqual({ title: 0, body: 0 });
      expect((await search(word)).data).toHaveLength(1);
    });

    it("keeps a post's search document in its row, where the lookups test it", async () => {
      const { rows } = await t.backend.db.query<{ storage: string }>(
        `select attstorage as storage from pg_catalog.pg_attribute
          where attrelid = 'public.blog_posts'::regclass and attname = 'search_vector'`,
      );
      expect(rows[0]?.storage).toBe("m");
    });

    it("pages the results and tells the total", async () => {
      const all = (await search("gestao atendimento")).data;
      const first = (await search("gestao atendimento", 1, 0)).data;
      const second = (await search("gestao atendimento", 1, 1)).data;
      expect(first[0]?.total).toBe(all.length);
      expect([first[0]?.id, second[0]?.id]).toEqual([all[0]?.id, all[1]?.id]);
    });

    it("ranks the newest 120 matches and the newest title matches, and says there were more", async () => {
      // An old post named by the word, then 130 newer ones with it in their body only.
      const old = await post({
        title: "Ornitorrinco antigo",
        content: "Corpo.",
        published_at: iso(Date.now() - 1000 * HOUR),
      });
      const many = await service.from("blog_posts").insert(
        Array.from({ length: 130 }, (_, i) => ({
          title: `Corpo ${i}`,
          slug: fresh(`ornitorrinco-${i}`),
          content: "Um ornitorrinco no meio do texto.",
          published: true,
          published_at: iso(Date.now() - 500 * HOUR + i * 60_000),
        })),
      );
      expect(many.error).toBeNull();
      const found = (await search("ornitorrincos", 50)).data;
      expect(found[0]?.id).toBe(old.id);
      expect(found[0]).toMatchObject({ total: 121, more: true });
      expect((await search("ornitorrinco antigo")).data[0]).toMatchObject({ id: old.id, total: 1, more: false });
    });

    it("answers nothing for stop words and odd syntax, and refuses more than 200 characters with 400", async () => {
      expect((await search("de o que")).data).toEqual([]);
      expect((await search('"gestão" -filas or & | ! ( :*')).error).toBeNull();
      const long = await search("a".repeat(201));
      expect(long.status).toBe(400);
      expect(long.error).toMatchObject({ code: "22023", hint: "search_query_length" });
      expect((await search("a".repeat(200))).error).toBeNull();
    });
  });

  describe("change notices for the page cache", () => {
    it("name the post, its tags, the tag or the author a change affects, on commit", async () => {
      const writer = await t.user(`${fresh("avisos")}@example.com`, { admin: true });
      const seen: Record<string, unknown>[] = [];
      const stop = await t.backend.db.listen("blog_posts_changed", (payload) => seen.push(JSON.parse(payload)));
      try {
        const topic = await tag("Aviso");
        const row = await post();
        await setTags(row.id, [topic.id]);
        await admin.from("tags").update({ description: "Sobre avisos." }).eq("id", topic.id);
        await writer.client
          .from("author_profiles")
          .insert({ user_id: writer.id, slug: fresh("avisos"), name: "Avisos" });
        const renamed = fresh("avisado");
        await rename(row.id, renamed);
        await admin.from("tags").delete().eq("id", topic.id);
        await expect.poll(() => seen.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(9);
        // In the order the triggers fire, which is not the point here.
        expect(seen).toHaveLength(9);
        expect(seen).toEqual(
          expect.arrayContaining([
            { op: "INSERT", table: "tags", tags: [topic.id] },
            { op: "INSERT", table: "blog_posts", slug: row.slug, tags: [] },
            { op: "INSERT", table: "post_tags", slug: row.slug, tags: [topic.id] },
            { op: "UPDATE", table: "tags", tags: [topic.id] },
            { op: "INSERT", table: "author_profiles", author: writer.id },
            { op: "UPDATE", table: "blog_posts", slug: renamed, old_slug: row.slug, tags: [topic.id] },
            { op: "INSERT", table: "post_slug_redirects", slug: row.slug },
            // Deleting the tag takes it off the post (the foreign key's cascade).
            { op: "DELETE", table: "post_tags", slug: renamed, tags: [topic.id] },
            { op: "DELETE", table: "tags", tags: [topic.id] },
          ]),
        );
      } finally {
        await stop();
      }
    });
  });

  describe("related posts", () => {
    it("share the most tags first, then the newest; never the post itself, drafts or scheduled posts", async () => {
      const [a, b, c] = [await tag("Rel A"), await tag("Rel B"), await tag("Rel C")];
      const base = await post();
      const two = await post({ published_at: iso(Date.now() - 5 * HOUR) });
      const oneNew = await post({ published_at: iso(Date.now() - HOUR) });
      const oneOld = await post({ published_at: iso(Date.now() - 9 * HOUR) });
      const oneOlder = await post({ published_at: iso(Date.now() - 10 * HOUR) });
      const draft = await post({ published: false });
      const scheduled = await post({ published_at: iso(Date.now() + HOUR) });
      const unrelated = await post();
      await setTags(base.id, [a.id, b.id, c.id]);
      await setTags(two.id, [b.id, c.id]);
      await setTags(oneNew.id, [a.id]);
      await setTags(oneOld.id, [c.id]);
      await setTags(oneOlder.id, [a.id]);
      await setTags(draft.id, [a.id, b.id, c.id]);
      await setTags(scheduled.id, [a.id, b.id, c.id]);

      const { data } = await anon.rpc("related_posts", { for_post: base.id });
      expect((data as { id: string; shared_tags: number }[]).map((r) => [r.id, r.shared_tags])).toEqual([
        [two.id, 2],
        [oneNew.id, 1],
        [oneOld.id, 1],
      ]);
      expect((await anon.rpc("related_posts", { for_post: unrelated.id })).data).toEqual([]);
      // Asked about a draft, visitors learn nothing.
      expect((await anon.rpc("related_posts", { for_post: draft.id })).data).toEqual([]);
    });
  });
});

describeEachDatabase("the editorial blog's migration", (kind) => {
  const database = useDatabaseBefore(kind, "20260101001600_editorial_blog.sql");

  it("dates the posts already published by their creation, touching nothing else", async () => {
    const db = database.db;
    await database.migrateBefore();
    await db.query(
      `insert into public.blog_posts (title, slug, content, published, created_at, updated_at)
       values ('Antigo', 'antigo', 'Texto.', true, '2025-03-01T12:00:00Z', '2025-04-01T12:00:00Z'),
              ('Rascunho', 'rascunho', 'Texto.', false, '2025-05-01T12:00:00Z', '2025-05-01T12:00:00Z')`,
    );
    await database.migrateRest();
    const { rows } = await db.query<{ slug: string; published_at: Date | null; updated_at: Date }>(
      "select slug, published_at, updated_at from public.blog_posts order by slug",
    );
    expect(
      rows.map((r) => [
        r.slug,
        r.published_at && new Date(r.published_at).toISOString(),
        new Date(r.updated_at).toISOString(),
      ]),
    ).toEqual([
      ["antigo", "2025-03-01T12:00:00.000Z", "2025-04-01T12:00:00.000Z"],
      ["rascunho", null, "2025-05-01T12:00:00.000Z"],
    ]);
    // The audit log saw no edit.
    expect((await db.query("select 1 from public.audit_log where action = 'post.updated'")).rows).toEqual([]);
  });
});
