// Resource embedding as supabase-js users write it, through the real client on PGlite and on a
// throwaway PostgreSQL: every relationship kind, aliases, hints, !inner/!left, nesting, filters,
// order and limit on embeds, spreads, aggregates, row-level security inside embeds, and
// PostgREST's errors for what cannot be embedded.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { TestBackend } from "../testing/backend.ts";
import { errorText, pgrstError, startFixtureBackend } from "./embedding-fixture.ts";
import type { RawAnswer } from "./embedding-fixture.ts";
import { MAX_EMBED_DEPTH, MAX_EMBEDS } from "./select-grammar.ts";

describeEachDatabase("REST embedding", (kind) => {
  let t: TestBackend;
  let raw: (path: string, init?: RequestInit & { key?: string }) => Promise<RawAnswer>;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    ({ t, raw } = await startFixtureBackend(kind));
    anon = t.client();
    service = t.client(t.backend.serviceRoleKey);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("embeds many-to-one as an object and one-to-many as an array, in one request", async () => {
    const { data, error } = await anon
      .from("emb_posts")
      .select("title, author:emb_authors!author_id(name), emb_comments(body)")
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: "Primeiro post", author: { name: "Ana" }, emb_comments: [{ body: "Bom post" }, { body: "Concordo" }] },
      { title: "Segundo post", author: { name: "Ana" }, emb_comments: [{ body: "Legal" }] },
      { title: "Terceiro post", author: { name: "Bruno" }, emb_comments: [] },
    ]);
  });

  it("embeds one-to-one as an object both ways", async () => {
    const authors = await anon.from("emb_authors").select("name, emb_profiles(website)").order("id");
    expect(authors.data).toEqual([
      { name: "Ana", emb_profiles: { website: "https://ana.example" } },
      { name: "Bruno", emb_profiles: null },
      { name: "Clara", emb_profiles: null },
    ]);
    const profiles = await anon.from("emb_profiles").select("website, emb_authors(name)");
    expect(profiles.data).toEqual([{ website: "https://ana.example", emb_authors: { name: "Ana" } }]);
  });

  it("embeds many-to-many through the junction table, and the junction itself", async () => {
    const posts = anon.from("emb_posts").select("title, emb_tags(name), emb_post_tags(tag_id)");
    const { data } = await posts.order("id").limit(1);
    expect(data).toEqual([
      {
        title: "Primeiro post",
        emb_tags: [{ name: "news" }, { name: "tech" }],
        emb_post_tags: [{ tag_id: 1 }, { tag_id: 2 }],
      },
    ]);
    const tags = await anon.from("emb_tags").select("name, emb_posts(title)").eq("name", "tech");
    expect(tags.data).toEqual([{ name: "tech", emb_posts: [{ title: "Primeiro post" }, { title: "Segundo post" }] }]);
  });

  it("embeds a self-reference: children by the table's name, the parent by its column", async () => {
    const { data } = await anon
      .from("emb_comments")
      .select("body, replies:emb_comments(body), parent:parent_id(body)")
      .in("id", [1, 2])
      .order("id");
    expect(data).toEqual([
      { body: "Bom post", replies: [{ body: "Concordo" }], parent: null },
      { body: "Concordo", replies: [], parent: { body: "Bom post" } },
    ]);
  });

  it("disambiguates two foreign keys to one table by column or constraint, and answers PGRST201 otherwise", async () => {
    const { data } = await anon
      .from("emb_posts")
      .select("title, author:emb_authors!author_id(name), editor:emb_authors!emb_posts_editor_id_fkey(name)")
      .eq("id", 1)
      .single();
    expect(data).toEqual({ title: "Primeiro post", author: { name: "Ana" }, editor: { name: "Bruno" } });
    const ambiguous = await anon.from("emb_posts").select("title, emb_authors(name)");
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toEqual(
      pgrstError(
        "PGRST201",
        "Could not embed because more than one relationship was found for 'emb_posts' and 'emb_authors'",
        [
          {
            cardinality: "many-to-one",
            embedding: "emb_posts with emb_authors",
            relationship: "emb_posts_author_id_fkey using emb_posts(author_id) and emb_authors(id)",
          },
          {
            cardinality: "many-to-one",
            embedding: "emb_posts with emb_authors",
            relationship: "emb_posts_editor_id_fkey using emb_posts(editor_id) and emb_authors(id)",
          },
        ],
        "Try changing 'emb_authors' to one of the following: 'emb_authors!emb_posts_author_id_fkey', 'emb_authors!emb_posts_editor_id_fkey'. Find the desired relationship in the 'details' key.",
      ),
    );
  });

  it("embeds through a view over one table by the foreign keys of its columns", async () => {
    const fromView = await anon
      .from("emb_published")
      .select("title, emb_authors(name), emb_tags(name)")
      .order("id")
      .limit(1);
    expect(fromView.data).toEqual([
      { title: "Primeiro post", emb_authors: { name: "Ana" }, emb_tags: [{ name: "news" }, { name: "tech" }] },
    ]);
    const toView = await anon.from("emb_authors").select("name, emb_published(title)").eq("name", "Bruno");
    expect(toView.data).toEqual([{ name: "Bruno", emb_published: [{ title: "Terceiro post" }] }]);
  });

  it("answers PGRST200 for a relationship that does not exist, with PostgREST's hint", async () => {
    const res = await anon.from("emb_posts").select("title, emb_autors(name)");
    expect(res.status).toBe(400);
    expect(errorText(res.error)).toBe(
      "PGRST200 | Could not find a relationship between 'emb_posts' and 'emb_autors' in the schema cache | Searched for a foreign key relationship between 'emb_posts' and 'emb_autors' in the schema 'public', but no matches were found. | Perhaps you meant 'emb_authors' instead of 'emb_autors'.",
    );
    const hinted = await anon.from("emb_tags").select("name, emb_authors!nope(name)");
    expect(hinted.error).toMatchObject({
      code: "PGRST200",
      details:
        "Searched for a foreign key relationship between 'emb_tags' and 'emb_authors' using the hint 'nope' in the schema 'public', but no matches were found.",
    });
  });

  it("nests embeds, with filters, order and limit on each level", async () => {
    const { data, error } = await anon
      .from("emb_authors")
      .select("name, posts:emb_posts!author_id(title, emb_tags(name))")
      .eq("name", "Ana")
      .gt("posts.id", 0)
      .order("title", { referencedTable: "posts", ascending: false })
      .limit(1, { referencedTable: "posts" })
      .order("name", { referencedTable: "posts.emb_tags", ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: "Ana", posts: [{ title: "Segundo post", emb_tags: [{ name: "tech" }] }] }]);
    const offset = await raw("/emb_posts?select=id,emb_tags(name)&id=eq.1&emb_tags.order=name&emb_tags.offset=1");
    expect(offset.json).toEqual([{ id: 1, emb_tags: [{ name: "tech" }] }]);
  });

  it("filters parents by an embed with !inner, keeps them with !left, and tests embeds with is.null", async () => {
    const inner = await anon
      .from("emb_posts")
      .select("title, emb_tags!inner(name)")
      .eq("emb_tags.name", "news")
      .order("id");
    expect(inner.data).toEqual([
      { title: "Primeiro post", emb_tags: [{ name: "news" }] },
      { title: "Terceiro post", emb_tags: [{ name: "news" }] },
    ]);
    const left = await anon
      .from("emb_posts")
      .select("title, emb_tags!left(name)")
      .eq("emb_tags.name", "news")
      .order("id");
    expect(left.data?.map((p) => p.emb_tags)).toEqual([[{ name: "news" }], [], [{ name: "news" }]]);
    const withProfile = await anon
      .from("emb_authors")
      .select("name, emb_profiles(website)")
      .not("emb_profiles", "is", null);
    expect(withProfile.data).toEqual([{ name: "Ana", emb_profiles: { website: "https://ana.example" } }]);
    const counted = await anon
      .from("emb_posts")
      .select("title, emb_tags!inner()", { count: "exact" })
      .eq("emb_tags.name", "tech");
    expect(counted).toMatchObject({ count: 2, data: [{ title: "Primeiro post" }, { title: "Segundo post" }] });
  });

  it("filters with or() inside an embed", async () => {
    const { data } = await anon
      .from("emb_posts")
      .select("title, emb_comments(body)")
      .eq("id", 1)
      .or("body.eq.Concordo,body.like.*Nada*", { referencedTable: "emb_comments" });
    expect(data).toEqual([{ title: "Primeiro post", emb_comments: [{ body: "Concordo" }] }]);
  });

  it("orders by a to-one embed's column, and refuses a to-many one with PGRST118", async () => {
    const ordered = await raw("/emb_posts?select=title,author:emb_authors!author_id(name)&order=author(name).desc,id");
    expect((ordered.json as { title: string }[]).map((p) => p.title)).toEqual([
      "Terceiro post",
      "Primeiro post",
      "Segundo post",
    ]);
    const toMany = await raw("/emb_posts?select=title,emb_tags(name)&order=emb_tags(name)");
    expect(toMany).toMatchObject({ status: 400 });
    expect(errorText(toMany.json)).toBe(
      "PGRST118 | A related order on 'emb_tags' is not possible | 'emb_posts' and 'emb_tags' do not form a many-to-one or one-to-one relationship | null",
    );
  });

  it("answers PGRST108 for a filter on a resource the select does not embed", async () => {
    const res = await anon.from("emb_posts").select("title").eq("emb_tags.name", "news");
    expect(res.status).toBe(400);
    expect(errorText(res.error)).toBe(
      "PGRST108 | 'emb_tags' is not an embedded resource in this request | null | Verify that 'emb_tags' is included in the 'select' query parameter.",
    );
  });

  it("spreads a to-one embed's columns into the parent, and a to-many one's as arrays", async () => {
    const spread = anon
      .from("emb_posts")
      .select("title, ...emb_authors!author_id(author_name:name), ...emb_tags(tag:name)");
    const { data } = await spread.order("id").limit(2);
    expect(data).toEqual([
      { title: "Primeiro post", author_name: "Ana", tag: ["news", "tech"] },
      { title: "Segundo post", author_name: "Ana", tag: ["tech"] },
    ]);
  });

  it("aggregates with count(), sum(), avg(), min() and max(), grouped by the other columns", async () => {
    const totals = await anon
      .from("emb_posts")
      .select("count(), rating.sum(), rating.avg()::int, rating.min(), rating.max()");
    expect(totals.error).toBeNull();
    expect(totals.data).toEqual([{ count: 3, sum: 12.5, avg: 4, min: 3.0, max: 5.0 }]);
    const byAuthor = await anon.from("emb_posts").select("author_id, count()").order("author_id");
    expect(byAuthor.data).toEqual([
      { author_id: 1, count: 2 },
      { author_id: 2, count: 1 },
    ]);
    // Grouped by an embedded object.
    const byEmbed = await anon.from("emb_posts").select("count(), author:emb_authors!author_id(name)");
    expect(byEmbed.data?.toSorted((a, b) => b.count - a.count)).toEqual([
      { count: 2, author: { name: "Ana" } },
      { count: 1, author: { name: "Bruno" } },
    ]);
    const perAuthor = await anon.from("emb_authors").select("name, emb_posts!author_id(count)").order("id");
    expect(perAuthor.data).toEqual([
      { name: "Ana", emb_posts: [{ count: 2 }] },
      { name: "Bruno", emb_posts: [{ count: 1 }] },
      { name: "Clara", emb_posts: [{ count: 0 }] },
    ]);
    const hoisted = await raw("/emb_post_tags?select=...emb_tags(name),posts:post_id.count()&order=emb_tags(name)");
    // The junction has no row-level security: the draft's tag counts too.
    expect(hoisted.json).toEqual([
      { name: "news", posts: 3 },
      { name: "tech", posts: 2 },
    ]);
    const spreadMany = await raw("/emb_authors?select=name,...emb_posts!author_id(rating.sum())");
    expect(errorText(spreadMany.json)).toBe(
      "PGRST127 | Feature not implemented | Aggregates are not implemented for one-to-many or many-to-many spreads. | null",
    );
  });

  it("applies row-level security inside every embed", async () => {
    const select = "name, emb_posts!author_id(title, emb_comments(body))";
    const seen = await anon.from("emb_authors").select(select).eq("name", "Ana");
    const all = await service.from("emb_authors").select(select).eq("name", "Ana");
    // anon: no draft posts, no hidden comments; the service role bypasses RLS.
    expect(seen.data).toEqual([
      {
        name: "Ana",
        emb_posts: [
          { title: "Primeiro post", emb_comments: [{ body: "Bom post" }, { body: "Concordo" }] },
          { title: "Segundo post", emb_comments: [{ body: "Legal" }] },
        ],
      },
    ]);
    expect(all.data?.[0]?.emb_posts[0]?.emb_comments).toContainEqual({ body: "spam" });
    const bruno = await anon.from("emb_authors").select("name, emb_posts!author_id(title)").eq("name", "Bruno");
    expect(bruno.data).toEqual([{ name: "Bruno", emb_posts: [{ title: "Terceiro post" }] }]);
    const asService = await service.from("emb_authors").select("name, emb_posts!author_id(title)").eq("name", "Bruno");
    expect(asService.data?.[0]?.emb_posts).toHaveLength(2);
    // A to-one embed of a row RLS hides is null; !inner drops its parent.
    const drafts = await anon.from("emb_comments").select("body, emb_posts(title)").eq("id", 5);
    expect(drafts.data).toEqual([{ body: "Num rascunho", emb_posts: null }]);
    expect((await anon.from("emb_comments").select("body, emb_posts!inner(title)").eq("id", 5)).data).toEqual([]);
  });

  it("bounds how many embeds a select holds and how deep they nest, with PGRST100", async () => {
    const deep = Array.from({ length: MAX_EMBED_DEPTH + 1 }, () => "emb_authors!author_id(emb_posts!author_id(").join(
      "",
    );
    const tooDeep = await raw(
      `/emb_posts?select=${encodeURIComponent(`id,${deep}id${"))".repeat(MAX_EMBED_DEPTH + 1)}`)}`,
    );
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json).toMatchObject({
      code: "PGRST100",
      details: `embedded resources nest at most ${MAX_EMBED_DEPTH} levels deep`,
    });
    const wide = Array.from({ length: MAX_EMBEDS + 1 }, (_, i) => `e${i}:emb_tags(id)`).join(",");
    const tooWide = await raw(`/emb_posts?select=${wide}`);
    expect(tooWide.json).toMatchObject({
      code: "PGRST100",
      details: `at most ${MAX_EMBEDS} embedded resources are allowed`,
    });
  });
});
