import { describe, expect, it } from "vitest";
import type { CatalogSnapshot, TableInfo } from "./catalog.ts";
import {
  compileDelete,
  compileInsert,
  compileRead,
  compileRpc,
  compileUpdate,
  lookupFunction,
  lookupTable,
} from "./compile.ts";
import { restError } from "./testing.ts";
import {
  MAX_QUERY_STRING,
  MAX_SELECT_ITEMS,
  checkQueryLength,
  parseFilter,
  parseInList,
  parseOrder,
  parsePrefer,
  parseQuery,
  parseSelect,
} from "./parse.ts";

function q(s: string) {
  return parseQuery(new URLSearchParams(s));
}

// A catalog snapshot as the catalog module builds it from pg_catalog (plain data).
const posts: TableInfo = {
  name: "blog_posts",
  columns: new Map(
    [
      ["id", "uuid", "gen_random_uuid()"],
      ["title", "text", null],
      ["published", "boolean", "false"],
      ["created_at", "timestamp with time zone", "now()"],
    ].map(([name, type, def]) => [name!, { name: name!, type: type!, default: def ?? null, generated: false }]),
  ),
};
const snapshot: CatalogSnapshot = {
  tables: new Map([["blog_posts", posts]]),
  functions: new Map([
    [
      "has_role",
      [
        {
          name: "has_role",
          args: [
            { name: "_user_id", type: "uuid" },
            { name: "_role", type: "app_role" },
          ],
          defaults: 0,
          returnsSet: false,
          returnsVoid: false,
        },
      ],
    ],
  ]),
};

