// Requests put together at random from PostgREST's grammar (selects with embeds, casts and JSON
// paths, every operator, logic trees, Prefer, Accept and Range headers, profiles, rpc, bodies),
// valid and broken alike: whatever a client sends, the answer is PostgREST's or Postgres' own
// error (4xx), never a 5xx. Seeded, so a failure names a request that fails again.
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { TestBackend } from "../testing/backend.ts";
import { startFixtureBackend } from "./embedding-fixture.ts";
import type { RawAnswer } from "./embedding-fixture.ts";

const REQUESTS = 1500;

/** A small linear congruential generator: the same seed, the same requests. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { chance: (p: number) => next() < p, pick };
}

const TABLES = ["emb_posts", "emb_posts", "emb_authors", "emb_tags", "emb_comments", "emb_post_tags", "nope"];
const COLUMNS = [
  "id",
  "title",
  "body",
  "author_id",
  "published",
  "tags",
  "rating",
  "meta",
  "period",
  "search",
  "name",
  "meta->a",
  "meta->>a",
  "meta->a->>b",
  "bio->0",
  "id::text",
  "rating::int",
  "title::bogus",
  "*",
  "count()",
  "rating.avg()",
  "id.max()::text",
  "x",
];
const EMBEDS = [
  "emb_authors(*)",
  "author:emb_authors!author_id(name)",
  "emb_authors!emb_posts_author_id_fkey(*)",
  "emb_tags(name)",
  "emb_comments(*,emb_comments(*))",
  "...emb_authors(name)",
  "emb_tags!inner(*)",
  "emb_profiles(*)",
  "emb_posts(*)",
  "emb_authors(count())",
  "...emb_tags(name)",
  "emb_comments!parent_id(*)",
  "x(*)",
];
const OPERATORS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "match",
  "imatch",
  "in",
  "is",
  "isdistinct",
  "fts",
  "plfts",
  "phfts",
  "wfts",
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxl",
  "nxr",
  "adj",
  "not.eq",
  "not.in",
  "like(any)",
  "ilike(all)",
  "fts(english)",
  "bogus",
];
const VALUES = [
  "1",
  "-1",
  "abc",
  "",
  "null",
  "true",
  "unknown",
  "(1,2)",
  "{1,2}",
  "[1,5)",
  "%a%",
  "a*",
  "1e400",
  "99999999999999999999",
  "2026-01-01",
  "'x'",
  "\\",
  '{"a":1}',
  "(",
  ")",
  ",",
  '"q,"',
  "NaN",
  "Infinity",
  "ç",
  "a.b",
  "{",
  "[",
  "{a,b",
  "a:b",
  "$1",
  "foo & bar",
];
const PREFER = [
  "count=exact",
  "count=planned",
  "count=estimated",
  "return=representation",
  "return=minimal",
  "resolution=merge-duplicates",
  "missing=default",
  "tx=rollback",
  "max-affected=1",
  "handling=strict",
  "params=single-object",
  "count=bogus",
  "return=headers-only,count=exact",
];
const ACCEPT = [
  "text/csv",
  "application/vnd.pgrst.object+json",
  "application/geo+json",
  "application/vnd.pgrst.plan",
  "*/*",
  "text/html",
  "application/vnd.pgrst.array+json;nulls=stripped",
];
const BODIES = [
  "{}",
  "[]",
  '{"title":"t","published":true}',
  '[{"id":1},{"title":2}]',
  '{"meta":{"a":[1]}}',
  "not json",
  '{"id":"x"}',
  "[1,2]",
  "null",
  '{"tags":"notarray"}',
  '{"period":"[1,"}',
  '{"x":1}',
  '"str"',
];
const FUNCTIONS = [
  "emb_posts_by",
  "emb_sum",
  "emb_echo",
  "emb_mult",
  "emb_greet",
  "emb_numbers",
  "emb_titles",
  "emb_log",
  "nope",
];

