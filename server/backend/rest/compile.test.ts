// The compilers on their own, over a schema cache built by hand: one statement per request,
// embeds as lateral subqueries, every value a parameter, only catalog names in the SQL.
import { describe, expect, it } from "vitest";
import type { CatalogSnapshot, ColumnInfo, TableInfo } from "./catalog.ts";
import { compileRead, lookupTable } from "./compile.ts";
import { compileWrite } from "./compile-write.ts";
import { relationKey } from "./identifiers.ts";
import type { Media } from "./media.ts";
import { parseQuery } from "./parse.ts";
import type { ReadOperation, WriteOperation } from "./plan.ts";
import { inferRelationships } from "./relationships.ts";
import { compileCall, lookupFunction } from "./rpc.ts";
import { restError } from "./testing.ts";

/** A table from "column type [default], …" (the catalog's own shape). */
function table(name: string, spec: string, primaryKey: string[]): TableInfo {
  const columns = new Map<string, ColumnInfo>(
    spec.split(", ").map((col) => {
      const [n, type, def] = col.split(" ") as [string, string, string | undefined];
      return [n, { name: n, type, baseType: type, default: def ?? null, generated: false, identityAlways: false }];
    }),
  );
  return { schema: "public", name, isView: false, columns, primaryKey };
}

const posts = table("posts", "id integer, title text, author_id integer, published boolean false, meta jsonb", ["id"]);
const authors = table("authors", "id integer, name text", ["id"]);
const tags = table("tags", "id integer, name text", ["id"]);
const postTags = table("post_tags", "post_id integer, tag_id integer", ["post_id", "tag_id"]);
const tables = new Map([posts, authors, tags, postTags].map((t) => [relationKey("public", t.name), t]));
const snapshot: CatalogSnapshot = {
  schemas: ["public"],
  tables,
  functions: new Map([
    [
      relationKey("public", "posts_by"),
      [
        {
          schema: "public",
          name: "posts_by",
          args: [{ name: "author", type: "text", required: true, variadic: false }],
          returnsSet: true,
          returns: { kind: "composite", columns: posts.columns, table: { schema: "public", name: "posts" } },
          volatility: "stable",
        },
      ],
    ],
  ]),
  relationships: inferRelationships(
    (schema, name) => tables.get(relationKey(schema, name)) ?? null,
    [{ schema: "public", table: "post_tags", primary: true, columns: ["post_id", "tag_id"] }],
    [
      {
        name: "posts_author_id_fkey",
        schema: "public",
        table: "posts",
        foreignSchema: "public",
        foreignTable: "authors",
        columns: [["author_id", "id"]],
      },
      {
        name: "post_tags_post_id_fkey",
        schema: "public",
        table: "post_tags",
        foreignSchema: "public",
        foreignTable: "posts",
        columns: [["post_id", "id"]],
      },
      {
        name: "post_tags_tag_id_fkey",
        schema: "public",
        table: "post_tags",
        foreignSchema: "public",
        foreignTable: "tags",
        columns: [["tag_id", "id"]],
      },
    ],
  ),
  timezones: new Set(["UTC"]),
  roleSettings: new Map(),
};

const JSON_MEDIA: Media = { kind: "json", stripNulls: false };

function read(query: string, extra: Partial<ReadOperation> = {}): ReadOperation {
  return {
    kind: "read",
    query: parseQuery(new URLSearchParams(query)),
    media: JSON_MEDIA,
    head: false,
    range: null,
    ...extra,
  };
}