describe("parseQuery", () => {
  it("parses what supabase-js sends for a filtered, ordered list", () => {
    const plan = q("select=id,title&published=eq.true&order=created_at.desc.nullslast,title&limit=10&offset=20");
    expect(plan.select).toEqual([{ column: "id" }, { column: "title" }]);
    expect(plan.filters).toEqual([{ column: "published", negate: false, op: "eq", value: "true" }]);
    expect(plan.order).toEqual([
      { column: "created_at", descending: true, nulls: "last" },
      { column: "title", descending: false },
    ]);
    expect(plan.limit).toBe(10);
    expect(plan.offset).toBe(20);
  });

  it("keeps dots and operators inside the value", () => {
    expect(parseFilter("title", "eq.a.b.c")).toEqual({ column: "title", negate: false, op: "eq", value: "a.b.c" });
    expect(parseFilter("title", "not.ilike.*ai*")).toEqual({
      column: "title",
      negate: true,
      op: "ilike",
      value: "*ai*",
    });
    expect(parseFilter("author_id", "is.NULL")).toMatchObject({ op: "is", value: "null" });
  });

  it("parses in-lists with quoted values", () => {
    expect(parseInList('(a,"b,c","d\\"e",)')).toEqual(["a", "b,c", 'd"e', ""]);
    expect(parseInList("()")).toEqual([]);
  });

  it("parses aliases, quoted names and the default select", () => {
    expect(parseSelect(null)).toEqual([{ column: "*" }]);
    expect(parseSelect("t:title, id")).toEqual([{ alias: "t", column: "title" }, { column: "id" }]);
    expect(parseSelect('"we""ird"')).toEqual([{ column: 'we"ird' }]);
  });

  it.each([
    ["published=eq", "no value"],
    ["published=xx.true", "unknown operator"],
    ["published=is.maybe", "bad is value"],
    ["id=in.(1,2", "unterminated list"],
    ['id=in.("a)', "unterminated quote"],
    ["limit=-1", "negative limit"],
    ["limit=1e3", "non-integer limit"],
    ["offset=abc", "bad offset"],
    ["order=title.sideways", "bad order modifier"],
    ["select=author(*)", "embedding"],
    ["select=data->>x", "json path"],
    ["select=id::text", "cast"],
    ["or=(a.eq.1,b.eq.2)", "logic trees"],
    ["limit=1&limit=2", "repeated reserved key"],
    ["title=eq.a%00b", "NUL"],
  ])("rejects %s (%s) with PGRST100", (query) => {
    const err = restError(() => q(query));
    expect(err.status).toBe(400);
    expect(err.code).toBe("PGRST100");
  });

  it("parses Prefer", () => {
    expect(parsePrefer("return=representation,count=exact")).toEqual({
      return: "representation",
      count: true,
      missingDefault: false,
    });
    expect(parsePrefer("missing=default, return=minimal")).toEqual({
      return: "minimal",
      count: false,
      missingDefault: true,
    });
    expect(parsePrefer(undefined)).toEqual({ return: "minimal", count: false, missingDefault: false });
  });

  it("rejects over-long names before they reach the catalog", () => {
    expect(restError(() => parseOrder("x".repeat(64))).code).toBe("PGRST100");
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
  ])("refuses the repeated output key in select=%s with 400 PGRST100", (select, key) => {
    const err = restError(() => parseSelect(select));
    expect(err).toMatchObject({ status: 400, code: "PGRST100", hint: null });
    expect(err.message).toMatch(/^"failed to parse select parameter \(/);
    expect(err.details).toContain(`"${key}" appears more than once`);
  });

  it("allows distinct aliases of one column, and counts them toward the bound", () => {
    expect(parseSelect("a:content,b:content,content")).toEqual([
      { alias: "a", column: "content" },
      { alias: "b", column: "content" },
      { column: "content" },
    ]);
    const atBound = Array.from({ length: MAX_SELECT_ITEMS }, (_, i) => `c${i}:content`).join(",");
    expect(parseSelect(atBound)).toHaveLength(MAX_SELECT_ITEMS);
    const over = `${atBound},one_more:content`;
    const err = restError(() => parseSelect(over));
    expect(err).toMatchObject({ status: 400, code: "PGRST100" });
    expect(err.details).toBe(`${MAX_SELECT_ITEMS + 1} select items; at most ${MAX_SELECT_ITEMS} are allowed`);
    // The message quotes the select like PostgREST, but not all of it.
    expect(err.message.length).toBeLessThan(200);
  });

  it("refuses a thousand copies of a column (the reported 15 KB -> 15 MB request)", () => {
    const err = restError(() => q(`select=${Array(1000).fill("content").join(",")}`));
    expect(err).toMatchObject({ status: 400, code: "PGRST100" });
  });

  it("refuses names that collide with * once the table's columns are known", () => {
    for (const select of ["*,title", "*,title:slug", "id,*"]) {
      expect(restError(() => compileRead(posts, q(`select=${select}`), { count: false }))).toMatchObject({
        status: 400,
        code: "PGRST100",
      });
    }
    // An alias that is not a column of the table is a new key.
    expect(compileRead(posts, q("select=*,t:title"), { count: false }).sql).toContain('_target."title" AS "t"');
  });

  it("bounds the raw query string", () => {
    expect(() => checkQueryLength("a".repeat(MAX_QUERY_STRING))).not.toThrow();
    expect(restError(() => checkQueryLength("a".repeat(MAX_QUERY_STRING + 1)))).toMatchObject({
      status: 400,
      code: "PGRST100",
      message: "Query string too long",
    });
  });

  it("caps the LIMIT at maxRows, keeps smaller limits and offsets", () => {
    const capped = compileRead(posts, q("select=id"), { count: true, maxRows: 5 });
    expect(capped.sql).toContain("LIMIT $1::bigint");
    expect(capped.params).toEqual([5]);
    expect(compileRead(posts, q("select=id&limit=100&offset=7"), { count: false, maxRows: 5 }).params).toEqual([5, 7]);
    expect(compileRead(posts, q("select=id&limit=3"), { count: false, maxRows: 5 }).params).toEqual([3]);
    expect(compileRead(posts, q("select=id&limit=0"), { count: false, maxRows: 5 }).params).toEqual([0]);
    // The count is of every matching row, not of the capped page.
    expect(capped.sql).toMatch(/\(SELECT count\(\*\) FROM "public"\."blog_posts" AS _target\)/);
    // No cap (the service role): no LIMIT unless asked.
    expect(compileRead(posts, q("select=id"), { count: false }).sql).not.toContain("LIMIT");
  });

  it("caps set-returning rpc results and leaves scalar ones alone", () => {
    const setFn = { name: "recent", args: [], defaults: 0, returnsSet: true, returnsVoid: false };
    const capped = compileRpc(setFn, {}, { maxRows: 5 });
    expect(capped.sql).toBe(
      `SELECT coalesce(json_agg(_s._f), '[]')::text AS body, count(*)::int AS n FROM (SELECT _f FROM "public"."recent"() AS _f LIMIT $1::bigint) AS _s(_f)`,
    );
    expect(capped.params).toEqual([5]);
    expect(compileRpc(setFn, {}).sql).not.toContain("LIMIT");
    const fn = lookupFunction(snapshot, "has_role", ["_role", "_user_id"]);
    expect(compileRpc(fn, { _user_id: "u", _role: "admin" }, { maxRows: 5 }).sql).not.toContain("LIMIT");
  });
});

describe("compile", () => {
  it("puts every value in a parameter and only catalog names in the SQL", () => {
    const plan = q("select=id,t:title&title=eq.'; drop table blog_posts; --&id=in.(a,b)&order=created_at.desc&limit=5");
    const { sql, params } = compileRead(posts, plan, { count: true });
    expect(params).toEqual(["'; drop table blog_posts; --", "a", "b", 5]);
    expect(sql).not.toContain("drop");
    expect(sql).toContain('_target."title" = $1');
    expect(sql).toContain('_target."id" IN ($2, $3)');
    expect(sql).toContain('_target."title" AS "t"');
    expect(sql).toContain('ORDER BY _target."created_at" DESC');
    expect(sql).toContain("LIMIT $4::bigint");
    expect(sql).toContain("count(*) FROM");
  });

  it("rejects columns and tables missing from the catalog", () => {
    expect(restError(() => compileRead(posts, q("select=id;drop"), { count: false }))).toMatchObject({
      status: 400,
      code: "42703",
    });
    expect(restError(() => compileRead(posts, q("nope=eq.1"), { count: false }))).toMatchObject({ code: "42703" });
    expect(restError(() => compileRead(posts, q("order=nope"), { count: false }))).toMatchObject({ code: "42703" });
    expect(restError(() => lookupTable(snapshot, "pg_authid"))).toMatchObject({ status: 404, code: "PGRST205" });
    expect(
      restError(() =>
        compileInsert(posts, q(""), {
          rowsJson: "[]",
          columns: ["evil"],
          missingDefault: false,
          representation: false,
        }),
      ),
    ).toMatchObject({ status: 400, code: "PGRST204" });
  });

  it("translates like wildcards, is and not", () => {
    const { sql, params } = compileRead(posts, q("title=like.*ai*&published=not.is.true&id=in.()"), { count: false });
    expect(params).toEqual(["%ai%"]);
    expect(sql).toContain('NOT (_target."published" IS TRUE)');
    expect(sql).toContain("false");
  });

  it("uses catalog defaults for missing keys with missing=default", () => {
    const { sql, params } = compileInsert(posts, q("select=id"), {
      rowsJson: '[{"title":"a"},{"title":"b","published":true}]',
      columns: ["title", "published"],
      missingDefault: true,
      representation: true,
    });
    expect(sql).toContain("ELSE false END");
    expect(sql).toContain('RETURNING _target."id"');
    expect(params[0]).toBe('[{"title":"a"},{"title":"b","published":true}]');
  });

  it("compiles update and delete with filters, and rpc with catalog types", () => {
    const up = compileUpdate(posts, q("id=eq.1"), {
      rowJson: '{"title":"x"}',
      columns: ["title"],
      representation: false,
    });
    expect(up.sql).toMatch(
      /^UPDATE "public"\."blog_posts" AS _target SET "title" = _r\."title" FROM json_populate_record/,
    );
    expect(up.params).toEqual(['{"title":"x"}', "1"]);
    const del = compileDelete(posts, q("id=eq.1"), { representation: true });
    expect(del.sql).toContain("RETURNING _target.*");
    const fn = lookupFunction(snapshot, "has_role", ["_role", "_user_id"]);
    const rpc = compileRpc(fn, { _user_id: "u", _role: "admin" });
    expect(rpc.sql).toBe(
      'SELECT to_json("public"."has_role"("_user_id" => $1::uuid, "_role" => $2::app_role))::text AS body',
    );
    expect(restError(() => lookupFunction(snapshot, "has_role", ["_user_id"]))).toMatchObject({
      status: 404,
      code: "PGRST202",
    });
    expect(restError(() => lookupFunction(snapshot, "pg_sleep", []))).toMatchObject({ code: "PGRST202" });
  });
});