/** Encoded as supabase-js encodes a value, keeping PostgREST's punctuation readable. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/%2C/g, ",").replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2A/g, "*");

function randomRequest(g: ReturnType<typeof generator>): { path: string; init: RequestInit & { service: boolean } } {
  const filter = () => {
    if (g.chance(0.15)) {
      const term = () => `${g.pick(COLUMNS)}.${g.pick(OPERATORS)}.${g.pick(VALUES)}`;
      return `${g.pick(["or", "and", "not.or", "emb_tags.or"])}=${encode(`(${term()},${term()}${g.chance(0.3) ? `,and(${term()})` : ""})`)}`;
    }
    return `${encode(`${g.chance(0.1) ? "emb_tags." : ""}${g.pick(COLUMNS)}`)}=${encode(`${g.pick(OPERATORS)}.${g.pick(VALUES)}`)}`;
  };
  const query: string[] = [];
  if (g.chance(0.8)) {
    const items = Array.from({ length: g.pick([1, 2, 3, 4]) }, () =>
      g.chance(0.3) ? g.pick(EMBEDS) : g.pick(COLUMNS),
    );
    query.push(`select=${encode(items.join(","))}`);
  }
  for (let i = 0, n = g.pick([0, 1, 2]); i < n; i++) query.push(filter());
  if (g.chance(0.3))
    query.push(`order=${encode(g.pick(COLUMNS))}.${g.pick(["asc", "desc", "nullsfirst", "desc.nullslast", "bogus"])}`);
  if (g.chance(0.2)) query.push(`limit=${encode(g.pick(VALUES))}`);
  if (g.chance(0.1)) query.push(`offset=${encode(g.pick(VALUES))}`);
  if (g.chance(0.1)) query.push(`emb_tags.limit=${encode(g.pick(VALUES))}`);
  if (g.chance(0.05)) query.push(`columns=${encode(g.pick(COLUMNS))}`);
  if (g.chance(0.05)) query.push(`on_conflict=${encode(g.pick(COLUMNS))}`);

  const method = g.pick(["GET", "GET", "GET", "HEAD", "POST", "PATCH", "DELETE"]);
  const headers: Record<string, string> = {};
  if (g.chance(0.3)) headers.Prefer = g.pick(PREFER);
  if (g.chance(0.2)) headers.Accept = g.pick(ACCEPT);
  if (g.chance(0.1)) headers.Range = g.pick(["0-1", "5-2", "a-b", "0-", "-1"]);
  if (g.chance(0.05)) headers["Accept-Profile"] = g.pick(["emb_extra", "auth", "nope"]);
  let body: string | undefined;
  if (method === "POST" || method === "PATCH") {
    headers["Content-Type"] = g.pick([
      "application/json",
      "application/json",
      "text/csv",
      "application/x-www-form-urlencoded",
    ]);
    body = g.pick(BODIES);
  }
  const rpc = g.chance(0.1);
  const argument =
    rpc && g.chance(0.5) ? `&${g.pick(["author", "nums", "name", "n", "greeting"])}=${encode(g.pick(VALUES))}` : "";
  const path = rpc
    ? `/rpc/${g.pick(FUNCTIONS)}?${query.join("&")}${argument}`
    : `/${g.pick(TABLES)}?${query.join("&")}`;
  return { path, init: { method, headers, ...(body === undefined ? {} : { body }), service: g.chance(0.3) } };
}

describeEachDatabase("REST requests at random", (kind) => {
  let t: TestBackend;
  let raw: (path: string, init?: RequestInit & { key?: string }) => Promise<RawAnswer>;
  beforeAll(async () => {
    ({ t, raw } = await startFixtureBackend(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${REQUESTS} random requests, broken ones included, without a 5xx`, async () => {
    const g = generator(kind === "pglite" ? 7 : 11);
    const serverErrors: string[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < REQUESTS; i++) {
      const { path, init } = randomRequest(g);
      const { service, ...request } = init;
      const answer = await raw(path, { ...request, ...(service ? { key: t.backend.serviceRoleKey } : {}) });
      statuses.add(answer.status);
      if (answer.status >= 500)
        serverErrors.push(`${answer.status} ${init.method} ${path} ${answer.text.slice(0, 200)}`);
    }
    expect(serverErrors).toEqual([]);
    // The requests reach far enough to succeed, and to be refused in several ways.
    expect([...statuses].filter((s) => s < 300).length).toBeGreaterThan(0);
    expect([...statuses].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(4);
  });
});
