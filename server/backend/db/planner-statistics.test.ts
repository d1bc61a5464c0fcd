import { afterAll, describe, expect, it } from "vitest";
import { useMigratedPglite } from "../testing/migrated-pglite.ts";
import { keepBlogStatistics, type PlannerStatistics } from "./planner-statistics.ts";

/** Polls `check` until it holds (the statistics are gathered on a timer). */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("the blog's planner statistics on PGlite", () => {
  const pglite = useMigratedPglite("omnia-statistics-");
  let statistics: PlannerStatistics | undefined;
  afterAll(() => statistics?.stop());

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

  it("are gathered at start, and again once a burst of changes has settled", async () => {
    await insertPosts("zebra", 30, "Zebras no atendimento.");
    statistics = await keepBlogStatistics(pglite.db, { settleMs: 20, log: () => {} });
    expect(await lexemes()).toContain("zebr");

    await insertPosts("capivara", 300, "Capivaras no atendimento.");
    await until(async () => (await lexemes()).includes("capiv"));
  });

  it("let the search read a common word's posts newest first instead of every match", async () => {
    const plan = await pglite.db.query<{ "QUERY PLAN": string }>(
      `explain select p.id from public.blog_posts p
        where p.search_vector @@ websearch_to_tsquery('public.pt_unaccent', 'atendimento')
          and public.post_is_visible(p.published, p.published_at)
        order by p.published_at desc, p.id desc limit 121`,
    );
    expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain("Index Scan using blog_posts_visible_idx");
  });
});
