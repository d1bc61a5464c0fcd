// The query-string grammar on its own (parse.ts, grammar.ts, select-grammar.ts,
// filter-grammar.ts, prefer.ts, media.ts): PostgREST's syntax in, a plan out, no database.
import { describe, expect, it } from "vitest";
import { MAX_LOGIC_DEPTH, parseOperation, parseOrder } from "./filter-grammar.ts";
import { MAX_NAME_BYTES } from "./grammar.ts";
import { negotiate } from "./media.ts";
import { MAX_QUERY_STRING, MAX_SELECT_ITEMS, checkQueryLength, parseQuery, parseRange, parseSelect } from "./parse.ts";
import { parsePrefer, preferenceApplied } from "./prefer.ts";
import { MAX_EMBED_DEPTH, MAX_EMBEDS } from "./select-grammar.ts";
import { restError } from "./testing.ts";

function q(s: string, rpcRead = false) {
  return parseQuery(new URLSearchParams(s), { rpcRead });
}

const star = { kind: "field", field: { name: "*", path: [] } };
const col = (name: string, extra = {}) => ({ kind: "field", field: { name, path: [] }, ...extra });

describe("select", () => {
  it("parses columns, aliases, quoted names, casts, JSON paths and aggregates", () => {
    expect(parseSelect(null)).toEqual([star]);
    expect(parseSelect("")).toEqual([star]);
    expect(parseSelect("t:title, id")).toEqual([col("title", { alias: "t" }), col("id")]);
    expect(parseSelect('"we\\"ird"')).toEqual([col('we"ird')]);
    expect(parseSelect("rating::text")).toEqual([col("rating", { cast: "text" })]);
    expect(parseSelect("data->a->>0")).toEqual([
      {
        kind: "field",
        field: {
          name: "data",
          path: [
            { arrow: "->", key: "a", index: false },
            { arrow: "->>", key: "+0", index: true },
          ],
        },
      },
    ]);
    expect(parseSelect("count(),total:amount.sum()::int,amount::numeric.avg()")).toEqual([
      col("*", { aggregate: "count" }),
      col("amount", { alias: "total", aggregate: "sum", aggregateCast: "int" }),
      col("amount", { cast: "numeric", aggregate: "avg" }),
    ]);
  });

  it("parses embeds with aliases, hints, join types, spreads and nesting", () => {
    expect(parseSelect("*,author:users!author_id!inner(name),...tags!post_tags(name,owner:users(id))")).toEqual([
      star,
      {
        kind: "embed",
        relation: "users",
        alias: "author",
        hint: "author_id",
        join: "inner",
        spread: false,
        children: [col("name")],
      },
      {
        kind: "embed",
        relation: "tags",
        hint: "post_tags",
        spread: true,
        children: [
          col("name"),
          { kind: "embed", relation: "users", alias: "owner", spread: false, children: [col("id")] },
        ],
      },
    ]);
    expect(parseSelect("users!left(*)")).toEqual([
      { kind: "embed", relation: "users", join: "left", spread: false, children: [star] },
    ]);
    // An empty embed only filters (`author!inner()`): no output of its own.
    expect(parseSelect("id,users()")).toEqual([
      col("id"),
      { kind: "embed", relation: "users", spread: false, children: [] },
    ]);
  });

  it.each([
    ["id,clients(name[])", 16],
    ["title,tags(", 12],
    ["*!hint", 2],
    ["name::", 7],
  ])("refuses %s with PostgREST's position (column %i)", (select, column) => {
    const err = restError(() => parseSelect(select));
    expect(err).toMatchObject({ status: 400, code: "PGRST100" });
    expect(err.message).toBe(`"failed to parse select parameter (${select})" (line 1, column ${column})`);
  });
});

