// The blog's list pages as the database serves them (supabase/migrations/
// 20260101003400_list_pages_by_counts.sql): visible_post_page and visible_tags answer exactly what
// the views visitors read answer (visible_posts, tag_posts), from counts kept by triggers, on
// PGlite and on a throwaway PostgreSQL.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./testing/backend.ts";
import { describeEachDatabase } from "./testing/describe-each-database.ts";
import { eventually } from "./testing/eventually.ts";

let sequence = 0;
const fresh = (prefix: string) => `${prefix}-${(sequence += 1)}`;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Card {
  id: string;
  slug: string;
  primary_tag_slug: string | null;
  primary_tag_name: string | null;
  total: number;
}

/** The counts the triggers keep, and the same counts computed from the tables now. */
const KEPT = `select list || ':' || key as k, published as n from public.post_list_counts where published <> 0`;
const COMPUTED = `
  select 'all:00000000-0000-0000-0000-000000000000' as k, count(*)::int as n
    from public.blog_posts p where p.published and p.published_at is not null having count(*) > 0
  union all
  select 'author:' || p.author_id, count(*)::int from public.blog_posts p
    where p.published and p.published_at is not null and p.author_id is not null group by p.author_id
  union all
  select 'tag:' || pt.tag_id, count(*)::int from public.post_tags pt join public.blog_posts p on p.id = pt.post_id
    where p.published and p.published_at is not null group by pt.tag_id`;

