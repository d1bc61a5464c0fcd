import { afterAll, describe, expect, it } from "vitest";
import { useMigratedPglite } from "../testing/migrated-pglite.ts";
import { startAutovacuum, type Autovacuum } from "./autovacuum.ts";

/** Polls `check` until it holds (the work runs on timers). */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("autovacuum on PGlite", () => {
  const pglite = useMigratedPglite("omnia-autovacuum-");
  let autovacuum: Autovacuum | undefined;
  const logged: string[] = [];
  afterAll(() => autovacuum?.stop());

  const insertPosts = (prefix: string, count: number, text: string) =>
    pglite.db.query(
      `insert into public.blog_posts (title, slug, content, published)
       select $1 || ' ' || g, $1 || '-' || g, $2, true from generate_series(1, $3::int) as g`,
      [prefix, text, count],
    );
  const lexemes = async () =>
    (
      await pglite.db.query<{ elems: string[] | null }>(
        `select most_common_elems::text::text[] as elems from pg_stats
          where schemaname = 'public' and tablename = 'blog_posts' and attname = 'search_vector'`,
      )
    ).rows[0]?.elems ?? [];
  const tableBytes = async (table: string) =>
    Number((await pglite.db.query<{ n: string }>(`select pg_table_size($1) as n`, [table])).rows[0]!.n);

  it("analyzes the blog at start, and again once a burst of changes has settled", async () => {
    await insertPosts("zebra", 30, "Zebras no atendimento.");
    autovacuum = await startAutovacuum(pglite.db, { settleMs: 20, intervalMs: 3_600_000, log: (l) => logged.push(l) });
    expect(await lexemes()).toContain("zebr");

    await insertPosts("capivara", 300, "Capivaras no atendimento.");
    await until(async () => (await lexemes()).includes("capiv"));
  });

  it("keeps the search reading a common word's posts newest first, analyzed and vacuumed", async () => {
    await pglite.db.exec("VACUUM (ANALYZE) public.blog_posts");
    const plan = await pglite.db.query<{ "QUERY PLAN": string }>(
      `explain select p.id from public.blog_posts p
        where p.search_vector @@ websearch_to_tsquery('public.pt_unaccent', 'atendimento')
          and public.post_is_visible(p.published, p.published_at)
        order by p.published_at desc, p.id desc limit 121`,
    );
    expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain("Index Scan using blog_posts_visible_idx");
  });

  it("keeps a tag's page reading that tag's posts, not every visible post, once vacuumed", async () => {
    // 3,000 posts an hour apart, each in one to three of 200 tags, as a blog's list pages see them.
    await pglite.db.exec(`
      insert into public.blog_posts (title, slug, content, published, published_at)
        select 'Pagina ' || g, 'pagina-' || g, 'Um post entre muitos.', true, now() - g * interval '1 hour'
          from generate_series(1, 3000) as g;
      insert into public.tags (slug, name) select 'tema-' || i, 'Tema ' || i from generate_series(1, 200) as i;
      insert into public.post_tags (post_id, tag_id, position)
        select p.id, t.id, k
          from (select id, split_part(slug, '-', 2)::int as n from public.blog_posts where slug like 'pagina-%') as p
          cross join lateral generate_series(0, p.n % 3) as k
          join public.tags t on t.slug = 'tema-' || (1 + (p.n + k * 67) % 200)`);
    for (const table of ["public.blog_posts", "public.post_tags", "public.tags"]) {
      await pglite.db.exec(`VACUUM (ANALYZE) ${table}`);
    }
    const tag = (await pglite.db.query<{ id: string }>("select id from public.tags where slug = 'tema-6'")).rows[0]!.id;
    const plan = await pglite.db.query<{ "QUERY PLAN": string }>(
      `explain select p.id from public.post_tags pt join public.blog_posts p on p.id = pt.post_id
        where pt.tag_id = $1 and public.post_is_visible(p.published, p.published_at)
        order by p.published_at desc, p.id desc limit 12 offset 12`,
      [tag],
    );
    // With random_page_cost at PostgreSQL's default of 4 (a disk's), the planner scans every
    // visible post and hashes the tag's rows against them (pglite.ts, POSTGRESQL_CONF).
    expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain("Index Scan using blog_posts_pkey");
  });

  it("vacuums a table once enough of its rows are dead, so new rows reuse their space", async () => {
    await pglite.db.exec("create table public.churn (id int primary key, body text)");
    await pglite.db.exec("insert into public.churn select g, repeat('x', 200) from generate_series(1, 20000) g");
    // 20,000 new rows are past the insert threshold: vacuumed and analyzed, as autovacuum would.
    expect(await autovacuum!.runPass()).toMatchObject({ vacuumed: expect.arrayContaining(["public.churn"]) });
    const full = await tableBytes("public.churn");

    await pglite.db.exec("delete from public.churn where id <= 15000");
    expect((await autovacuum!.runPass()).vacuumed).toContain("public.churn");
    await pglite.db.exec("insert into public.churn select g, repeat('y', 200) from generate_series(1, 15000) g");
    // Unvacuumed, the table would grow by three quarters: nothing else records the freed space.
    expect(await tableBytes("public.churn")).toBeLessThanOrEqual(full);
    expect(logged).toEqual([]);
  });

  it("leaves a table under autovacuum's thresholds alone", async () => {
    await pglite.db.exec("create table public.calm (id int primary key)");
    await pglite.db.exec("insert into public.calm select generate_series(1, 1000)");
    // The insert's counts reach the statistics on a flush; after the VACUUM they would count again.
    await pglite.db.query("select pg_stat_force_next_flush()");
    await pglite.db.exec("VACUUM (ANALYZE) public.calm");
    // 40 dead rows of 1,000: under 50 + 20 %, and 40 changes under 50 + 10 %.
    await pglite.db.exec("delete from public.calm where id <= 40");
    const pass = await autovacuum!.runPass();
    expect([...pass.vacuumed, ...pass.analyzed]).not.toContain("public.calm");

    await pglite.db.exec("delete from public.calm where id <= 300");
    expect((await autovacuum!.runPass()).vacuumed).toContain("public.calm");
  });

  it("honours a table's own autovacuum settings", async () => {
    await pglite.db.exec(`
      create table public.eager (id int primary key) with (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10);
      create table public.exempt (id int primary key) with (autovacuum_enabled = off);
      insert into public.eager select generate_series(1, 1000);
      insert into public.exempt select generate_series(1, 1000)`);
    await pglite.db.query("select pg_stat_force_next_flush()");
    await pglite.db.exec("VACUUM (ANALYZE) public.eager");
    await pglite.db.exec("VACUUM (ANALYZE) public.exempt");
    // 20 dead rows: over the eager table's own 10 + 0 %, under the server's 50 + 20 %.
    await pglite.db.exec("delete from public.eager where id <= 20; delete from public.exempt where id <= 900");
    const pass = await autovacuum!.runPass();
    expect(pass.vacuumed).toContain("public.eager");
    expect([...pass.vacuumed, ...pass.analyzed]).not.toContain("public.exempt");
  });

  it("settles: once nothing changes, a pass finds nothing to do", async () => {
    await autovacuum!.runPass();
    await autovacuum!.runPass();
    // pg_statistic, rewritten by every ANALYZE, is never analyzed itself, as with autovacuum.
    expect(await autovacuum!.runPass()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it("checks the tables on its own every interval", async () => {
    await pglite.db.exec("create table public.ticks (id int)");
    await pglite.db.exec("insert into public.ticks select generate_series(1, 5000)");
    const own = await startAutovacuum(pglite.db, { intervalMs: 20, log: (l) => logged.push(l) });
    try {
      await until(async () => {
        const { rows } = await pglite.db.query<{ at: string | null }>(
          `select last_vacuum as at from pg_stat_user_tables where relname = 'ticks'`,
        );
        return rows[0]?.at != null;
      });
    } finally {
      await own.stop();
    }
    expect(logged).toEqual([]);
  });
});
