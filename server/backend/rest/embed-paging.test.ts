// A read whose page is taken from its table before the embeds run (compile-read.ts,
// pagesBeforeEmbeds) answers the very bytes of the plain statement, where LIMIT … OFFSET sits
// above the embeds' joins and every skipped row runs them. Run as anon (row-level security
// inside the page and the embeds) and as the service role, over the embedding fixture on PGlite
// and PostgreSQL; the statements that must keep the plain form keep it.
import { expect, it } from "vitest";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { compileRead, lookupTable } from "./compile.ts";
import { useFixtureCatalog } from "./embedding-fixture.ts";
import { parseQuery } from "./parse.ts";
import type { ReadOperation } from "./plan.ts";

const PAGED: [string, string, { offset: number; limit?: number }?][] = [
  ["emb_posts", "select=id,author:emb_authors!author_id(name),emb_tags(name)&order=id&offset=1&limit=2"],
  ["emb_posts", "select=title,emb_comments(body,parent:emb_comments(body))&order=id.desc&offset=1"],
  ["emb_posts", "select=id,emb_tags(name)&title=neq.Nada&or=(id.gt.1,published.is.false)&order=id&offset=1"],
  ["emb_posts", "select=id,...emb_authors!author_id(name),emb_tags(*)&emb_tags.order=id.desc&order=id&offset=2"],
  ["emb_authors", "select=name,emb_posts!author_id(title)&order=name.desc&offset=1&limit=1"],
  ["emb_authors", "select=name,emb_profiles(website)&order=id", { offset: 1, limit: 1 }],
];

/** Reads whose embeds decide which rows there are, or their order: the page comes after them. */
const UNPAGED = [
  "select=id,emb_tags!inner(name)&order=id&offset=1",
  "select=id,author:emb_authors!author_id(name)&order=author(name),id&offset=1",
  "select=id,emb_tags(name)&emb_tags=not.is.null&order=id&offset=1",
  "select=author_id,count(),emb_authors!author_id(name)&offset=1",
  "select=id,emb_tags(name)&order=id&limit=2",
];

describeEachDatabase("REST reads paged before their embeds", (kind) => {
  const fixture = useFixtureCatalog(kind);

  function compile(table: string, query: string, range: ReadOperation["range"], embedsBeforePaging: boolean) {
    const op: ReadOperation = {
      kind: "read",
      query: parseQuery(new URLSearchParams(query)),
      media: { kind: "json", stripNulls: false },
      head: false,
      range,
      count: "exact",
    };
    return compileRead(fixture.snapshot, lookupTable(fixture.snapshot, "public", table), op, { embedsBeforePaging });
  }

  async function body(role: "anon" | "service_role", compiled: { sql: string; params: unknown[] }) {
    const res = await fixture.t.backend.db.asRole(role, { role }, (tx) =>
      tx.query<{ n: number; body: string; total: string }>(compiled.sql, compiled.params),
    );
    return res.rows[0]!;
  }

  it("answers what the plain statement answers, rows, total and bytes", async () => {
    for (const role of ["anon", "service_role"] as const) {
      for (const [table, query, range] of PAGED) {
        const paged = compile(table, query, range ?? null, false);
        const plain = compile(table, query, range ?? null, true);
        expect(paged.sql, `${query}`).not.toBe(plain.sql);
        const [a, b] = [await body(role, paged), await body(role, plain)];
        expect(a, `${role} ${query}`).toEqual(b);
        expect(a.n, `${role} ${query}`).toBeGreaterThan(0);
      }
    }
  });

  it("keeps the page after the embeds where they filter, order, count or no offset skips a row", () => {
    for (const query of UNPAGED) {
      expect(compile("emb_posts", query, null, false).sql, `${query}`).toBe(
        compile("emb_posts", query, null, true).sql,
      );
    }
  });
});