describeEachDatabase("the blog's list pages", (kind) => {
  let t: TestBackend;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let adminId: string;
  let writerId: string;

  async function post(fields: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
    const slug = fresh("lista");
    const { data, error } = await admin
      .from("blog_posts")
      .insert({ title: `Post ${slug}`, slug, content: "Texto.", published: true, author_id: adminId, ...fields })
      .select("id,slug")
      .single();
    if (error) throw new Error(error.message);
    return data as { id: string; slug: string };
  }

  async function tag(): Promise<{ id: string; slug: string }> {
    const slug = fresh("tema");
    const { data, error } = await admin
      .from("tags")
      .insert({ name: `Tema ${slug}`, slug })
      .select("id,slug")
      .single();
    if (error) throw new Error(error.message);
    return data as { id: string; slug: string };
  }

  async function setTags(postId: string, tagIds: string[]): Promise<void> {
    const { error } = await admin.rpc("set_post_tags", { for_post: postId, tag_ids: tagIds });
    if (error) throw new Error(error.message);
  }

  async function update(id: string, fields: Record<string, unknown>): Promise<void> {
    const { error } = await admin.from("blog_posts").update(fields).eq("id", id);
    if (error) throw new Error(error.message);
  }

  type Of = { of_tag?: string; of_author?: string };

  async function page(size: number, offset: number, of: Of = {}): Promise<Card[]> {
    const { data, error } = await anon.rpc(
      "visible_post_page",
      { page_size: size, page_offset: offset, ...of },
      { get: true },
    );
    if (error) throw new Error(error.message);
    return data as Card[];
  }

  /** The same page read from the views, as the list pages read it before. */
  async function viewPage(size: number, offset: number, of: Of = {}) {
    const columns = "id,title,slug,excerpt,featured_image,published_at,primary_tag_slug,primary_tag_name";
    const base = of.of_tag
      ? anon.from("tag_posts").select(columns, { count: "exact" }).eq("tag_id", of.of_tag)
      : of.of_author
        ? anon.from("visible_posts").select(columns, { count: "exact" }).eq("author_id", of.of_author)
        : anon.from("visible_posts").select(columns, { count: "exact" });
    const { data, count } = await base
      .order("published_at", { ascending: false })
      .order("id", { ascending: false })
      .range(offset, offset + size - 1);
    return { rows: data ?? [], count: count ?? 0 };
  }

  /** Every page of a list, in pages of `size`, is the views' page, with the views' count. */
  async function expectSameAsViews(of: Of, size = 2): Promise<number> {
    const { count } = await viewPage(1, 0, of);
    for (let offset = 0; offset < count + size; offset += size) {
      const mine = await page(size, offset, of);
      const theirs = await viewPage(size, offset, of);
      expect(mine.map(({ total: _total, ...card }) => card)).toEqual(offset < count ? theirs.rows : []);
      for (const card of mine) expect(card.total).toBe(count);
    }
    return count;
  }

  const countsOf = async (sql: string) =>
    Object.fromEntries((await t.backend.db.query<{ k: string; n: number }>(sql)).rows.map((r) => [r.k, r.n]));
  async function expectCountsKept(): Promise<void> {
    expect(await countsOf(KEPT)).toEqual(await countsOf(COMPUTED));
  }

  const tagCount = async (tagId: string) =>
    (await anon.from("visible_tags").select("post_count").eq("id", tagId)).data?.[0]?.post_count ?? 0;
  const total = async (of: Of = {}) => (await page(1, 0, of))[0]?.total ?? 0;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    anon = t.client();
    const a = await t.user("listas@example.com", { admin: true });
    admin = a.client;
    adminId = a.id;
    writerId = (await t.user("escritor-listas@example.com", { admin: true })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("pages every list as the views do, from either end, with their counts", async () => {
    const [a, b] = [await tag(), await tag()];
    const hour = Date.now() - 10 * HOUR;
    for (let i = 0; i < 9; i++) {
      // Two posts share each moment: the id orders them.
      const p = await post({
        published_at: iso(hour + Math.floor(i / 2) * HOUR),
        author_id: i % 3 ? adminId : writerId,
      });
      await setTags(p.id, i % 2 ? [a.id, b.id] : [b.id]);
    }
    const draft = await post({ published: false });
    const scheduled = await post({ published_at: iso(Date.now() + 24 * HOUR) });
    await setTags(draft.id, [a.id]);
    await setTags(scheduled.id, [a.id]);

    expect(await expectSameAsViews({})).toBeGreaterThan(9);
    expect(await expectSameAsViews({}, 5)).toBeGreaterThan(9);
    expect(await expectSameAsViews({ of_tag: a.id })).toBe(4);
    expect(await expectSameAsViews({ of_tag: b.id }, 3)).toBe(9);
    expect(await expectSameAsViews({ of_author: writerId })).toBe(3);
    // The primary tag is the first one.
    expect((await page(1, 0, { of_tag: a.id }))[0]?.primary_tag_slug).toBe(a.slug);
    await expectCountsKept();
  });

  it("never shows a draft or a scheduled post, in a list or in a count", async () => {
    const topic = await tag();
    const draft = await post({ published: false, author_id: writerId });
    const scheduled = await post({ published_at: iso(Date.now() + 24 * HOUR), author_id: writerId });
    await setTags(draft.id, [topic.id]);
    await setTags(scheduled.id, [topic.id]);
    const hidden = new Set([draft.id, scheduled.id]);
    for (const of of [{}, { of_tag: topic.id }, { of_author: writerId }]) {
      const all = await page(100, 0, of);
      expect(all.filter((card) => hidden.has(card.id))).toEqual([]);
    }
    expect(await page(12, 0, { of_tag: topic.id })).toEqual([]);
    expect((await anon.from("visible_tags").select("id").eq("id", topic.id)).data).toEqual([]);
    // The cards' primary-tag lookup says nothing of a hidden post.
    for (const id of hidden) {
      expect((await anon.rpc("post_primary_tag", { for_post: id })).data).toEqual([]);
    }
    const live = await post();
    await setTags(live.id, [topic.id]);
    expect((await anon.rpc("post_primary_tag", { for_post: live.id })).data).toEqual([
      { slug: topic.slug, name: `Tema ${topic.slug}` },
    ]);
  });

  it("keeps the counts right as posts are published, scheduled, retagged, moved and deleted", async () => {
    const [a, b] = [await tag(), await tag()];
    const before = { all: await total(), writer: await total({ of_author: writerId }) };
    const p = await post({ published: false, author_id: writerId });
    await setTags(p.id, [a.id, b.id]);
    expect([await total(), await tagCount(a.id)]).toEqual([before.all, 0]);

    await update(p.id, { published: true });
    expect([await total(), await total({ of_author: writerId }), await tagCount(a.id), await tagCount(b.id)]).toEqual([
      before.all + 1,
      before.writer + 1,
      1,
      1,
    ]);
    await setTags(p.id, [b.id]);
    expect([await tagCount(a.id), await tagCount(b.id)]).toEqual([0, 1]);
    await update(p.id, { author_id: adminId });
    expect(await total({ of_author: writerId })).toBe(before.writer);
    await update(p.id, { published_at: iso(Date.now() + 24 * HOUR) });
    expect([await total(), await tagCount(b.id)]).toEqual([before.all, 0]);
    await update(p.id, { published_at: iso(Date.now() - HOUR) });
    await update(p.id, { published: false });
    expect([await total(), await tagCount(b.id)]).toEqual([before.all, 0]);
    await update(p.id, { published: true });
    expect(await tagCount(b.id)).toBe(1);

    const q = await post({ author_id: writerId });
    await setTags(q.id, [a.id, b.id]);
    expect(await tagCount(b.id)).toBe(2);
    const { error } = await admin.from("blog_posts").delete().eq("id", q.id);
    expect(error).toBeNull();
    expect([await total(), await tagCount(a.id), await tagCount(b.id)]).toEqual([before.all + 1, 0, 1]);
    expect((await admin.from("tags").delete().eq("id", b.id)).error).toBeNull();
    expect((await anon.from("visible_tags").select("id").eq("id", b.id)).data).toEqual([]);
    await expectCountsKept();
  });

  it("counts a scheduled post once its moment comes, with no write", async () => {
    const topic = await tag();
    const before = await total();
    const scheduled = await post({ published_at: iso(Date.now() + 2_000) });
    await setTags(scheduled.id, [topic.id]);
    expect(await total()).toBe(before);
    expect(await eventually(async () => (await total()) === before + 1, 15_000)).toBe(true);
    expect(await tagCount(topic.id)).toBe(1);
    expect((await page(1, 0, { of_tag: topic.id }))[0]?.id).toBe(scheduled.id);
  });

  it("counts a bulk load written in replica mode, with the other triggers off", async () => {
    const before = await total();
    await t.backend.db.transaction(async (tx) => {
      await tx.query("set local session_replication_role = replica");
      await tx.query(
        `insert into public.blog_posts (title, slug, content, published, published_at, author_id)
         select 'Carga ' || i, 'carga-' || i, 'Texto.', true, now() - interval '1 day', $1::uuid
           from generate_series(1, 30) as i`,
        [adminId],
      );
    });
    expect(await total()).toBe(before + 30);
    await expectCountsKept();
  });

  it("gives visitors no other way in: the counts and their writers are the database's", async () => {
    for (const client of [anon, admin]) {
      const read = await client.from("post_list_counts").select("*");
      expect(read.error?.code).toBe("42501");
      for (const fn of ["refresh_post_list_counts", "visible_post_count"]) {
        const { error } = await client.rpc(fn, {});
        expect([fn, error]).not.toEqual([fn, null]);
      }
      const shift = await client.rpc("shift_post_counts", { post_ids: [], author_ids: [], deltas: [] });
      expect(shift.error).not.toBeNull();
    }
    // One list at a time.
    const topic = await tag();
    const both = await anon.rpc("visible_post_page", {
      page_size: 12,
      page_offset: 0,
      of_tag: topic.id,
      of_author: adminId,
    });
    expect([both.status, both.error?.code]).toEqual([400, "22023"]);
  });
});