describe("request bounds (ADR 014)", () => {
  it.each([
    ["content,content", "content"],
    ["x:title,x:slug", "x"],
    ["title,title:slug", "title"],
    ["*,*", "*"],
    ['"content",content', "content"],
    ["id, id", "id"],
    ["tags(name,name)", "name"],
  ])("refuses the repeated output key in select=%s with 400 PGRST100", (select, key) => {
    const err = restError(() => parseSelect(select));
    expect(err).toMatchObject({ status: 400, code: "PGRST100", hint: null });
    expect(err.message).toBe(`"failed to parse select parameter (${select})"`);
    expect(err.details).toContain(`"${key}" appears more than once`);
  });

  it("allows distinct aliases of one column, and counts every column of every embed toward the bound", () => {
    expect(parseSelect("a:content,b:content,content")).toHaveLength(3);
    const atBound = Array.from({ length: MAX_SELECT_ITEMS }, (_, i) => `c${i}:content`).join(",");
    expect(parseSelect(atBound)).toHaveLength(MAX_SELECT_ITEMS);
    const over = restError(() => parseSelect(`${atBound},one_more:content`));
    expect(over).toMatchObject({
      status: 400,
      code: "PGRST100",
      details: `at most ${MAX_SELECT_ITEMS} select items are allowed`,
    });
    // The message quotes the select like PostgREST, but not all of it.
    expect(over.message.length).toBeLessThan(200);
    const nested = restError(() => parseSelect(`x(${atBound}),y`));
    expect(nested.details).toBe(`at most ${MAX_SELECT_ITEMS} select items are allowed`);
  });

  it("bounds the number and depth of embeds", () => {
    const deep =
      Array.from({ length: MAX_EMBED_DEPTH + 1 }, (_, i) => `e${i}(`).join("") + "id" + ")".repeat(MAX_EMBED_DEPTH + 1);
    expect(restError(() => parseSelect(deep)).details).toBe(
      `embedded resources nest at most ${MAX_EMBED_DEPTH} levels deep`,
    );
    const wide = Array.from({ length: MAX_EMBEDS + 1 }, (_, i) => `e${i}(id)`).join(",");
    expect(restError(() => parseSelect(wide)).details).toBe(`at most ${MAX_EMBEDS} embedded resources are allowed`);
  });

  it("bounds logic trees", () => {
    const deep = "or=" + "(a.eq.1,or".repeat(MAX_LOGIC_DEPTH) + "(a.eq.1,a.eq.2)" + ")".repeat(MAX_LOGIC_DEPTH);
    expect(restError(() => q(deep)).details).toBe(`logic trees nest at most ${MAX_LOGIC_DEPTH} levels deep`);
    const fits = "or=" + "(a.eq.1,or".repeat(MAX_LOGIC_DEPTH - 1) + "(a.eq.1,a.eq.2)" + ")".repeat(MAX_LOGIC_DEPTH - 1);
    expect(q(fits).logic).toHaveLength(1);
  });

  it("bounds names in bytes, as Postgres does, not in characters", () => {
    expect(parseSelect("a".repeat(MAX_NAME_BYTES))).toHaveLength(1);
    // 32 two-byte letters: 32 characters, 64 bytes.
    for (const name of ["a".repeat(MAX_NAME_BYTES + 1), "ç".repeat(32)]) {
      expect(restError(() => parseSelect(name))).toMatchObject({
        status: 400,
        code: "PGRST100",
        details: `names are 1 to ${MAX_NAME_BYTES} bytes long`,
      });
    }
    expect(parseSelect("ç".repeat(31))).toHaveLength(1);
  });

  it("bounds the raw query string", () => {
    expect(() => checkQueryLength("a".repeat(MAX_QUERY_STRING))).not.toThrow();
    expect(restError(() => checkQueryLength("a".repeat(MAX_QUERY_STRING + 1)))).toMatchObject({
      status: 400,
      code: "PGRST100",
      message: "Query string too long",
    });
  });
});

