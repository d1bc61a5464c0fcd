// A to-one embed joined to its parent (compile-read.ts, toOneJoinSql) answers the very bytes the
// lateral subquery does: the same statement compiled both ways, run as anon (row-level security
// inside the embed) and as the service role, over the embedding fixture on PGlite and PostgreSQL.
import { expect, it } from "vitest";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { compileRead, lookupTable } from "./compile.ts";
import { useFixtureCatalog } from "./embedding-fixture.ts";
import type { Media } from "./media.ts";
import { parseQuery } from "./parse.ts";
import type { ReadOperation } from "./plan.ts";

const JSON_MEDIA: Media = { kind: "json", stripNulls: false };

/** Table, query string, and whether the rows come in no defined order (compared as sets). */
const CASES: [string, string, boolean?][] = [
  ["emb_posts", "select=title,author:emb_authors!author_id(name)&order=id"],
  ["emb_posts", "select=id,author:emb_authors!author_id(*),editor:emb_authors!editor_id(name,bio)&order=id"],
  ["emb_posts", "select=id,author:emb_authors!author_id(name),emb_tags(name)&order=id"],
  ["emb_posts", "select=title,author:emb_authors!author_id!inner(name)&author.name=eq.Ana&order=id"],
  ["emb_posts", "select=title,author:emb_authors!author_id(name)&author.or=(name.eq.Bruno,id.eq.3)&order=id"],
  ["emb_posts", "select=title,author:emb_authors!author_id(name)&order=author(name).desc,id"],
  ["emb_posts", "select=id,author:emb_authors!author_id(city:bio->>city,n:id::text)&order=id"],
  ["emb_authors", "select=name,emb_profiles(website)&order=id"],
  ["emb_authors", "select=name,emb_profiles()&emb_profiles=not.is.null&order=id"],
  ["emb_authors", "select=name,emb_profiles(website)&emb_profiles=is.null&order=id"],
  ["emb_profiles", "select=website,emb_authors(name)"],
  // Row-level security hides the draft post: null, and !inner drops the comment.
  ["emb_comments", "select=body,emb_posts(title)&order=id"],
  ["emb_comments", "select=body,emb_posts!inner(title)&order=id"],
  ["emb_comments", "select=body,parent:emb_comments!parent_id(body)&order=id"],
  // Through a view (kept a subquery) and from one.
  ["emb_comments", "select=id,emb_published(title)&order=id"],
  ["emb_published", "select=title,emb_authors(name)&order=id"],
  ["emb_posts", "select=count(),author:emb_authors!author_id(name)", true],
  ["emb_posts", "select=title,author:emb_authors!author_id(name)&author.limit=1&author.order=name&order=id"],
];

/** The body as it is, or its rows in a fixed order when the query leaves their order open. */
function comparable(body: string, unordered = false): string | string[] {
  return unordered ? (JSON.parse(body) as unknown[]).map((r) => JSON.stringify(r)).toSorted() : body;
}

describeEachDatabase("REST to-one embeds as joins", (kind) => {
  const fixture = useFixtureCatalog(kind);

  async function run(role: "anon" | "service_role", table: string, query: string, lateralOnly: boolean) {
    const op: ReadOperation = {
      kind: "read",
      query: parseQuery(new URLSearchParams(query)),
      media: JSON_MEDIA,
      head: false,
      range: null,
      ...(role === "anon" ? { maxRows: 1000 } : {}),
    };
    const compiled = compileRead(fixture.snapshot, lookupTable(fixture.snapshot, "public", table), op, { lateralOnly });
    const res = await fixture.t.backend.db.asRole(role, { role }, (tx) =>
      tx.query<{ body: string }>(compiled.sql, compiled.params),
    );
    return { sql: compiled.sql, body: res.rows[0]!.body };
  }

  it("answers what the lateral subquery answers, byte for byte", async () => {
    for (const role of ["anon", "service_role"] as const) {
      for (const [table, query, unordered] of CASES) {
        const joined = await run(role, table, query, false);
        const lateral = await run(role, table, query, true);
        expect(comparable(joined.body, unordered), `${role} ${query}`).toEqual(comparable(lateral.body, unordered));
      }
    }
    const { sql, body } = await run("anon", "emb_comments", "select=body,emb_posts(title)&order=id", false);
    expect(sql).toContain('LEFT JOIN ("public"."emb_posts" AS pgrst_t1 CROSS JOIN LATERAL');
    expect(JSON.parse(body)).toContainEqual({ body: "Num rascunho", emb_posts: null });
  });
});
