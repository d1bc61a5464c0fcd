// PostgREST's filters, response formats and schemas as supabase-js sends them, on PGlite and on
// a throwaway PostgreSQL: logic trees, not.* on every operator, quantified like, array and
// range operators, full-text search, is, JSON paths and casts; CSV, single objects, GeoJSON and
// the plan media type; Accept-Profile/Content-Profile; and nothing a request asks for ignored.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { TestBackend } from "../testing/backend.ts";
import { PSEUDO_TYPES } from "./compile-read.ts";
import { errorText, pgrstError, startFixtureBackend } from "./embedding-fixture.ts";
import type { RawAnswer } from "./embedding-fixture.ts";
import { MAX_LOGIC_DEPTH } from "./filter-grammar.ts";

type Titled = { title: string }[] | null;
const titles = (res: { data: Titled; error: unknown }) => {
  if (res.error) throw new Error(JSON.stringify(res.error));
  return (res.data ?? []).map((r) => r.title);
};

describeEachDatabase("REST filters and formats", (kind) => {
  let t: TestBackend;
  let raw: (path: string, init?: RequestInit & { key?: string }) => Promise<RawAnswer>;
  let anon: SupabaseClient;
  const posts = () => anon.from("emb_posts").select("title").order("id");

  beforeAll(async () => {
    ({ t, raw } = await startFixtureBackend(kind));
    anon = t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("filters", () => {
    it("combines or() and and(), nested and negated", async () => {
      expect(titles(await posts().or("rating.gt.4.5,title.like.*Segundo*"))).toEqual(["Segundo post", "Terceiro post"]);
      expect(titles(await posts().or("and(rating.gte.4,rating.lt.5),title.eq.Segundo post"))).toEqual([
        "Primeiro post",
        "Segundo post",
      ]);
      const notOr = await raw(`/emb_posts?select=title&not.or=(rating.lt.4,rating.is.null)&order=id`);
      expect(notOr.json).toEqual([{ title: "Primeiro post" }, { title: "Terceiro post" }]);
      const andNot = await raw(`/emb_posts?select=title&and=(published.is.true,not.or(rating.lt.4,title.like.*Ter*))`);
      expect(andNot.json).toEqual([{ title: "Primeiro post" }]);
      expect(titles(await posts().or('title.eq."Segundo post",tags.cs.{news}'))).toEqual([
        "Primeiro post",
        "Segundo post",
        "Terceiro post",
      ]);
    });

    it("negates every operator with not", async () => {
      const cases: [string, string, string, string[]][] = [
        ["rating", "eq", "4.5", ["Segundo post", "Terceiro post"]],
        ["rating", "gt", "4", ["Segundo post"]],
        ["title", "like", "*eiro*", ["Segundo post"]],
        ["title", "ilike", "*SEGUNDO*", ["Primeiro post", "Terceiro post"]],
        ["title", "match", "^Ter", ["Primeiro post", "Segundo post"]],
        ["title", "imatch", "^ter", ["Primeiro post", "Segundo post"]],
        ["id", "in", "(1,2)", ["Terceiro post"]],
        ["tags", "cs", "{news}", ["Segundo post"]],
        ["tags", "ov", "{tech}", ["Terceiro post"]],
        ["period", "sl", "[5,10)", ["Segundo post", "Terceiro post"]],
        ["search", "fts", "fox", ["Segundo post"]],
        ["rating", "isdistinct", "5", ["Terceiro post"]],
      ];
      for (const [column, op, value, expected] of cases) {
        expect([op, titles(await posts().not(column, op, value))]).toEqual([op, expected]);
      }
    });

    it("matches any or all of several like and ilike patterns", async () => {
      expect(titles(await posts().likeAnyOf("title", ["Prim%", "Ter%"]))).toEqual(["Primeiro post", "Terceiro post"]);
      expect(titles(await posts().ilikeAllOf("title", ["%POST", "%eiro%"]))).toEqual([
        "Primeiro post",
        "Terceiro post",
      ]);
      expect(titles(await posts().likeAllOf("title", ["Prim%", "Ter%"]))).toEqual([]);
      const raw1 = await raw(`/emb_posts?select=title&rating=eq(any).{3,5}&order=id`);
      expect(raw1.json).toEqual([{ title: "Segundo post" }, { title: "Terceiro post" }]);
    });

    it("applies the array and range operators", async () => {
      expect(titles(await posts().contains("tags", ["news", "tech"]))).toEqual(["Primeiro post"]);
      expect(titles(await posts().containedBy("tags", ["tech", "other"]))).toEqual(["Segundo post"]);
      expect(titles(await posts().overlaps("tags", ["tech"]))).toEqual(["Primeiro post", "Segundo post"]);
      expect(titles(await posts().rangeLt("period", "[5,10)"))).toEqual(["Primeiro post"]);
      expect(titles(await posts().rangeGt("period", "[5,10)"))).toEqual(["Terceiro post"]);
      expect(titles(await posts().rangeLte("period", "[5,10)"))).toEqual(["Primeiro post", "Segundo post"]);
      expect(titles(await posts().rangeGte("period", "[5,10)"))).toEqual(["Segundo post", "Terceiro post"]);
      expect(titles(await posts().rangeAdjacent("period", "[10,20)"))).toEqual(["Segundo post"]);
      expect(titles(await posts().contains("period", "[12,14)"))).toEqual(["Terceiro post"]);
      expect(titles(await posts().contains("meta", { lang: "pt" }))).toEqual(["Primeiro post", "Terceiro post"]);
    });

    it("searches text with fts, plfts, phfts and wfts, with a language", async () => {
      expect(titles(await posts().textSearch("search", "fox & quick"))).toEqual(["Primeiro post"]);
      expect(titles(await posts().textSearch("body", "lazy dogs", { type: "plain", config: "english" }))).toEqual([
        "Segundo post",
      ]);
      expect(titles(await posts().textSearch("body", "dogs sleep", { type: "phrase", config: "english" }))).toEqual([
        "Segundo post",
      ]);
      expect(titles(await posts().textSearch("body", "fox -quick", { type: "websearch", config: "english" }))).toEqual([
        "Terceiro post",
      ]);
      const bad = await posts().textSearch("body", "fox", { config: "klingon" });
      expect(bad.error).toMatchObject({ code: "42704" });
    });

    it("tests is true, false, null, not_null and unknown", async () => {
      expect(titles(await posts().is("published", true))).toHaveLength(3);
      expect(titles(await anon.from("emb_posts").select("title").is("rating", null))).toEqual([]);
      const service = t.client(t.backend.serviceRoleKey);
      expect(titles(await service.from("emb_posts").select("title").is("published", false))).toEqual(["Rascunho"]);
      expect(titles(await service.from("emb_posts").select("title").is("rating", null))).toEqual(["Rascunho"]);
      expect((await raw("/emb_posts?select=title&rating=is.not_null")).json).toHaveLength(3);
      expect((await raw("/emb_posts?select=title&published=is.unknown")).json).toEqual([]);
    });

    it("follows JSON paths and casts in select, filters and order", async () => {
      const { data, error } = await anon
        .from("emb_posts")
        .select("title, lang:meta->>lang, views:meta->views, rating::text")
        .filter("meta->>lang", "eq", "pt")
        .order("meta->views", { ascending: false });
      expect(error).toBeNull();
      expect(data).toEqual([
        { title: "Primeiro post", lang: "pt", views: 10, rating: "4.5" },
        { title: "Terceiro post", lang: "pt", views: 7, rating: "5.0" },
      ]);
      const paths = await anon.from("emb_authors").select("name, bio->langs->0, city:bio->>city").eq("id", 1).single();
      // PostgREST names a path by its last key (an index takes the key before it).
      expect(paths.data).toEqual({ name: "Ana", langs: "pt", city: "Recife" });
      const numeric = await raw("/emb_posts?select=title&meta->views=gt.5&order=id");
      expect(numeric.json).toEqual([{ title: "Primeiro post" }, { title: "Terceiro post" }]);
    });

    // CAST(x AS unknown) fails inside Postgres with an internal error (XX000): it answered 500.
    it("answers a cast to a pseudo-type with 400 in every select position, as an unknown type", async () => {
      const unknownType = await raw("/emb_posts?select=title::no_such_type");
      expect(unknownType).toMatchObject({ status: 400, json: { code: "42704" } });
      for (const path of [
        "/emb_posts?select=title::unknown",
        "/emb_posts?select=title,author:emb_authors!author_id(name::unknown)",
        "/emb_posts?select=id.sum()::unknown",
        "/emb_posts?select=id::unknown.sum()",
        "/rpc/emb_posts_by?author=Ana&select=title::unknown",
      ]) {
        const answer = await raw(path);
        expect({ path, status: answer.status, json: answer.json }).toEqual({
          path,
          status: 400,
          json: pgrstError("42846", "cannot cast to pseudo-type unknown"),
        });
      }
      expect((await raw("/emb_posts?select=title::VOID")).json).toEqual(
        pgrstError("42846", "cannot cast to pseudo-type void"),
      );
      // The list the compiler refuses is the database's own.
      const { rows } = await t.backend.db.query<{ typname: string }>(
        "SELECT typname::text FROM pg_catalog.pg_type WHERE typtype = 'p' AND typnamespace = 'pg_catalog'::regnamespace",
      );
      expect(rows.map((r) => r.typname).toSorted()).toEqual([...PSEUDO_TYPES].toSorted());
    });

    it("refuses unknown operators and malformed trees with PostgREST's parse error", async () => {
      const op = await raw("/emb_posts?title=between.1.2");
      expect(op).toMatchObject({ status: 400 });
      expect(op.json).toMatchObject({
        code: "PGRST100",
        message: '"failed to parse filter (between.1.2)" (line 1, column 1)',
      });
      expect(op.json).toMatchObject({
        details: 'unexpected "b" expecting "not" or operator (eq, gt, ...)',
        hint: null,
      });
      const tree = await raw("/emb_posts?or=(title.eq.a");
      expect(tree.json).toMatchObject({
        code: "PGRST100",
        message: '"failed to parse logic tree ((title.eq.a)" (line 1, column 14)',
      });
      const deep = "(a.eq.1,or".repeat(MAX_LOGIC_DEPTH) + "(a.eq.1,a.eq.2)" + ")".repeat(MAX_LOGIC_DEPTH);
      expect((await raw(`/emb_posts?or=${deep}`)).json).toMatchObject({
        code: "PGRST100",
        details: `logic trees nest at most ${MAX_LOGIC_DEPTH} levels deep`,
      });
    });
  });

  describe("formats", () => {
    it("answers text/csv with a header line", async () => {
      const { data, error, status } = await anon.from("emb_posts").select("title, rating, tags").order("id").csv();
      expect({ error, status }).toEqual({ error: null, status: 200 });
      expect(data).toBe(
        'title,rating,tags\n"Primeiro post",4.5,"{news,tech}"\n"Segundo post",3.0,{tech}\n"Terceiro post",5.0,{news}',
      );
      const res = await raw("/emb_posts?select=title&limit=1", { headers: { accept: "text/csv" } });
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    });

    it("answers one object for vnd.pgrst.object+json, and PGRST116 for any other count", async () => {
      const one = await anon.from("emb_posts").select("title").eq("id", 1).single();
      expect(one).toMatchObject({ error: null, data: { title: "Primeiro post" }, status: 200 });
      const many = await anon.from("emb_posts").select("title").single();
      expect(many.status).toBe(406);
      expect(many.error).toEqual(
        pgrstError("PGRST116", "Cannot coerce the result to a single JSON object", "The result contains 3 rows"),
      );
      const none = await anon.from("emb_posts").select("title").eq("id", 99).single();
      expect(none.error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" });
      expect(await anon.from("emb_posts").select("title").eq("id", 99).maybeSingle()).toMatchObject({
        error: null,
        data: null,
      });
    });

    it("strips nulls when asked (nulls=stripped)", async () => {
      const res = await raw("/emb_authors?select=name,bio&id=eq.3", {
        headers: { accept: "application/vnd.pgrst.array+json;nulls=stripped" },
      });
      expect(res.json).toEqual([{ name: "Clara" }]);
      expect(res.headers["content-type"]).toBe("application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8");
    });

    it("answers geo+json through PostGIS, and PostgREST's error where PostGIS is missing", async () => {
      const res = await anon.from("emb_posts").select("title").geojson();
      const postgis = await t.backend.db.query<{ n: number }>(
        "select count(*)::int as n from pg_extension where extname = 'postgis'",
      );
      const expected =
        postgis.rows[0]!.n > 0
          ? { status: 200, error: null, data: { type: "FeatureCollection" } }
          : { status: 404, error: { code: "42883", message: "function st_asgeojson(record) does not exist" } };
      expect(res).toMatchObject(expected);
    });

    it("refuses the plan media type and unknown ones with PGRST107", async () => {
      const plan = await anon.from("emb_posts").select("title").explain();
      expect(plan.status).toBe(406);
      expect(plan.error).toMatchObject({
        code: "PGRST107",
        message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      });
      expect(plan.error).toMatchObject({ details: null, hint: null });
      const html = await raw("/emb_posts", { headers: { accept: "text/html" } });
      expect(html).toMatchObject({ status: 406 });
      expect(html.json).toMatchObject({
        code: "PGRST107",
        message: "None of these media types are available: text/html",
      });
    });
  });

  describe("schemas and what is never ignored", () => {
    it("reads and writes another exposed schema through Accept-Profile and Content-Profile, and answers PGRST106 for others", async () => {
      const extra = anon.schema("emb_extra");
      const notes = await extra.from("notes").select("text");
      expect(notes).toMatchObject({ error: null, data: [{ text: "nota extra" }] });
      const written = await extra.from("notes").insert({ id: 2, text: "outra" }).select("id");
      expect(written).toMatchObject({ error: null, status: 201, data: [{ id: 2 }] });
      const res = await raw("/notes?select=id&order=id", { headers: { "accept-profile": "emb_extra" } });
      expect(res.headers["content-profile"]).toBe("emb_extra");
      const hidden = await anon.schema("auth").from("users").select("*");
      expect(hidden.status).toBe(406);
      expect(errorText(hidden.error)).toBe(
        "PGRST106 | Invalid schema: auth | null | Only the following schemas are exposed: public, emb_extra",
      );
      // A table of another schema is not found in the default one.
      expect((await anon.from("notes").select("id")).error).toMatchObject({ code: "PGRST205" });
    });

    it("honours the Range header and answers 416 for an offset past the counted total", async () => {
      const ranged = await raw("/emb_posts?select=title&order=id", {
        headers: { range: "1-1", prefer: "count=exact" },
      });
      expect(ranged).toMatchObject({ status: 206, json: [{ title: "Segundo post" }] });
      expect(ranged.headers["content-range"]).toBe("1-1/3");
      const past = await raw("/emb_posts?select=title&offset=5", { headers: { prefer: "count=exact" } });
      expect(past.status).toBe(416);
      expect(errorText(past.json)).toBe(
        "PGRST103 | Requested range not satisfiable | An offset of 5 was requested, but there are only 3 rows. | null",
      );
    });

    it("refuses unknown preferences under handling=strict, and echoes the honoured ones", async () => {
      const strict = await raw("/emb_posts?select=title", { headers: { prefer: "handling=strict, foo, count=exact" } });
      expect(strict.json).toEqual(
        pgrstError("PGRST122", "Invalid preferences given with handling=strict", "Invalid preferences: foo"),
      );
      const lenient = await raw("/emb_posts?select=title&limit=1", {
        headers: { prefer: "foo, count=exact, timezone=UTC" },
      });
      expect(lenient.headers["preference-applied"]).toBe("count=exact, timezone=UTC");
      const zone = await raw("/emb_posts?select=title&limit=1", {
        headers: { prefer: "handling=strict, timezone=Mars/Olympus" },
      });
      expect(zone.json).toMatchObject({ code: "PGRST122", details: "Invalid preferences: timezone=Mars/Olympus" });
    });

    it("answers the root path and unknown paths with PostgREST's errors", async () => {
      expect((await raw("/")).json).toEqual(pgrstError("PGRST126", "Root endpoint metadata is disabled"));
      expect((await raw("/a/b")).json).toMatchObject({ code: "PGRST125" });
      expect(errorText((await raw("/emb_postz")).json)).toBe(
        "PGRST205 | Could not find the table 'public.emb_postz' in the schema cache | null | Perhaps you meant the table 'public.emb_posts'",
      );
    });
  });
});