describe("filters and logic trees", () => {
  it.each([
    ["eq.a.b.c", { negate: false, operation: { op: "eq", value: "a.b.c" } }],
    ["not.ilike.*ai*", { negate: true, operation: { op: "ilike", value: "*ai*" } }],
    ["is.NULL", { negate: false, operation: { op: "is", value: "null" } }],
    ["is.not_null", { negate: false, operation: { op: "is", value: "not_null" } }],
    ['in.(a,"b,c","d\\"e",)', { negate: false, operation: { op: "in", values: ["a", "b,c", 'd"e', ""] } }],
    ["in.()", { negate: false, operation: { op: "in", values: [] } }],
    ["like(any).{a*,b*}", { negate: false, operation: { op: "like", quantifier: "any", value: "{a*,b*}" } }],
    ["eq(all).{1,2}", { negate: false, operation: { op: "eq", quantifier: "all", value: "{1,2}" } }],
    ["cs.{a,b}", { negate: false, operation: { op: "cs", value: "{a,b}" } }],
    ["adj.[1,2)", { negate: false, operation: { op: "adj", value: "[1,2)" } }],
    ["wfts(english).the cat", { negate: false, operation: { op: "wfts", language: "english", value: "the cat" } }],
    ["fts.cat", { negate: false, operation: { op: "fts", value: "cat" } }],
    ["not.isdistinct.3", { negate: true, operation: { op: "isdistinct", value: "3" } }],
    ["imatch.^a", { negate: false, operation: { op: "imatch", value: "^a" } }],
  ])("parses %s", (raw, expected) => {
    expect(parseOperation(raw)).toEqual(expected);
  });

  it.each(["eq", "xx.true", "is.maybe", "in.(1,2", 'in.("a)', "eq(some).1", "fts(.x"])(
    "refuses %s with PGRST100",
    (raw) => {
      expect(restError(() => parseOperation(raw))).toMatchObject({ status: 400, code: "PGRST100" });
    },
  );

  it("places filters, logic, order and ranges on the root or an embed", () => {
    const plan = q(
      "select=id,msgs(id)&msgs.id=gt.1&data->>a=eq.x&or=(a.eq.1,and(b.gt.2,c.is.null))&msgs.not.and=(d.eq.1)&msgs.order=id.desc&msgs.limit=2&msgs.offset=1&limit=3",
    );
    expect(plan.filters).toEqual([
      {
        path: ["msgs"],
        value: { field: { name: "id", path: [] }, negate: false, operation: { op: "gt", value: "1" } },
      },
      {
        path: [],
        value: {
          field: { name: "data", path: [{ arrow: "->>", key: "a", index: false }] },
          negate: false,
          operation: { op: "eq", value: "x" },
        },
      },
    ]);
    expect(
      plan.logic.map((l) => [
        l.path,
        l.value.kind === "logic" && l.value.op,
        l.value.kind === "logic" && l.value.negate,
      ]),
    ).toEqual([
      [[], "or", false],
      [["msgs"], "and", true],
    ]);
    expect(plan.order).toEqual([{ path: ["msgs"], value: [{ field: { name: "id", path: [] }, descending: true }] }]);
    expect(plan.ranges).toEqual([
      { path: ["msgs"], value: { limit: 2, offset: 1 } },
      { path: [], value: { limit: 3 } },
    ]);
  });

  it("keeps quoted values and arrays whole inside logic trees", () => {
    const tree = q('or=(name.eq."a,b",tags.cs.{x,y},id.in.(1,2))').logic[0]!.value;
    expect(tree.kind === "logic" && tree.children.map((c) => c.kind === "filter" && c.filter.operation)).toEqual([
      { op: "eq", value: "a,b" },
      { op: "cs", value: "{x,y}" },
      { op: "in", values: ["1", "2"] },
    ]);
  });

  it("takes name=value arguments beside filters on a GET rpc", () => {
    const plan = q("n=5&v=1&v=2&n2=gt.3", true);
    expect(plan.rpcArgs).toEqual([
      ["n", "5"],
      ["v", "1"],
      ["v", "2"],
    ]);
    expect(plan.filters).toHaveLength(1);
  });

  it("parses orders with JSON paths and related columns", () => {
    expect(parseOrder("a.desc.nullslast,data->>k,author(name).asc")).toEqual([
      { field: { name: "a", path: [] }, descending: true, nulls: "last" },
      { field: { name: "data", path: [{ arrow: "->>", key: "k", index: false }] } },
      { relation: "author", field: { name: "name", path: [] }, descending: false },
    ]);
    expect(restError(() => parseOrder("title.sideways"))).toMatchObject({ code: "PGRST100" });
  });

  it.each([
    ["limit=-1", "negative limit"],
    ["limit=1e3", "non-integer limit"],
    ["offset=abc", "bad offset"],
    ["limit=1&limit=2", "repeated limit"],
    ["select=a&select=b", "repeated select"],
    ["title=eq.a%00b", "NUL"],
    ["columns=a,", "empty column name"],
  ])("refuses %s (%s) with PGRST100", (query) => {
    expect(restError(() => q(query))).toMatchObject({ status: 400, code: "PGRST100" });
  });

  it("reads the Range header of a GET", () => {
    expect(parseRange("0-9")).toEqual({ offset: 0, limit: 10 });
    expect(parseRange("5-")).toEqual({ offset: 5 });
    expect(parseRange("items=0-9")).toBeNull();
    expect(restError(() => parseRange("9-1"))).toMatchObject({ status: 416, code: "PGRST103" });
  });
});

describe("Prefer and Accept", () => {
  it("reads every preference PostgREST knows, the first of each, and lists unknown ones", () => {
    expect(
      parsePrefer(
        "return=representation, count=exact,count=planned, tx=rollback, max-affected=5, handling=strict, missing=default, resolution=merge-duplicates, timezone=UTC, params=single-object, foo",
      ),
    ).toEqual({
      return: "representation",
      count: "exact",
      tx: "rollback",
      maxAffected: 5,
      handling: "strict",
      missing: "default",
      resolution: "merge-duplicates",
      timezone: "UTC",
      params: "single-object",
      invalid: ["foo"],
    });
    expect(parsePrefer(undefined)).toEqual({ invalid: [] });
  });

  it("echoes what an operation honoured in Preference-Applied", () => {
    const p = parsePrefer("return=representation,count=exact,handling=strict,max-affected=3,missing=default");
    expect(preferenceApplied(p, "update")).toBe(
      "missing=default, return=representation, count=exact, handling=strict, max-affected=3",
    );
    expect(preferenceApplied(p, "read")).toBe("count=exact, handling=strict");
    expect(preferenceApplied(parsePrefer("resolution=ignore-duplicates"), "insert", { resolution: true })).toBe(
      "resolution=ignore-duplicates",
    );
    expect(preferenceApplied(parsePrefer(""), "read")).toBeNull();
  });

  it("negotiates the response's media type by quality", () => {
    expect(negotiate(undefined)).toEqual({ kind: "json", stripNulls: false });
    expect(negotiate("text/html;q=0.9, text/csv")).toEqual({ kind: "csv" });
    expect(negotiate("application/vnd.pgrst.object+json;nulls=stripped")).toEqual({ kind: "object", stripNulls: true });
    expect(negotiate("application/vnd.pgrst.array+json;nulls=stripped")).toEqual({ kind: "json", stripNulls: true });
    expect(negotiate("text/html, */*;q=0.1")).toEqual({ kind: "json", stripNulls: false });
    expect(
      restError(() => negotiate('application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose')),
    ).toMatchObject({
      status: 406,
      code: "PGRST107",
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose',
    });
  });
});