describe("reads", () => {
  it("puts every value in a parameter and only catalog names in the SQL", () => {
    const { sql, params } = compileRead(
      snapshot,
      posts,
      read("select=id,t:title&title=eq.'; drop table posts; --&id=in.(1,2)&order=id.desc&limit=5", { count: "exact" }),
    );
    expect(params.slice(0, 3)).toEqual(["'; drop table posts; --", '{"1","2"}', 5]);
    expect(sql).not.toContain("drop");
    const parts = [
      'pgrst_t0."title" = $1',
      'pgrst_t0."id" = ANY($2)',
      'pgrst_t0."title" AS "t"',
      'ORDER BY pgrst_t0."id" DESC',
    ];
    for (const part of [...parts, "LIMIT $3::bigint"]) expect(sql).toContain(part);
  });

  it("compiles a two-level embed to one statement, the to-one embed joined, never one per row", () => {
    const { sql } = compileRead(snapshot, posts, read("select=title,authors(name),tags(name)"));
    expect(sql.match(/LEFT JOIN LATERAL/g)).toHaveLength(1);
    for (const part of [
      'row_to_json(pgrst_e1.*) AS "authors"',
      `COALESCE(pgrst_e2.pgrst_e2, '[]') AS "tags"`,
      'LEFT JOIN ("public"."authors" AS pgrst_t1 CROSS JOIN LATERAL (SELECT pgrst_t1."name" AS "name") AS pgrst_e1) ON pgrst_t1."id" = pgrst_t0."author_id"',
      'FROM "public"."tags" AS pgrst_t2, "public"."post_tags" AS pgrst_j2',
      'pgrst_j2."post_id" = pgrst_t0."id"',
    ]) {
      expect(sql).toContain(part);
    }
  });

  it("joins a to-one embed with its filters in ON, and keeps a subquery where a join could differ", () => {
    const filtered = compileRead(snapshot, posts, read("select=id,authors!inner(name)&authors.name=eq.Ana"));
    expect(filtered.sql).toContain(
      'INNER JOIN ("public"."authors" AS pgrst_t1 CROSS JOIN LATERAL (SELECT pgrst_t1."name" AS "name") AS pgrst_e1) ON pgrst_t1."id" = pgrst_t0."author_id" AND pgrst_t1."name" = $1',
    );
    // An offset may leave the embed empty, a nested embed reads the embedded row: subqueries.
    for (const query of ["select=id,authors(name)&authors.offset=1", "select=id,authors(name,posts(id))"]) {
      expect(compileRead(snapshot, posts, read(query)).sql).toContain("LEFT JOIN LATERAL (SELECT pgrst_t1.");
    }
    const lateral = compileRead(snapshot, posts, read("select=title,authors(name)"), { lateralOnly: true });
    expect(lateral.sql).toContain("LEFT JOIN LATERAL (SELECT pgrst_t1.");
  });

  it("caps the root and every embed at maxRows, keeping smaller limits", () => {
    const capped = compileRead(snapshot, posts, read("select=id,tags(id)&tags.limit=2", { maxRows: 5 }));
    expect(capped.params).toEqual([2, 5]);
    expect(compileRead(snapshot, posts, read("select=id")).sql).not.toContain("LIMIT");
  });

  it("rejects columns and tables missing from the catalog", () => {
    expect(restError(() => compileRead(snapshot, posts, read("select=nope")))).toMatchObject({
      status: 400,
      code: "42703",
    });
    expect(restError(() => compileRead(snapshot, posts, read("nope=eq.1")))).toMatchObject({ code: "42703" });
    expect(restError(() => compileRead(snapshot, posts, read("order=nope")))).toMatchObject({ code: "42703" });
    expect(restError(() => compileRead(snapshot, posts, read("select=tags(nope)")))).toMatchObject({
      message: "column tags.nope does not exist",
    });
    expect(restError(() => lookupTable(snapshot, "public", "post"))).toMatchObject({
      status: 404,
      code: "PGRST205",
      hint: "Perhaps you meant the table 'public.posts'",
    });
  });

  it("refuses names that collide with * once the table's columns are known (ADR 014)", () => {
    for (const select of ["*,title", "*,title:id", "id,*"]) {
      expect(restError(() => compileRead(snapshot, posts, read(`select=${select}`)))).toMatchObject({
        status: 400,
        code: "PGRST100",
      });
    }
    expect(compileRead(snapshot, posts, read("select=*,t:title")).sql).toContain('pgrst_t0."title" AS "t"');
  });

  it("keeps casts to plain type names", () => {
    expect(compileRead(snapshot, posts, read("select=id::double precision")).sql).toContain(
      'CAST(pgrst_t0."id" AS double precision)',
    );
    expect(restError(() => compileRead(snapshot, posts, read("select=id::text[]")))).toMatchObject({
      code: "PGRST100",
    });
  });

  // Postgres fails on `CAST(x AS unknown)` with an internal error (XX000): a 500 for a client's mistake.
  it("refuses casts to pseudo-types in every select position, as Postgres refuses a cast", () => {
    for (const select of [
      "title::unknown",
      "title::UNKNOWN",
      "id::record",
      "id::anyelement",
      "id::void",
      "id.sum()::unknown",
      "id::cstring.sum()",
      "title,authors(name::unknown)",
      "title,...authors(name::internal)",
      "title,tags(name::trigger)",
    ]) {
      expect(restError(() => compileRead(snapshot, posts, read(`select=${select}`)))).toMatchObject({
        status: 400,
        code: "42846",
        message: expect.stringMatching(/^cannot cast to pseudo-type [a-z]+$/),
      });
    }
    const fn = snapshot.functions.get(relationKey("public", "posts_by"))![0]!;
    const call = () =>
      compileCall(snapshot, {
        fn,
        args: { kind: "query", pairs: [["author", "Ana"]] },
        query: parseQuery(new URLSearchParams("select=title::anyarray"), { rpcRead: true }),
        media: JSON_MEDIA,
        head: false,
        range: null,
        maxRows: 10,
      });
    expect(restError(call)).toMatchObject({
      status: 400,
      code: "42846",
      message: "cannot cast to pseudo-type anyarray",
    });
    // A type name that merely contains one is a type like any other.
    expect(compileRead(snapshot, posts, read("select=title::unknown_kind")).sql).toContain("AS unknown_kind)");
  });
});

