// Writes and rpc as supabase-js sends them, on PGlite and on a throwaway PostgreSQL: upserts,
// columns with missing=default, bulk inserts, return=, max-affected, tx=rollback, counts with
// Content-Range; rpc by GET, HEAD and POST with filters, optional, variadic and single JSON
// parameters, params=single-object and counts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { TestBackend } from "../testing/backend.ts";
import { errorText, pgrstError, startFixtureBackend } from "./embedding-fixture.ts";
import type { RawAnswer } from "./embedding-fixture.ts";

/**
 * supabase-js's maxAffected(): its types offer it only to clients typed for PostgREST 13, and
 * these clients are untyped; the call is the client's own.
 */
function strictly<T>(query: T, rows: number): T {
  return (query as unknown as { maxAffected(rows: number): T }).maxAffected(rows);
}

describeEachDatabase("REST writes and rpc", (kind) => {
  let t: TestBackend;
  let raw: (path: string, init?: RequestInit & { key?: string }) => Promise<RawAnswer>;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let user: SupabaseClient;
  const serviceKey = () => t.backend.serviceRoleKey;
  const anonKey = () => t.backend.anonKey;
  /** A request with a JSON body and a Prefer header, as plain HTTP. */
  const send = (key: string, method: string, path: string, body: unknown, prefer: string) =>
    raw(path, {
      method,
      key,
      headers: { "content-type": "application/json", prefer },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  /** The fixture's function that sets the response GUCs to these texts. */
  const respond = (status: string, headers: string) =>
    raw(`/rpc/emb_respond?status=${encodeURIComponent(status)}&headers=${encodeURIComponent(headers)}`);
  const putTag = (query: string, body: unknown) =>
    send(serviceKey(), "PUT", `/emb_tags?${query}`, body, "return=representation");
  const tagNames = async () => (await service.from("emb_tags").select("id,name").gte("id", 10).order("id")).data;

  beforeAll(async () => {
    ({ t, raw } = await startFixtureBackend(kind));
    anon = t.client();
    service = t.client(t.backend.serviceRoleKey);
    user = (await t.user("writer@example.com")).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("writes", () => {
    it("inserts arrays in bulk and returns them with their embeds", async () => {
      const bulk = await user
        .from("emb_tags")
        .insert([
          { id: 10, name: "a" },
          { id: 11, name: "b" },
        ])
        .select("id, name");
      expect(bulk).toMatchObject({
        error: null,
        status: 201,
        data: [
          { id: 10, name: "a" },
          { id: 11, name: "b" },
        ],
      });
      const post = await user
        .from("emb_posts")
        .insert({ title: "Com autor", author_id: 2, published: true })
        .select("title, author:emb_authors!author_id(name)")
        .single();
      expect(post).toMatchObject({ error: null, data: { title: "Com autor", author: { name: "Bruno" } } });
      await service.from("emb_posts").delete().eq("title", "Com autor");
    });

    it("upserts on the primary key with merge-duplicates, and on on_conflict with ignore-duplicates", async () => {
      const merged = await user.from("emb_tags").upsert([
        { id: 10, name: "a2" },
        { id: 12, name: "c" },
      ]);
      expect(merged).toMatchObject({ error: null, status: 201 });
      expect(await tagNames()).toEqual([
        { id: 10, name: "a2" },
        { id: 11, name: "b" },
        { id: 12, name: "c" },
      ]);
      // Only updates: 200, as PostgREST answers.
      const updated = await send(
        serviceKey(),
        "POST",
        "/emb_tags",
        [{ id: 10, name: "a3" }],
        "resolution=merge-duplicates",
      );
      expect(updated.status).toBe(200);
      expect(updated.headers["preference-applied"]).toBe("resolution=merge-duplicates");
      const ignored = await user
        .from("emb_tags")
        .upsert({ id: 99, name: "b" }, { onConflict: "name", ignoreDuplicates: true })
        .select("id");
      expect(ignored).toMatchObject({ error: null, status: 201, data: [] });
      expect((await tagNames())?.map((r) => r.name)).toEqual(["a3", "b", "c"]);
    });

    it("gives absent keys their default with missing=default, identity columns included", async () => {
      const events = await user
        .from("emb_events")
        .insert([{ label: "x" }, { label: "y", at: "2026-05-01T00:00:00Z" }], { defaultToNull: false })
        .select("label, at");
      expect(events).toMatchObject({
        error: null,
        data: [
          { label: "x", at: "2026-01-01T00:00:00+00:00" },
          { label: "y", at: "2026-05-01T00:00:00+00:00" },
        ],
      });
      // emb_authors.id is GENERATED BY DEFAULT AS IDENTITY: the row without one takes the next.
      const authors = await user
        .from("emb_authors")
        .insert(
          [
            { id: 50, name: "Dani" },
            { name: "Eva", bio: { city: "Olinda" } },
          ],
          { defaultToNull: false },
        )
        .select("id, name");
      expect(authors).toMatchObject({
        error: null,
        data: [
          { id: 50, name: "Dani" },
          { id: 4, name: "Eva" },
        ],
      });
      // No row names it: left to Postgres, no sequence privilege needed (emb_events.id is ALWAYS).
      const always = await user
        .from("emb_events")
        .insert([{ label: "i1" }], { defaultToNull: false })
        .select("id");
      expect(always.error).toBeNull();
      // Without missing=default a missing key is NULL, as in PostgREST.
      const nulls = await user.from("emb_events").insert([{ label: "z" }, { label: "w", at: null }]);
      expect(nulls.error).toMatchObject({ code: "23502" });
    });

    it("answers return=minimal, headers-only (with Location) and representation", async () => {
      const minimal = await send(serviceKey(), "POST", "/emb_tags", { id: 13, name: "d" }, "return=minimal");
      expect(minimal).toMatchObject({ status: 201, text: "" });
      expect(minimal.headers["content-range"]).toBe("*/*");
      const headersOnly = await send(serviceKey(), "POST", "/emb_tags", { id: 14, name: "e" }, "return=headers-only");
      expect(headersOnly).toMatchObject({ status: 201, text: "" });
      expect(headersOnly.headers.location).toBe("/emb_tags?id=eq.14");
      const patched = await user.from("emb_tags").update({ name: "e2" }).eq("id", 14).select("name");
      expect(patched).toMatchObject({ status: 200, data: [{ name: "e2" }] });
    });

    it("refuses an update or delete over max-affected with handling=strict, and rolls it back", async () => {
      const made = await user
        .from("emb_events")
        .insert([{ label: "m1" }, { label: "m2" }, { label: "m3" }], { defaultToNull: false });
      expect(made.error).toBeNull();
      const over = await strictly(user.from("emb_events").update({ label: "z" }).like("label", "m*"), 2);
      expect(over.status).toBe(400);
      expect(over.error).toEqual(
        pgrstError("PGRST124", "Query result exceeds max-affected preference constraint", "The query affects 3 rows"),
      );
      const labels = await service.from("emb_events").select("label").like("label", "m*");
      expect(labels.data).toHaveLength(3);
      const del = await strictly(user.from("emb_events").delete().like("label", "m*").select("label"), 3);
      expect(del).toMatchObject({ error: null, data: [{ label: "m1" }, { label: "m2" }, { label: "m3" }] });
    });

    it("rolls back with tx=rollback yet answers the result, and commits with tx=commit", async () => {
      const rolled = await user.from("emb_tags").insert({ id: 20, name: "rolled back" }).select("name").rollback();
      expect(rolled).toMatchObject({ error: null, status: 201, data: [{ name: "rolled back" }] });
      expect((await service.from("emb_tags").select("id").eq("id", 20)).data).toEqual([]);
      const committed = await send(serviceKey(), "POST", "/emb_tags", { id: 20, name: "kept" }, "tx=commit");
      expect(committed.headers["preference-applied"]).toBe("tx=commit");
      expect((await service.from("emb_tags").select("name").eq("id", 20)).data).toEqual([{ name: "kept" }]);
    });

    it("replaces one row by its primary key with PUT, with PostgREST's errors otherwise", async () => {
      expect(await putTag("id=eq.30", { id: 30, name: "put" })).toMatchObject({
        status: 201,
        json: [{ id: 30, name: "put" }],
      });
      expect(await putTag("id=eq.30", { id: 30, name: "put2" })).toMatchObject({
        status: 200,
        json: [{ id: 30, name: "put2" }],
      });
      expect((await putTag("id=eq.30", { id: 31, name: "x" })).json).toMatchObject({ code: "PGRST115" });
      expect((await putTag("name=eq.x", { id: 31, name: "x" })).json).toMatchObject({ code: "PGRST105" });
    });

    it("counts exactly, by the planner, or estimated, with Content-Range and 206", async () => {
      const exact = await anon.from("emb_posts").select("title", { count: "exact" }).range(0, 1);
      expect(exact).toMatchObject({ status: 206, count: 3 });
      // The fixture never ran ANALYZE: the planner's figure is its own guess, not the rows.
      const explained = await t.backend.db.query<{ "QUERY PLAN": unknown }>(
        "EXPLAIN (FORMAT JSON) SELECT 1 FROM public.emb_tags",
      );
      const raw0 = explained.rows[0]!["QUERY PLAN"];
      const plan = (typeof raw0 === "string" ? JSON.parse(raw0) : raw0) as { Plan: { "Plan Rows": number } }[];
      const estimate = plan[0]!.Plan["Plan Rows"];
      const planned = await anon.from("emb_tags").select("name", { count: "planned" }).limit(1);
      expect(planned.count).toBe(estimate);
      expect(planned.count).not.toBe((await anon.from("emb_tags").select("name", { count: "exact" })).count);
      const header = await raw("/emb_tags?select=name&limit=1", { headers: { prefer: "count=planned" } });
      expect(header.headers["content-range"]).toBe(`0-0/${estimate}`);
      // Under the row cap an estimated count is exact.
      const estimated = await anon.from("emb_posts").select("title", { count: "estimated" }).range(0, 1);
      expect(estimated).toMatchObject({ status: 206, count: 3 });
      const written = await user.from("emb_tags").delete({ count: "exact" }).eq("id", 30);
      expect(written.count).toBe(1);
    });
  });

  describe("reads", () => {
    it("reads a table or view with GET and HEAD in a read-only transaction: a view that writes is 405", async () => {
      await t.backend.db.exec(`
        CREATE SEQUENCE public.emb_calls;
        CREATE VIEW public.emb_callcounter AS SELECT nextval('public.emb_calls') AS n;
        GRANT SELECT ON public.emb_callcounter TO anon;
        GRANT USAGE, UPDATE ON SEQUENCE public.emb_calls TO anon;`);
      // The schema cache learns the view on a miss, at most once a second.
      let got = await raw("/emb_callcounter?select=n");
      for (let i = 0; got.status === 404 && i < 50; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        got = await raw("/emb_callcounter?select=n");
      }
      expect(got.status).toBe(405);
      expect(got.json).toEqual(pgrstError("25006", "cannot execute nextval() in a read-only transaction"));
      expect((await raw("/emb_callcounter", { method: "HEAD" })).status).toBe(405);
      const viaClient = await anon.from("emb_callcounter").select("n");
      expect(viaClient).toMatchObject({ status: 405, error: { code: "25006" } });
      const counter = await t.backend.db.query<{ is_called: boolean }>("SELECT is_called FROM public.emb_calls");
      expect(counter.rows[0]?.is_called).toBe(false);
    });
  });

  describe("rpc", () => {
    it("calls a stable function with GET and HEAD, and refuses writes in it (read-only)", async () => {
      const got = await anon.rpc("emb_greet", { name: "Ana" }, { get: true });
      expect(got).toMatchObject({ error: null, data: "Olá, Ana" });
      const head = await anon.rpc("emb_posts_by", { author: "Ana" }, { head: true, count: "exact" });
      expect(head).toMatchObject({ error: null, data: null, count: 2 });
      const write = await user.rpc("emb_log", { label: "x" }, { get: true });
      expect(write.status).toBe(405);
      expect(write.error).toMatchObject({ code: "25006", message: "cannot execute INSERT in a read-only transaction" });
      const posted = await user.rpc("emb_log", { label: "by post" });
      expect(posted).toMatchObject({ error: null, status: 204 });
    });

    it("takes select, filters, order, limit and embeds on a set-returning function", async () => {
      const { data, error } = await anon
        .rpc("emb_posts_by", { author: "Ana" })
        .select("title, editor:emb_authors!editor_id(name)")
        .like("title", "*post*")
        .order("id", { ascending: false })
        .limit(1);
      expect(error).toBeNull();
      expect(data).toEqual([{ title: "Segundo post", editor: null }]);
      const table = await anon.rpc("emb_titles").gt("chars", 12).select("title");
      expect(table.data).toEqual([{ title: "Primeiro post" }, { title: "Terceiro post" }]);
    });

    it("calls with optional, variadic and single unnamed JSON parameters", async () => {
      expect((await anon.rpc("emb_greet", { name: "Ana" })).data).toBe("Olá, Ana");
      expect((await anon.rpc("emb_greet", { name: "Ana", greeting: "Oi" })).data).toBe("Oi, Ana");
      expect((await anon.rpc("emb_sum", { nums: [1, 2, 3] })).data).toBe(6);
      // A GET names a variadic parameter once per value, as PostgREST reads it.
      expect((await raw("/rpc/emb_sum?nums=4&nums=5")).json).toBe(9);
      expect((await anon.rpc("emb_echo", { any: ["json", 1] })).data).toEqual({ any: ["json", 1] });
      const array = await raw("/rpc/emb_echo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "[1,2]",
      });
      expect(array.json).toEqual([1, 2]);
    });

    it("passes the whole body to a json parameter with params=single-object", async () => {
      const res = await send(anonKey(), "POST", "/rpc/emb_mult", { x: 4, y: 2 }, "params=single-object");
      expect(res).toMatchObject({ status: 200, json: 8 });
      expect(res.headers["preference-applied"]).toBe("params=single-object");
      const none = await send(anonKey(), "POST", "/rpc/emb_greet", "{}", "params=single-object");
      expect(errorText(none.json)).toBe(
        "PGRST202 | Could not find the function public.emb_greet in the schema cache | Searched for the function public.emb_greet with a single json/jsonb parameter, but no matches were found in the schema cache. | null",
      );
    });

    it("counts a function's rows, under max-affected too", async () => {
      const counted = await anon.rpc("emb_numbers", { n: 5 }, { count: "exact" }).order("pgrst_scalar").range(0, 1);
      expect(counted).toMatchObject({ status: 206, count: 5, data: [1, 2] });
      const over = await send(anonKey(), "POST", "/rpc/emb_numbers", { n: 3 }, "handling=strict, max-affected=2");
      expect(over.json).toMatchObject({ code: "PGRST124", details: "The query affects 3 rows" });
      const single = await send(anonKey(), "POST", "/rpc/emb_greet", { name: "a" }, "handling=strict, max-affected=2");
      expect(single.json).toMatchObject({
        code: "PGRST128",
        message: "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
      });
    });

    it("answers with the status and headers a function or trigger set in the response GUCs", async () => {
      const set = await respond("202", JSON.stringify([{ Location: "/emb_tags?id=eq.1" }, { "X-Greeting": "oi" }]));
      expect(set).toMatchObject({ status: 202, json: "ok" });
      expect(set.headers).toMatchObject({ location: "/emb_tags?id=eq.1", "x-greeting": "oi" });
      // One of a header's name replaces the response's own.
      const replaced = await respond("200", JSON.stringify([{ "Content-Type": "text/plain" }]));
      expect(replaced.headers["content-type"]).toBe("text/plain");
      const event = await user.from("emb_events").insert({ label: "with header" });
      expect(event.status).toBe(201);
      const plain = await send(serviceKey(), "POST", "/emb_events", { label: "with header" }, "return=minimal");
      expect(plain.headers["x-event"]).toBe("with header");
    });

    it("refuses malformed response GUCs with PGRST111 and PGRST112", async () => {
      for (const headers of ['{"X-A": "b"}', '[{"X-A": 1}]', '[{"X-A": "b", "X-B": "c"}]', "not json"]) {
        expect(await respond("", headers)).toMatchObject({
          status: 500,
          json: pgrstError(
            "PGRST111",
            "response.headers guc must be a JSON array composed of objects with a single key and a string value",
          ),
        });
      }
      expect(await respond("teapot", '[{"X-A": 1}]')).toMatchObject({
        status: 500,
        json: pgrstError("PGRST112", "response.status guc must be a valid status code"),
      });
    });

    it("answers PostgREST's errors for unknown functions and methods", async () => {
      const missing = await anon.rpc("emb_gret", { name: "Ana" });
      expect(missing.status).toBe(404);
      expect(errorText(missing.error)).toBe(
        "PGRST202 | Could not find the function public.emb_gret(name) in the schema cache | Searched for the function public.emb_gret with parameter name or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache. | Perhaps you meant to call the function public.emb_greet",
      );
      const put = await raw("/rpc/emb_greet", { method: "PUT", body: "{}" });
      expect(put).toMatchObject({
        status: 405,
        json: { code: "PGRST101", message: "Cannot use the PUT method on RPC" },
      });
    });
  });
});
