// The REST subset through the real @supabase/supabase-js, on PGlite and on a throwaway
// PostgreSQL 15 (where its binaries exist): queries, writes, rpc, the RLS matrix, hostile input.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createClient } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readLock } from "../db/lock.ts";
import { startBackend } from "../index.ts";
import type { Backend } from "../index.ts";
import { TEST_SITE_URL, makeClient, startTestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { DbKind, TestBackend } from "../testing/backend.ts";
import { startPostgresCluster } from "../testing/postgres-cluster.ts";
import { MAX_QUERY_STRING, MAX_SELECT_ITEMS } from "./parse.ts";

async function slugsOf(q: PromiseLike<{ data: { slug: string }[] | null; error: unknown }>): Promise<string[]> {
  const { data, error } = await q;
  if (error) throw new Error(JSON.stringify(error));
  return (data ?? []).map((r) => r.slug).toSorted();
}

/** A backend with its own database and a small REST row cap (the shared harness has none). */
async function startCappedBackend(
  kind: DbKind,
  restMaxRows: number,
): Promise<{ backend: Backend; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(join(os.tmpdir(), "omnia-rest-cap-"));
  const cluster = kind === "postgres" ? await startPostgresCluster() : null;
  const close = async (backend?: Backend) => {
    await backend?.close();
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const backend = await startBackend({
      ...(cluster ? { databaseUrl: cluster.url } : { dataDir }),
      siteUrl: TEST_SITE_URL,
      restMaxRows,
      log: () => {},
    });
    return { backend, close: () => close(backend) };
  } catch (err) {
    await close();
    throw err;
  }
}

/** `k0:slug,k1:slug,...`: n distinct output keys, all of one column. */
function aliasedSlugs(n: number): string {
  return Array.from({ length: n }, (_, i) => `k${i}:slug`).join(",");
}

interface Actor {
  name: "anon" | "user" | "admin";
  client: SupabaseClient;
  id: string | null;
  token: string;
}

/** The same contact lead, sent by each actor. */
const leadOf = (a: Actor) => ({
  name: `Nome ${a.name}`,
  email: `${a.name}@example.com`,
  subject: "comercial",
  message: "Quero saber mais sobre o plano.",
  plan: "scale",
  page: "/contato",
});

describeEachDatabase("REST", (kind) => {
  describe("through supabase-js", () => {
    let t: TestBackend;
    let service: SupabaseClient;
    let anon: Actor;
    let user: Actor;
    let admin: Actor;

    beforeAll(async () => {
      t = await startTestBackend(kind);
      service = t.client(t.backend.serviceRoleKey);
      // Start from known content: the first-start sample posts go.
      const wiped = await service.from("blog_posts").delete().not("id", "is", null);
      if (wiped.error) throw new Error(wiped.error.message);
      const u = await t.user("user@example.com");
      const a = await t.user("admin@example.com", { admin: true });
      anon = { name: "anon", client: t.client(), id: null, token: t.backend.anonKey };
      user = { name: "user", client: u.client, id: u.id, token: u.accessToken };
      admin = { name: "admin", client: a.client, id: a.id, token: a.accessToken };
      const ins = await service.from("blog_posts").insert([
        {
          title: "Primeiro",
          slug: "primeiro",
          content: "a",
          published: true,
          created_at: "2026-01-01T00:00:00Z",
          excerpt: null,
        },
        {
          title: "Segundo",
          slug: "segundo",
          content: "b",
          published: true,
          created_at: "2026-01-02T00:00:00Z",
          excerpt: "e2",
        },
        {
          title: "Terceiro",
          slug: "terceiro",
          content: "c",
          published: true,
          created_at: "2026-01-03T00:00:00Z",
          excerpt: "e3",
        },
        {
          title: "Rascunho",
          slug: "rascunho",
          content: "d",
          published: false,
          created_at: "2026-01-04T00:00:00Z",
          excerpt: null,
        },
      ]);
      if (ins.error) throw new Error(ins.error.message);
    });
    afterAll(async () => {
      await t?.close();
    });
    const actors = () => [anon, user, admin];
    const postSlugs = () => anon.client.from("blog_posts").select("slug");

    describe("reads", () => {
      it("lists published posts with filter, order, limit and exact count", async () => {
        const res = await anon.client
          .from("blog_posts")
          .select("slug,title", { count: "exact" })
          .eq("published", true)
          .order("created_at", { ascending: false })
          .range(0, 1);
        expect(res.error).toBeNull();
        // 2 of 3 rows with a known total: 206 Partial Content, as PostgREST answers.
        expect(res.status).toBe(206);
        expect(res.data).toEqual([
          { slug: "terceiro", title: "Terceiro" },
          { slug: "segundo", title: "Segundo" },
        ]);
        expect(res.count).toBe(3);
      });

      it("supports neq/gt/gte/lt/lte/like/ilike/is/in and not", async () => {
        const slugs = slugsOf;
        const from = postSlugs;
        expect(await slugs(from().neq("slug", "primeiro"))).toEqual(["segundo", "terceiro"]);
        expect(await slugs(from().gt("created_at", "2026-01-02T00:00:00Z"))).toEqual(["terceiro"]);
        expect(await slugs(from().gte("created_at", "2026-01-02T00:00:00Z"))).toEqual(["segundo", "terceiro"]);
        expect(await slugs(from().lt("created_at", "2026-01-02T00:00:00Z"))).toEqual(["primeiro"]);
        expect(await slugs(from().lte("created_at", "2026-01-02T00:00:00Z"))).toEqual(["primeiro", "segundo"]);
        expect(await slugs(from().like("title", "%eiro"))).toEqual(["primeiro", "terceiro"]);
        expect(await slugs(from().ilike("title", "SEG*"))).toEqual(["segundo"]);
        expect(await slugs(from().is("excerpt", null))).toEqual(["primeiro"]);
        expect(await slugs(from().not("excerpt", "is", null))).toEqual(["segundo", "terceiro"]);
        expect(await slugs(from().in("slug", ["primeiro", "terceiro", "rascunho"]))).toEqual(["primeiro", "terceiro"]);
        expect(await slugs(from().not("slug", "in", '("primeiro","terceiro")'))).toEqual(["segundo"]);
      });

      it("orders by several keys with nulls first/last, with offset", async () => {
        const { data } = await anon.client
          .from("blog_posts")
          .select("slug")
          .order("excerpt", { ascending: true, nullsFirst: true })
          .order("slug")
          .range(1, 2);
        expect(data).toEqual([{ slug: "segundo" }, { slug: "terceiro" }]);
        const last = await anon.client
          .from("blog_posts")
          .select("slug")
          .order("excerpt", { ascending: false, nullsFirst: false });
        expect(last.data?.at(-1)).toEqual({ slug: "primeiro" });
      });

      it("answers HEAD with a count only", async () => {
        const res = await anon.client.from("blog_posts").select("*", { count: "exact", head: true });
        expect(res).toMatchObject({ error: null, data: null, count: 3, status: 200 });
      });

      it("single() gives an object, and PGRST116 (406) for 0 or many rows; maybeSingle() gives null", async () => {
        const one = await anon.client.from("blog_posts").select("title").eq("slug", "segundo").single();
        expect(one).toMatchObject({ error: null, data: { title: "Segundo" } });
        const none = await anon.client.from("blog_posts").select("title").eq("slug", "rascunho").single();
        expect(none.status).toBe(406);
        expect(none.error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" });
        const many = await anon.client.from("blog_posts").select("title").single();
        expect(many.error).toMatchObject({ code: "PGRST116", details: "The result contains 3 rows" });
        const maybe = await anon.client.from("blog_posts").select("title").eq("slug", "nope").maybeSingle();
        expect(maybe).toMatchObject({ error: null, data: null });
      });

      it("serialises like PostgREST (timestamptz with offset, booleans, nulls)", async () => {
        const { data } = await anon.client
          .from("blog_posts")
          .select("created_at,published,excerpt")
          .eq("slug", "primeiro")
          .single();
        expect(data).toEqual({ created_at: "2026-01-01T00:00:00+00:00", published: true, excerpt: null });
      });
    });

    describe("writes", () => {
      it("inserts, updates (updated_at moves) and deletes as admin, with representation or minimal", async () => {
        const ins = await admin.client
          .from("blog_posts")
          .insert({ title: "Novo", slug: "novo", content: "x", author_id: admin.id })
          .select()
          .single();
        expect(ins.error).toBeNull();
        expect(ins.status).toBe(201);
        expect(ins.data).toMatchObject({ title: "Novo", published: false, author_id: admin.id });
        expect(ins.data.id).toMatch(/^[0-9a-f-]{36}$/);

        const minimal = await admin.client.from("blog_posts").insert({ title: "Mínimo", slug: "minimo", content: "y" });
        expect(minimal).toMatchObject({ error: null, data: null, status: 201 });

        const up = await admin.client
          .from("blog_posts")
          .update({ title: "Novo 2", published: true })
          .eq("id", ins.data.id)
          .select("title,published,updated_at");
        expect(up.error).toBeNull();
        expect(up.data).toHaveLength(1);
        expect(up.data![0]).toMatchObject({ title: "Novo 2", published: true });
        expect(up.data![0]!.updated_at >= ins.data.updated_at).toBe(true);

        const quiet = await admin.client.from("blog_posts").update({ excerpt: "z" }).eq("slug", "minimo");
        expect(quiet).toMatchObject({ error: null, data: null, status: 204 });

        const del = await admin.client.from("blog_posts").delete().in("slug", ["novo", "minimo"]).select("slug");
        expect(del.data?.map((r) => r.slug).toSorted()).toEqual(["minimo", "novo"]);
        const gone = await service.from("blog_posts").select("id").in("slug", ["novo", "minimo"]);
        expect(gone.data).toEqual([]);
      });

      it("bulk insert sends columns; missing keys are NULL unless defaultToNull is false", async () => {
        const rows = [
          { title: "B1", slug: "b1", content: "c" },
          { title: "B2", slug: "b2", content: "c", published: true },
        ];
        const nulls = await admin.client.from("blog_posts").insert(rows).select("slug,published");
        // published is NOT NULL: PostgREST semantics put NULL in the missing key.
        expect(nulls.error).toMatchObject({ code: "23502" });
        expect(nulls.status).toBe(400);
        const defaults = await admin.client
          .from("blog_posts")
          .insert(rows, { defaultToNull: false })
          .select("slug,published");
        expect(defaults.error).toBeNull();
        expect(defaults.data).toEqual([
          { slug: "b1", published: false },
          { slug: "b2", published: true },
        ]);
        await service.from("blog_posts").delete().in("slug", ["b1", "b2"]);
      });

      it("maps constraint errors: duplicate slug 409 23505, bad foreign key 409 23503, check 400 23514", async () => {
        const dup = await admin.client.from("blog_posts").insert({ title: "X", slug: "primeiro", content: "x" });
        expect(dup.status).toBe(409);
        expect(dup.error).toMatchObject({ code: "23505", details: null });
        const fk = await service
          .from("user_roles")
          .insert({ user_id: "00000000-0000-0000-0000-000000000000", role: "admin" });
        expect(fk.status).toBe(409);
        expect(fk.error?.code).toBe("23503");
        // Only the service role inserts leads (ADR 037); constraints hold for it too.
        const check = await service
          .from("contact_messages")
          .insert({ name: "A", email: "x@y.z", subject: "outro", message: "curta" });
        expect(check.status).toBe(400);
        expect(check.error?.code).toBe("23514");
      });

      it("calls has_role through rpc", async () => {
        expect(await admin.client.rpc("has_role", { _user_id: admin.id, _role: "admin" })).toMatchObject({
          data: true,
          error: null,
        });
        expect(await user.client.rpc("has_role", { _user_id: user.id, _role: "admin" })).toMatchObject({
          data: false,
          error: null,
        });
        const anonRpc = await anon.client.rpc("has_role", { _user_id: admin.id, _role: "admin" });
        expect(anonRpc.status).toBe(401);
        expect(anonRpc.error?.code).toBe("42501");
        const unknown = await admin.client.rpc("pg_sleep", { seconds: 1 });
        expect(unknown.status).toBe(404);
        expect(unknown.error?.code).toBe("PGRST202");
      });

      it("refuses UPDATE/DELETE without a filter, like Supabase's safeupdate", async () => {
        const res = await service.from("blog_posts").delete();
        expect(res.status).toBe(400);
        expect(res.error?.code).toBe("21000");
        expect((await service.from("blog_posts").select("id", { count: "exact", head: true })).count).toBe(4);
      });
    });

    describe("row-level security matrix", () => {
      it("blog_posts: everyone reads published posts, only admins see drafts", async () => {
        const seen: Record<string, unknown> = {};
        for (const a of actors()) {
          const { data, error } = await a.client.from("blog_posts").select("slug").order("slug");
          seen[a.name] = error ?? (data ?? []).map((r) => r.slug);
        }
        expect(seen).toEqual({
          anon: ["primeiro", "segundo", "terceiro"],
          user: ["primeiro", "segundo", "terceiro"],
          admin: ["primeiro", "rascunho", "segundo", "terceiro"],
        });
      });

      it("blog_posts: only admins insert, update and delete", async () => {
        const seen: Record<string, unknown> = {};
        for (const a of [anon, user]) {
          const ins = await a.client.from("blog_posts").insert({ title: "T", slug: `rls-${a.name}`, content: "c" });
          const upd = await a.client
            .from("blog_posts")
            .update({ title: `hacked by ${a.name}` })
            .eq("slug", "rascunho")
            .select();
          const del = await a.client.from("blog_posts").delete().eq("slug", "primeiro").select();
          seen[a.name] = {
            insert: [ins.status, ins.error?.code],
            update: [upd.status, upd.error?.code ?? upd.data],
            delete: [del.status, del.error?.code ?? del.data],
          };
        }
        expect(seen).toEqual({
          anon: { insert: [401, "42501"], update: [401, "42501"], delete: [401, "42501"] },
          // A signed-in account without a role that may write posts is refused, not told "no rows"
          // (public.permitted, docs/security.md "Roles").
          user: { insert: [403, "42501"], update: [403, "42501"], delete: [403, "42501"] },
        });
        const { data } = await service
          .from("blog_posts")
          .select("slug,title")
          .in("slug", ["rascunho", "primeiro", "rls-anon", "rls-user"]);
        expect(data?.map((r) => r.slug).toSorted()).toEqual(["primeiro", "rascunho"]);
        expect(data?.find((r) => r.slug === "rascunho")?.title).toBe("Rascunho");
        // And the admin may.
        const ins = await admin.client.from("blog_posts").insert({ title: "T", slug: "rls-admin", content: "c" });
        expect(ins.status).toBe(201);
        const upd = await admin.client
          .from("blog_posts")
          .update({ title: "Rascunho 2" })
          .eq("slug", "rascunho")
          .select("title");
        expect(upd.data).toEqual([{ title: "Rascunho 2" }]);
        const del = await admin.client.from("blog_posts").delete().eq("slug", "rls-admin").select("slug");
        expect(del.data).toEqual([{ slug: "rls-admin" }]);
      });

      it("user_roles: a user reads only their own rows; only admins manage roles", async () => {
        const anonRead = await anon.client.from("user_roles").select("*");
        expect(anonRead.status).toBe(401);
        expect(anonRead.data).toBeNull();
        const own = await user.client.from("user_roles").select("user_id,role");
        expect(own.error).toBeNull();
        expect(own.data).toEqual([]);
        const adminOwn = await admin.client
          .from("user_roles")
          .select("role")
          .eq("user_id", admin.id!)
          .eq("role", "admin")
          .maybeSingle();
        expect(adminOwn.data).toEqual({ role: "admin" });
        // The user cannot see the admin's row nor grant themselves admin.
        const peek = await user.client.from("user_roles").select("*").eq("user_id", admin.id!);
        expect(peek.data).toEqual([]);
        const grant = await user.client.from("user_roles").insert({ user_id: user.id, role: "admin" });
        expect(grant.status).toBe(403);
        expect(grant.error?.code).toBe("42501");
        const anonGrant = await anon.client.from("user_roles").insert({ user_id: user.id, role: "admin" });
        expect(anonGrant.status).toBe(401);
        // Nor demote the admin: refused with an error, not answered with zero rows.
        const demote = await user.client.from("user_roles").delete().eq("user_id", admin.id!).select();
        expect({ status: demote.status, code: demote.error?.code }).toEqual({ status: 403, code: "42501" });
        const change = await user.client.from("user_roles").update({ role: "user" }).eq("user_id", admin.id!).select();
        expect({ status: change.status, code: change.error?.code }).toEqual({ status: 403, code: "42501" });
        // The admin can grant, read everyone's and revoke.
        const granted = await admin.client
          .from("user_roles")
          .insert({ user_id: user.id, role: "user" })
          .select("role")
          .single();
        expect(granted.data).toEqual({ role: "user" });
        expect((await user.client.from("user_roles").select("role")).data).toEqual([{ role: "user" }]);
        const everyone = await service.from("user_roles").select("*", { count: "exact", head: true });
        expect((await admin.client.from("user_roles").select("user_id")).data).toHaveLength(everyone.count!);
        const revoked = await admin.client.from("user_roles").delete().eq("user_id", user.id!).select("role");
        expect(revoked.data).toEqual([{ role: "user" }]);
        const roles = await service.from("user_roles").select("user_id,role");
        expect(roles.data).toContainEqual({ user_id: admin.id, role: "admin" });
        expect(roles.data?.filter((r) => r.user_id === user.id)).toEqual([]);
      });

      it("contact_messages: only the service role inserts; nobody but admins reads, updates or deletes", async () => {
        // Leads are written by the site's server only (ADR 037; more in contact-messages.test.ts).
        const inserted: Record<string, unknown> = {};
        for (const a of actors()) {
          const ins = await a.client.from("contact_messages").insert(leadOf(a));
          inserted[a.name] = [ins.status, ins.error?.code ?? null];
        }
        expect(inserted).toEqual({ anon: [401, "42501"], user: [403, "42501"], admin: [403, "42501"] });
        const leads = await service.from("contact_messages").insert([
          ...actors().map((a) => ({ ...leadOf(a), company: null, phone: null })),
          {
            name: "Demo",
            email: "demo@example.com",
            subject: "demo",
            message: null,
            plan: null,
            page: null,
            company: "ACME",
            phone: "+55 (11) 99999-0000",
          },
        ]);
        expect(leads.error).toBeNull();
        // Asking for the row back needs SELECT too; nothing is written either way.
        const back = await anon.client
          .from("contact_messages")
          .insert({ name: "Ana", email: "ana@example.com", subject: "demo" })
          .select();
        expect(back.status).toBe(401);
        expect(
          (
            await service
              .from("contact_messages")
              .select("id", { count: "exact", head: true })
              .eq("email", "ana@example.com")
          ).count,
        ).toBe(0);

        expect((await anon.client.from("contact_messages").select("*")).status).toBe(401);
        expect((await user.client.from("contact_messages").select("*")).data).toEqual([]);
        // Writes by an account that may not read leads are refused, whether or not a row matched.
        const userUpdate = await user.client
          .from("contact_messages")
          .update({ handled_at: new Date().toISOString() })
          .eq("subject", "comercial")
          .select();
        expect([userUpdate.status, userUpdate.error?.code]).toEqual([403, "42501"]);
        const userDelete = await user.client.from("contact_messages").delete().eq("subject", "comercial").select();
        expect([userDelete.status, userDelete.error?.code]).toEqual([403, "42501"]);
        expect((await anon.client.from("contact_messages").delete().eq("subject", "comercial")).status).toBe(401);

        const all = await admin.client.from("contact_messages").select("name,plan,page").order("created_at");
        expect(all.data).toHaveLength(4);
        const handled = await admin.client
          .from("contact_messages")
          .update({ handled_at: new Date().toISOString() })
          .eq("subject", "demo")
          .select("name");
        expect(handled.data).toEqual([{ name: "Demo" }]);
        const deleted = await admin.client
          .from("contact_messages")
          .delete()
          .eq("email", "anon@example.com")
          .select("name");
        expect(deleted.data).toEqual([{ name: "Nome anon" }]);
      });
    });

    describe("hostile input", () => {
      const base = "http://127.0.0.1:54321/rest/v1";
      async function raw(path: string, init: RequestInit & { token?: string } = {}) {
        const headers = new Headers(init.headers);
        headers.set("apikey", t.backend.anonKey);
        if (init.token !== undefined) headers.set("authorization", `Bearer ${init.token}`);
        const res = await t.backend.fetch(new Request(`${base}${path}`, { ...init, headers }));
        const text = await res.text();
        return { status: res.status, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
      }

      it.each([
        ["/blog_posts?select=id;drop table blog_posts", 400],
        ["/blog_posts?select=*,(select 1)", 400],
        ['/blog_posts?select="id""; drop table blog_posts; --"', 400],
        ["/blog_posts?order=title;drop table blog_posts", 400],
        ["/blog_posts?order=title.desc;select", 400],
        ["/blog_posts?%22title%22%3B--=eq.1", 400],
        ["/blog_posts?id=eq.1' or '1'='1", 400],
        ["/blog_posts?published=eq.true) or (1=1", 400],
        ["/blog_posts?slug=in.(a,b", 400],
        ["/blog_posts?slug=between.1.2", 400],
        ["/blog_posts?slug=eq", 400],
        ["/blog_posts?limit=1;delete", 400],
        ["/blog_posts?limit=99999999999999999999", 400],
        ["/blog_posts?offset=-5", 400],
        ["/blog_posts?created_at=gt.not-a-date", 400],
        ["/blog_posts?select=author:auth.users(*)", 400],
        ["/blog_posts?title=eq.%00", 400],
        ["/pg_catalog.pg_authid", 404],
        ["/blog_posts;drop table blog_posts", 404],
        ["/users", 404],
        ["/schema_migrations", 404],
        ["/rpc/pg_terminate_backend", 404],
      ])("GET %s -> %i", async (path, status) => {
        const res = await raw(path);
        expect(res.status).toBe(status);
        expect(res.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(res.text).not.toMatch(/rascunho/i);
      });

      it("refuses repeated select keys and over-long select lists with 400 PGRST100 (ADR 014)", async () => {
        // The reported amplification: one column a thousand times.
        const amplified = await raw(`/blog_posts?select=${Array(1000).fill("content").join(",")}`);
        expect(amplified.status).toBe(400);
        expect(amplified.json).toMatchObject({ code: "PGRST100", hint: null, details: expect.any(String) });
        expect(Object.keys(amplified.json!).toSorted()).toEqual(["code", "details", "hint", "message"]);
        for (const select of ["content,content", "x:title,x:slug", "*,*", "*,content", "*,title:slug"]) {
          const res = await raw(`/blog_posts?select=${encodeURIComponent(select)}`);
          expect([select, res.status, res.json?.code]).toEqual([select, 400, "PGRST100"]);
        }
        // Through supabase-js, as a page would send it.
        const dup = await anon.client.from("blog_posts").select("content,content");
        expect(dup.status).toBe(400);
        expect(dup.error).toMatchObject({
          code: "PGRST100",
          message: '"failed to parse select parameter (content,content)"',
        });
        expect(dup.data).toBeNull();
        // Distinct aliases of one column are distinct keys, up to the bound.
        const aliased = await anon.client.from("blog_posts").select("a:slug,b:slug").eq("slug", "primeiro");
        expect(aliased).toMatchObject({ error: null, data: [{ a: "primeiro", b: "primeiro" }] });
        expect((await anon.client.from("blog_posts").select(aliasedSlugs(MAX_SELECT_ITEMS))).error).toBeNull();
        const over = await anon.client.from("blog_posts").select(aliasedSlugs(MAX_SELECT_ITEMS + 1));
        expect(over.status).toBe(400);
        expect(over.error?.code).toBe("PGRST100");
        // Writes take the same select for their representation.
        const write = await admin.client
          .from("blog_posts")
          .insert({ title: "Dup", slug: "dup", content: "x" })
          .select("slug,slug");
        expect(write.error?.code).toBe("PGRST100");
        expect((await service.from("blog_posts").select("id").eq("slug", "dup")).data).toEqual([]);
      });

      it("refuses a query string over the bound with 400 PGRST100", async () => {
        const long = await raw(`/blog_posts?select=slug&title=eq.${"x".repeat(MAX_QUERY_STRING)}`);
        expect(long.status).toBe(400);
        expect(long.json).toMatchObject({ code: "PGRST100", message: "Query string too long" });
        const fits = await raw(`/blog_posts?select=slug&title=eq.${"x".repeat(MAX_QUERY_STRING - 100)}`);
        expect(fits).toMatchObject({ status: 200, json: [] });
      });

      it("treats injection in values as data", async () => {
        const res = await raw(`/blog_posts?slug=eq.${encodeURIComponent("x' OR 1=1 --")}`);
        expect(res).toMatchObject({ status: 200, json: [] });
        const inList = await raw(`/blog_posts?slug=in.(${encodeURIComponent('"a\') OR (1=1","b"')})`);
        expect(inList).toMatchObject({ status: 200, json: [] });
        const like = await raw(`/blog_posts?select=slug&title=like.${encodeURIComponent("%' OR published=false --")}`);
        expect(like).toMatchObject({ status: 200, json: [] });
      });

      it("rejects hostile bodies with 4xx", async () => {
        // As the service role, the only one that may insert leads (ADR 037), so the body's
        // checks are what answers, not the missing privilege.
        const post = (body: string, extra: Record<string, string> = {}) =>
          raw("/contact_messages", {
            method: "POST",
            body,
            headers: { "content-type": "application/json", ...extra },
            token: t.backend.serviceRoleKey,
          });
        const valid = { name: "Ana", email: "a@example.com", subject: "demo" };
        expect((await post("{not json")).status).toBe(400);
        expect((await post("")).status).toBe(400);
        expect((await post("[1,2,3]")).status).toBe(400);
        // No columns at all: every NOT NULL column without a default is violated (23502).
        expect((await post("{}")).json).toMatchObject({ code: "23502" });
        expect((await post("[]")).status).toBe(201);
        expect((await post('"just a string"')).status).toBe(400);
        expect((await post(JSON.stringify({ ...valid, 'name"); drop table x; --': 1 }))).status).toBe(400);
        expect((await post(JSON.stringify({ ...valid, id: { nested: true } }))).status).toBe(400);
        expect((await post(JSON.stringify({ ...valid, name: "x\u0000y" }))).status).toBe(400);
        expect((await post(JSON.stringify(valid), { "content-type": "text/plain" })).status).toBe(415);
        const deep = "[".repeat(100_000) + "]".repeat(100_000);
        expect((await post(deep)).status).toBe(400);
        const deepObject = '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000);
        expect((await post(deepObject)).status).toBe(400);
        const huge = JSON.stringify({ ...valid, message: "x".repeat(2 * 1024 * 1024) });
        expect((await post(huge)).status).toBe(413);
        // A body without Content-Length (streamed) is limited as well.
        const stream = new ReadableStream({
          start(controller) {
            for (let i = 0; i < 3; i++) controller.enqueue(new TextEncoder().encode(" ".repeat(512 * 1024)));
            controller.close();
          },
        });
        const streamed = await raw("/contact_messages", {
          method: "POST",
          body: stream,
          headers: { "content-type": "application/json" },
          duplex: "half",
          token: t.backend.serviceRoleKey,
        } as RequestInit & { token: string });
        expect(streamed.status).toBe(413);
        const badPatch = await raw("/blog_posts?slug=eq.primeiro", {
          method: "PATCH",
          body: "[]",
          headers: { "content-type": "application/json" },
        });
        expect(badPatch.status).toBe(400);
        const rpcBody = await raw("/rpc/has_role", {
          method: "POST",
          body: "[]",
          headers: { "content-type": "application/json" },
        });
        expect(rpcBody.status).toBe(400);
      });

      it("rejects missing, malformed and forged tokens with 401 PGRST301", async () => {
        const noKey = await t.backend.fetch(new Request(`${base}/blog_posts`));
        expect(noKey.status).toBe(401);
        expect(await noKey.json()).toMatchObject({ code: "PGRST301" });
        const garbage = await raw("/blog_posts", { token: "garbage" });
        expect(garbage.status).toBe(401);
        expect(garbage.json).toMatchObject({ code: "PGRST301" });
        const [h, p] = t.backend.serviceRoleKey.split(".");
        // Someone else's signature on the service-role claims.
        const forged = await raw("/blog_posts", { token: `${h}.${p}.${"A".repeat(86)}` });
        expect(forged.status).toBe(401);
        const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${p}.`;
        expect((await raw("/blog_posts", { token: unsigned })).status).toBe(401);
        const wrongScheme = await t.backend.fetch(
          new Request(`${base}/blog_posts`, { headers: { apikey: t.backend.anonKey, authorization: "Basic abc" } }),
        );
        expect(wrongScheme.status).toBe(401);
      });

      it("still has every row and table after the hostile requests", async () => {
        const { count } = await service.from("blog_posts").select("*", { count: "exact", head: true });
        expect(count).toBeGreaterThanOrEqual(3);
        const cm = await service
          .from("contact_messages")
          .select("*", { count: "exact", head: true })
          .eq("email", "a@example.com");
        expect(cm.count).toBe(0);
      });
    });
    describe("over real HTTP", () => {
      it("serves supabase-js on a loopback port, answers CORS preflights and exposes Content-Range", async () => {
        const server = serve({ fetch: t.backend.app.fetch, port: 0, hostname: "127.0.0.1" });
        await new Promise<void>((resolve) => server.once("listening", () => resolve()));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        try {
          t.backend.announceUrl(url);
          // PGlite: the operator CLI finds the running server through the lock (PostgreSQL has none).
          const lock = kind === "pglite" ? readLock(t.dataDir) : { pid: process.pid, url };
          expect(lock).toEqual({ pid: process.pid, url });

          // The default fetch: over the socket, not in-process.
          const http = createClient(url, t.backend.anonKey, {
            auth: { persistSession: false, autoRefreshToken: false },
          });
          const list = await http.from("blog_posts").select("slug", { count: "exact" }).order("slug").limit(1);
          expect(list.error).toBeNull();
          expect(list.data).toHaveLength(1);
          expect(list.count).toBeGreaterThanOrEqual(3);
          const signIn = await http.auth.signInWithPassword({
            email: "admin@example.com",
            password: "correct-horse-battery",
          });
          expect(signIn.error).toBeNull();
          const drafts = await http.from("blog_posts").select("slug").eq("published", false);
          expect(drafts.data?.length).toBeGreaterThanOrEqual(1);

          const preflight = await fetch(`${url}/rest/v1/blog_posts?select=*`, {
            method: "OPTIONS",
            headers: {
              origin: "http://localhost:5173",
              "access-control-request-method": "GET",
              "access-control-request-headers": "accept-profile,apikey,authorization,prefer,x-client-info",
            },
          });
          expect(preflight.status).toBe(204);
          expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
          const allowed = preflight.headers.get("access-control-allow-headers")!.split(",");
          for (const h of [
            "accept-profile",
            "content-profile",
            "apikey",
            "authorization",
            "prefer",
            "x-client-info",
            "x-supabase-api-version",
            "x-retry-count",
            "content-type",
          ]) {
            expect(allowed).toContain(h);
          }
          const get = await fetch(`${url}/rest/v1/blog_posts?select=slug`, {
            headers: { origin: "http://localhost:5173", apikey: t.backend.anonKey, prefer: "count=exact" },
          });
          expect(get.headers.get("access-control-expose-headers")).toBe("content-range,x-supabase-api-version");
          expect(get.headers.get("content-range")).toMatch(/^0-\d+\/\d+$/);
          const authPreflight = await fetch(`${url}/auth/v1/token?grant_type=password`, {
            method: "OPTIONS",
            headers: {
              origin: "http://localhost:5173",
              "access-control-request-method": "POST",
              "access-control-request-headers":
                "apikey,authorization,content-type,x-client-info,x-supabase-api-version",
            },
          });
          expect(authPreflight.status).toBe(204);
        } finally {
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
      });
    });
  });

  // PostgREST's db-max-rows: a read is cut to the cap silently, Content-Range shows the part.
  describe("with a row cap (restMaxRows 5)", () => {
    const CAP = 5;
    const PUBLISHED = 12;
    let capped: Awaited<ReturnType<typeof startCappedBackend>>;
    let service: SupabaseClient;
    let anon: SupabaseClient;
    let signedIn: SupabaseClient;
    let admin: SupabaseClient;

    async function raw(pathAndQuery: string, headers: Record<string, string> = {}, body?: string) {
      const res = await capped.backend.fetch(
        new Request(`${TEST_SITE_URL}/rest/v1${pathAndQuery}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { apikey: capped.backend.anonKey, ...headers },
          body,
        }),
      );
      const text = await res.text();
      return {
        status: res.status,
        range: res.headers.get("content-range"),
        json: text ? (JSON.parse(text) as unknown) : null,
      };
    }

    beforeAll(async () => {
      capped = await startCappedBackend(kind, CAP);
      const { backend } = capped;
      service = makeClient(backend, backend.serviceRoleKey);
      anon = makeClient(backend, backend.anonKey);
      const wiped = await service.from("blog_posts").delete().not("id", "is", null);
      if (wiped.error) throw new Error(wiped.error.message);
      const rows = Array.from({ length: PUBLISHED }, (_, i) => ({
        title: `Post ${i}`,
        slug: `post-${String(i).padStart(2, "0")}`,
        content: "c",
        published: true,
      }));
      const ins = await service.from("blog_posts").insert([...rows, { ...rows[0]!, slug: "draft", published: false }]);
      if (ins.error) throw new Error(ins.error.message);
      // A set-returning function, to see the cap on rpc (the app's migrations have none).
      await backend.db.exec(`
        CREATE FUNCTION public.numbers(n int) RETURNS SETOF int LANGUAGE sql STABLE AS $$ SELECT generate_series(1, n) $$;
        REVOKE ALL ON FUNCTION public.numbers(int) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION public.numbers(int) TO anon, authenticated, service_role;`);
      const signIn = async (email: string, isAdmin: boolean) => {
        const password = "correct-horse-battery";
        const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
        if (created.error) throw created.error;
        if (isAdmin) {
          const role = await service.from("user_roles").insert({ user_id: created.data.user.id, role: "admin" });
          if (role.error) throw new Error(role.error.message);
        }
        const client = makeClient(backend, backend.anonKey);
        const signed = await client.auth.signInWithPassword({ email, password });
        if (signed.error) throw signed.error;
        return client;
      };
      signedIn = await signIn("capped@example.com", false);
      admin = await signIn("capped-admin@example.com", true);
    });
    afterAll(async () => {
      await capped?.close();
    });

    it("cuts an anon read to the cap, with Content-Range and count showing the whole", async () => {
      const plain = await raw("/blog_posts?select=slug&order=slug");
      expect(plain).toMatchObject({ status: 200, range: "0-4/*" });
      expect(plain.json).toEqual(["post-00", "post-01", "post-02", "post-03", "post-04"].map((slug) => ({ slug })));

      const counted = await raw("/blog_posts?select=slug&order=slug", { prefer: "count=exact" });
      expect(counted).toMatchObject({ status: 206, range: `0-4/${PUBLISHED}` });

      const res = await anon.from("blog_posts").select("slug", { count: "exact" }).order("slug");
      expect(res).toMatchObject({ error: null, status: 206, count: PUBLISHED });
      expect(res.data).toHaveLength(CAP);

      const head = await anon.from("blog_posts").select("*", { count: "exact", head: true });
      expect(head).toMatchObject({ error: null, data: null, count: PUBLISHED });
    });

    it("caps a limit above the cap, keeps smaller limits, and pages from the offset", async () => {
      expect(await raw("/blog_posts?select=slug&order=slug&limit=100")).toMatchObject({ status: 200, range: "0-4/*" });
      expect((await anon.from("blog_posts").select("slug").limit(1000)).data).toHaveLength(CAP);
      const small = await raw("/blog_posts?select=slug&order=slug&limit=2", { prefer: "count=exact" });
      expect(small).toMatchObject({ status: 206, range: `0-1/${PUBLISHED}` });

      const page = await anon.from("blog_posts").select("slug", { count: "exact" }).order("slug").range(3, 100);
      expect(page).toMatchObject({ error: null, status: 206, count: PUBLISHED });
      expect(page.data?.map((r) => r.slug)).toEqual(["post-03", "post-04", "post-05", "post-06", "post-07"]);
      expect(
        await raw("/blog_posts?select=slug&order=slug&offset=3&limit=98", { prefer: "count=exact" }),
      ).toMatchObject({ status: 206, range: `3-7/${PUBLISHED}` });
      // The last page holds fewer than the cap.
      const last = await raw("/blog_posts?select=slug&order=slug&offset=10", { prefer: "count=exact" });
      expect(last).toMatchObject({ status: 206, range: `10-11/${PUBLISHED}` });
      expect(last.json).toEqual([{ slug: "post-10" }, { slug: "post-11" }]);
      // Filters narrow before the cap: a read that fits is whole (200).
      const fits = await raw("/blog_posts?select=slug&slug=in.(post-00,post-01)", { prefer: "count=exact" });
      expect(fits).toMatchObject({ status: 200, range: "0-1/2" });
    });

    it("caps signed-in users too (anyone can sign up), but not the service role", async () => {
      const user = await signedIn.from("blog_posts").select("slug", { count: "exact" });
      expect(user).toMatchObject({ error: null, count: PUBLISHED });
      expect(user.data).toHaveLength(CAP);
      const all = await service.from("blog_posts").select("slug", { count: "exact" });
      expect(all).toMatchObject({ error: null, status: 200, count: PUBLISHED + 1 });
      expect(all.data).toHaveLength(PUBLISHED + 1);
    });

    it("still finds a single row and refuses an ambiguous single()", async () => {
      expect(await anon.from("blog_posts").select("title").eq("slug", "post-07").single()).toMatchObject({
        error: null,
        data: { title: "Post 7" },
      });
      const many = await anon.from("blog_posts").select("title").single();
      expect(many.status).toBe(406);
      expect(many.error?.code).toBe("PGRST116");
    });

    it("caps set-returning rpc results the same way", async () => {
      // The function was created after the schema cache loaded; a miss reloads it (once a second).
      const anonNumbers = await vi.waitFor(
        async () => {
          const res = await anon.rpc("numbers", { n: PUBLISHED });
          if (res.status === 404) throw new Error("schema cache not reloaded yet");
          return res;
        },
        { timeout: 5000, interval: 250 },
      );
      expect(anonNumbers).toMatchObject({ error: null, data: [1, 2, 3, 4, 5] });
      const rpc = await raw("/rpc/numbers", { "content-type": "application/json" }, JSON.stringify({ n: PUBLISHED }));
      expect(rpc).toMatchObject({ status: 200, range: "0-4/*", json: [1, 2, 3, 4, 5] });
      expect((await service.rpc("numbers", { n: PUBLISHED })).data).toHaveLength(PUBLISHED);
    });

    it("caps an admin's reads, but not their writes (PostgREST ignores max rows on writes)", async () => {
      const read = await admin.from("blog_posts").select("slug", { count: "exact" });
      expect(read).toMatchObject({ error: null, status: 206, count: PUBLISHED + 1 });
      expect(read.data).toHaveLength(CAP);
      const up = await admin.from("blog_posts").update({ content: "d" }).like("slug", "post-*").select("slug");
      expect(up.error).toBeNull();
      expect(up.data).toHaveLength(PUBLISHED);
    });
  });
});