function write(kind: WriteOperation["kind"], query: string, extra: Partial<WriteOperation> = {}): WriteOperation {
  return {
    kind,
    query: parseQuery(new URLSearchParams(query)),
    media: JSON_MEDIA,
    returning: "minimal",
    rowsJson: '[{"title":"a"}]',
    columns: ["title"],
    presentKeys: new Set(["title"]),
    missingDefault: false,
    ...extra,
  };
}

describe("writes", () => {
  it("upserts on the primary key without on_conflict, and counts inserted rows apart", () => {
    const { sql } = compileWrite(snapshot, posts, write("insert", "", { resolution: "merge-duplicates" }));
    expect(sql).toContain('ON CONFLICT ("id") DO UPDATE SET "title" = EXCLUDED."title"');
    expect(sql).toContain("(xmax = 0) AS pgrst_inserted");
    expect(
      compileWrite(
        snapshot,
        posts,
        write("insert", "on_conflict=title", { resolution: "ignore-duplicates", onConflict: ["title"] }),
      ).sql,
    ).toContain('ON CONFLICT ("title") DO NOTHING');
  });

  it("gives absent keys the column default with missing=default, and leaves out columns no row sets", () => {
    const { sql } = compileWrite(
      snapshot,
      posts,
      write("insert", "", {
        missingDefault: true,
        columns: ["title", "published", "meta"],
        presentKeys: new Set(["title", "published"]),
      }),
    );
    expect(sql).toContain("ELSE false END");
    expect(sql).toContain('("title", "published")');
  });

  it("returns what the select and its embeds need", () => {
    const { sql } = compileWrite(
      snapshot,
      posts,
      write("insert", "select=title,authors(name)", { returning: "representation" }),
    );
    expect(sql).toContain('RETURNING pgrst_t0."title", pgrst_t0."author_id", pgrst_t0."id"');
    expect(sql).toContain("pgrst_read AS (SELECT");
  });

  it("applies the root's filters to the statement and refuses PUT filters that are not the key", () => {
    const { sql, params } = compileWrite(snapshot, posts, write("delete", "id=eq.1&or=(title.eq.a,title.eq.b)"));
    expect(sql).toMatch(
      /^WITH pgrst_source AS \(DELETE FROM "public"\."posts" AS pgrst_t0 WHERE pgrst_t0\."id" = \$1 AND \(/,
    );
    expect(params).toEqual(["1", "a", "b"]);
    expect(restError(() => compileWrite(snapshot, posts, write("put", "title=eq.a")))).toMatchObject({
      status: 405,
      code: "PGRST105",
    });
  });
});

describe("rpc", () => {
  it("finds a function by its argument names, with PostgREST's error otherwise", () => {
    expect(
      lookupFunction(snapshot, "public", "posts_by", ["author"], { post: true, singleObject: false }).fn.name,
    ).toBe("posts_by");
    expect(
      restError(() => lookupFunction(snapshot, "public", "posts_by", [], { post: false, singleObject: false })),
    ).toMatchObject({
      status: 404,
      code: "PGRST202",
      message: "Could not find the function public.posts_by without parameters in the schema cache",
      details:
        "Searched for the function public.posts_by without parameters, but no matches were found in the schema cache.",
      hint: null,
    });
    expect(
      restError(() => lookupFunction(snapshot, "public", "posts_bu", ["author"], { post: false, singleObject: false }))
        .hint,
    ).toBe("Perhaps you meant to call the function public.posts_by");
  });

  it("reads a set-returning function like a table, embeds included", () => {
    const fn = snapshot.functions.get(relationKey("public", "posts_by"))![0]!;
    const { sql, params } = compileCall(snapshot, {
      fn,
      args: { kind: "query", pairs: [["author", "Ana"]] },
      query: parseQuery(new URLSearchParams("select=title,authors(name)&title=like.*a*"), { rpcRead: true }),
      media: JSON_MEDIA,
      head: false,
      range: null,
      maxRows: 10,
    });
    expect(sql).toContain('"public"."posts_by"("author" := $1::text) AS pgrst_call');
    expect(sql).toContain('LEFT JOIN ("public"."authors" AS pgrst_t1');
    // The function's argument, the filter, the root's cap (a joined to-one embed needs none).
    expect(params).toEqual(["Ana", "%a%", 10]);
  });
});
