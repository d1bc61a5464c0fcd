// The team's roles (supabase/migrations/20260101001910_staff_roles.sql, docs/security.md
// "Roles"): one table of role × operation through the real supabase-js client, on PGlite and on
// a throwaway PostgreSQL. Each operation starts from rows the service role sets up, and answers
// "ok" (done), "none" (a read that returns no rows) or the error code the caller sees: a refused
// write is always an error, never zero rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveToPostgres } from "../../backup/backup.ts";
import { startBackend } from "../index.ts";
import { postgresUnavailableReason, startPostgresCluster } from "../testing/postgres-cluster.ts";
import { skipWhen } from "../testing/skip.ts";
import { startTestBackend, TEST_SITE_URL } from "../testing/backend.ts";
import type { TestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";

type Role = "admin" | "editor" | "autor" | "vendas" | "user";
const ROLES: readonly Role[] = ["admin", "editor", "autor", "vendas", "user"];

interface Actor {
  id: string;
  client: SupabaseClient;
}

interface Ctx {
  actor: Actor;
  service: SupabaseClient;
  admin: Actor;
  unique: string;
}

type Outcome = string;

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1 × 1 PNG. */
function png(): Blob {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(2))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

/** What a PostgREST call came to: its error code, or whether it wrote or returned rows. */
/** The day the analytics rows below are on. */
const DASHBOARD_DAY = { p_from: "2026-01-01", p_to: "2026-01-01", p_filters: {} };

function outcome(result: { error: { code?: string } | null; data: unknown }): Outcome {
  if (result.error) return result.error.code ?? "error";
  return Array.isArray(result.data) && result.data.length === 0 ? "none" : "ok";
}

function storageOutcome(result: { error: unknown; data: unknown }): Outcome {
  if (result.error) return `storage ${(result.error as { statusCode?: string }).statusCode}`;
  return Array.isArray(result.data) && result.data.length === 0 ? "none" : "ok";
}

async function post(ctx: Ctx, fields: { author_id: string; published: boolean }): Promise<string> {
  const { data, error } = await ctx.service
    .from("blog_posts")
    .insert({ title: "Post", slug: `post-${ctx.unique}-${Math.random().toString(36).slice(2, 8)}`, ...fields })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

/** The newest revision of a post (its insert leaves one). */
async function revision(ctx: Ctx, postId: string): Promise<number> {
  const { data, error } = await ctx.service
    .from("post_revisions")
    .select("id")
    .eq("post_id", postId)
    .order("id", { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  return data.id as number;
}

async function lead(ctx: Ctx): Promise<string> {
  const { data, error } = await ctx.service
    .from("contact_messages")
    .insert({ name: "Ana", email: `${ctx.unique}@example.com`, subject: "demo" })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

const operations: Record<string, (ctx: Ctx) => Promise<Outcome>> = {
  "posts: insert a draft of their own": async ({ actor, unique }) =>
    outcome(
      await actor.client
        .from("blog_posts")
        .insert({ title: "Rascunho", slug: `rascunho-${unique}`, author_id: actor.id, published: false })
        .select("id"),
    ),
  "posts: insert a published post": async ({ actor, unique }) =>
    outcome(
      await actor.client
        .from("blog_posts")
        .insert({ title: "Publicado", slug: `publicado-${unique}`, author_id: actor.id, published: true })
        .select("id"),
    ),
  "posts: insert a scheduled draft": async ({ actor, unique }) =>
    outcome(
      await actor.client
        .from("blog_posts")
        .insert({
          title: "Agendado",
          slug: `agendado-${unique}`,
          author_id: actor.id,
          published: false,
          published_at: "2099-01-01T00:00:00Z",
        })
        .select("id"),
    ),
  "posts: read another's draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: false });
    return outcome(await ctx.actor.client.from("blog_posts").select("id").eq("id", id));
  },
  "posts: update their own draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(await ctx.actor.client.from("blog_posts").update({ title: "Novo título" }).eq("id", id));
  },
  "posts: send their own draft for review": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(
      await ctx.actor.client.from("blog_posts").update({ review_requested_at: new Date().toISOString() }).eq("id", id),
    );
  },
  "posts: update another's draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: false });
    return outcome(await ctx.actor.client.from("blog_posts").update({ title: "Outro título" }).eq("id", id));
  },
  "posts: take another's draft as their own": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: false });
    return outcome(await ctx.actor.client.from("blog_posts").update({ author_id: ctx.actor.id }).eq("id", id));
  },
  "posts: update a published post": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: true });
    return outcome(await ctx.actor.client.from("blog_posts").update({ title: "Editado" }).eq("id", id));
  },
  "posts: publish their own draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(await ctx.actor.client.from("blog_posts").update({ published: true }).eq("id", id));
  },
  "posts: schedule their own draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(
      await ctx.actor.client.from("blog_posts").update({ published_at: "2099-01-01T00:00:00Z" }).eq("id", id),
    );
  },
  "posts: delete their own draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(await ctx.actor.client.from("blog_posts").delete().eq("id", id));
  },
  "posts: delete another's post": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: true });
    return outcome(await ctx.actor.client.from("blog_posts").delete().eq("id", id));
  },
  "images: upload": async ({ actor, unique }) =>
    storageOutcome(await actor.client.storage.from("blog-images").upload(`roles/${unique}.png`, png())),
  "images: list": async ({ actor, service, unique }) => {
    await service.storage.from("blog-images").upload(`listed/${unique}.png`, png());
    return storageOutcome(await actor.client.storage.from("blog-images").list("listed"));
  },
  "images: delete": async ({ actor, service, unique }) => {
    const uploaded = await service.storage.from("blog-images").upload(`roles/del-${unique}.png`, png());
    if (uploaded.error) throw uploaded.error;
    return storageOutcome(await actor.client.storage.from("blog-images").remove([`roles/del-${unique}.png`]));
  },
  "images: record an upload's file name": async ({ actor, unique }) =>
    outcome(
      await actor.client
        .from("blog_image_uploads")
        .insert({ name: `posts/${unique}.png`, original_name: "foto.png", uploaded_by: actor.id }),
    ),
  "images: forget an upload's file name": async ({ actor, service, unique }) => {
    await service.from("blog_image_uploads").insert({ name: `posts/forget-${unique}.png`, original_name: "foto.png" });
    return outcome(await actor.client.from("blog_image_uploads").delete().eq("name", `posts/forget-${unique}.png`));
  },
  // beforeAll leaves a day-old image under posts/ that no post shows.
  "images: list unused uploads": async ({ actor }) => outcome(await actor.client.rpc("unused_blog_images")),
  "revisions: read another's draft's": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: false });
    return outcome(await ctx.actor.client.from("post_revisions").select("id").eq("post_id", id));
  },
  "revisions: read their own draft's": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(await ctx.actor.client.from("post_revisions").select("id").eq("post_id", id));
  },
  "revisions: restore one of their own draft": async (ctx) =>
    outcome(
      await ctx.actor.client.rpc("restore_post_revision", {
        revision_id: await revision(ctx, await post(ctx, { author_id: ctx.actor.id, published: false })),
      }),
    ),
  "revisions: restore one of another's draft": async (ctx) =>
    outcome(
      await ctx.actor.client.rpc("restore_post_revision", {
        revision_id: await revision(ctx, await post(ctx, { author_id: ctx.admin.id, published: false })),
      }),
    ),
  "preview: make a link to their own draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(await ctx.actor.client.rpc("create_post_preview_link", { for_post: id, purpose: "share" }));
  },
  "preview: make a link to another's draft": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: false });
    return outcome(await ctx.actor.client.rpc("create_post_preview_link", { for_post: id, purpose: "view" }));
  },
  // supabase-js resolves a 204 to no error and no data ("ok"): a silent refusal looked like success.
  "tags: set their own draft's tags": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.actor.id, published: false });
    return outcome(await ctx.actor.client.rpc("set_post_tags", { for_post: id, tag_ids: [] }));
  },
  "tags: set a published post's tags": async (ctx) => {
    const id = await post(ctx, { author_id: ctx.admin.id, published: true });
    return outcome(await ctx.actor.client.rpc("set_post_tags", { for_post: id, tag_ids: [] }));
  },
  // A write whose filter matches no row is refused all the same: 403 against 204 would tell a
  // caller whether a row it may not read exists.
  "tags: delete one that does not exist": async ({ actor }) =>
    outcome(await actor.client.from("tags").delete().eq("slug", "tag-que-nao-existe")),
  "tags: untag a post that does not exist": async ({ actor }) =>
    outcome(await actor.client.from("post_tags").delete().eq("post_id", crypto.randomUUID())),
  "profiles: rename one that does not exist": async ({ actor }) =>
    outcome(await actor.client.from("author_profiles").update({ name: "Outro" }).eq("slug", "perfil-que-nao-existe")),
  "tags: read an unused tag": async ({ actor, service, unique }) => {
    await service.from("tags").insert({ slug: `lida-${unique}`, name: `Lida ${unique}` });
    return outcome(await actor.client.from("tags").select("id").eq("slug", `lida-${unique}`));
  },
  "tags: insert": async ({ actor, unique }) =>
    outcome(
      await actor.client
        .from("tags")
        .insert({ slug: `nova-${unique}`, name: `Nova ${unique}` })
        .select("id"),
    ),
  "tags: delete": async ({ actor, service, unique }) => {
    await service.from("tags").insert({ slug: `velha-${unique}`, name: `Velha ${unique}` });
    return outcome(await actor.client.from("tags").delete().eq("slug", `velha-${unique}`));
  },
  // The admin's "Tags e autoria": a member creates their profile on the first save, then edits it.
  "authors: create and edit their own profile": async ({ actor, service, unique }) => {
    await service.from("author_profiles").delete().eq("user_id", actor.id);
    const created = await actor.client
      .from("author_profiles")
      .insert({ user_id: actor.id, slug: `proprio-${unique}`, name: "Próprio" })
      .select("user_id");
    if (created.error) return outcome(created);
    return outcome(
      await actor.client
        .from("author_profiles")
        .update({ bio: `Bio ${unique}`, website_url: "https://exemplo.com" })
        .eq("user_id", actor.id)
        .select("user_id"),
    );
  },
  "authors: create another's profile": async ({ actor, admin, service, unique }) => {
    await service.from("author_profiles").delete().eq("user_id", admin.id);
    return outcome(
      await actor.client
        .from("author_profiles")
        .insert({ user_id: admin.id, slug: `alheio-${unique}`, name: "Alheio" })
        .select("user_id"),
    );
  },
  "authors: change another's profile": async ({ actor, admin, service, unique }) => {
    await service.from("author_profiles").upsert({ user_id: admin.id, slug: "admin-autor", name: "Admin" });
    return outcome(
      await actor.client
        .from("author_profiles")
        .update({ bio: `Bio ${unique}` })
        .eq("user_id", admin.id),
    );
  },
  "leads: read": async (ctx) => {
    const id = await lead(ctx);
    return outcome(await ctx.actor.client.from("contact_messages").select("id").eq("id", id));
  },
  "leads: change status and note": async (ctx) => {
    const id = await lead(ctx);
    return outcome(
      await ctx.actor.client
        .from("contact_messages")
        .update({ status: "contacted", note: "Ligar amanhã" })
        .eq("id", id),
    );
  },
  "leads: delete": async (ctx) => {
    const id = await lead(ctx);
    return outcome(await ctx.actor.client.from("contact_messages").delete().eq("id", id));
  },
  "leads: delete one that does not exist": async ({ actor }) =>
    outcome(await actor.client.from("contact_messages").delete().eq("id", crypto.randomUUID())),
  "leads: change one that does not exist": async ({ actor }) =>
    outcome(await actor.client.from("contact_messages").update({ note: "Nada" }).eq("id", crypto.randomUUID())),
  "leads: send a delivery that does not exist again": async ({ actor }) =>
    outcome(await actor.client.from("lead_deliveries").update({ status: "pending" }).eq("id", crypto.randomUUID())),
  "posts: delete one that does not exist": async ({ actor }) =>
    outcome(await actor.client.from("blog_posts").delete().eq("id", crypto.randomUUID())),
  "analytics: read conversions": async ({ actor }) =>
    outcome(await actor.client.from("analytics_daily_visits").select("day").limit(1)),
  "analytics: read pages": async ({ actor }) =>
    outcome(await actor.client.from("analytics_daily_pages").select("day").limit(1)),
  "analytics: read Web Vitals": async ({ actor }) =>
    outcome(await actor.client.from("analytics_daily_page_vitals").select("day").limit(1)),
  // The dashboard's one call runs as its caller: each part shows what the tables it reads allow.
  "analytics: the dashboard's visits": async ({ actor }) => {
    const { data, error } = await actor.client.rpc("analytics_dashboard", DASHBOARD_DAY);
    return outcome({ error, data: (data as { breakdowns?: { channel: unknown[] } } | null)?.breakdowns?.channel });
  },
  "analytics: the dashboard's pages and Web Vitals": async ({ actor }) => {
    const { data, error } = await actor.client.rpc("analytics_dashboard", DASHBOARD_DAY);
    const answer = data as { breakdowns: { page: unknown[] }; vitals: unknown[] } | null;
    return outcome({ error, data: answer && [...answer.breakdowns.page, ...answer.vitals] });
  },
  // Asking for today's rewrite answers a count of days, never rows: 0 or more is "ok".
  "analytics: rewrite today's figures": async ({ actor }) => {
    const { data, error } = await actor.client.rpc("analytics_refresh");
    return outcome({ error, data: typeof data === "number" ? [data] : data });
  },
  "team: assign a role": async ({ actor, service, unique }) => {
    const created = await service.auth.admin.createUser({ email: `novo-${unique}@example.com`, email_confirm: true });
    if (created.error) throw created.error;
    return outcome(await actor.client.rpc("set_member_role", { member: created.data.user.id, new_role: "autor" }));
  },
  "team: grant themselves admin": async ({ actor }) =>
    outcome(await actor.client.from("user_roles").insert({ user_id: actor.id, role: "admin" })),
  // Every admin row at once: an admin is let through, and the last admin stays (P0001).
  "team: demote the admins": async ({ actor }) =>
    outcome(await actor.client.from("user_roles").update({ role: "user" }).eq("role", "admin")),
  "team: revoke the admins' role": async ({ actor }) =>
    outcome(await actor.client.from("user_roles").delete().eq("role", "admin")),
  "team: revoke a role no one holds": async ({ actor }) =>
    outcome(await actor.client.from("user_roles").delete().eq("user_id", crypto.randomUUID())),
  "settings: change": async ({ actor }) =>
    outcome(await actor.client.from("site_settings").update({ trade_name: "Omnia" }).eq("id", true)),
};

// What each role gets: the table (docs/security.md "Roles").
const expected: Record<string, Record<Role, Outcome>> = {
  "posts: insert a draft of their own": { admin: "ok", editor: "ok", autor: "ok", vendas: "42501", user: "42501" },
  "posts: insert a published post": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "posts: insert a scheduled draft": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "posts: read another's draft": { admin: "ok", editor: "ok", autor: "ok", vendas: "none", user: "none" },
  "posts: update their own draft": { admin: "ok", editor: "ok", autor: "ok", vendas: "42501", user: "42501" },
  "posts: send their own draft for review": {
    admin: "ok",
    editor: "ok",
    autor: "ok",
    vendas: "42501",
    user: "42501",
  },
  "posts: update another's draft": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "posts: take another's draft as their own": {
    admin: "ok",
    editor: "ok",
    autor: "42501",
    vendas: "42501",
    user: "42501",
  },
  "posts: update a published post": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "posts: publish their own draft": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "posts: schedule their own draft": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "posts: delete their own draft": { admin: "ok", editor: "ok", autor: "ok", vendas: "42501", user: "42501" },
  "posts: delete another's post": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "images: upload": { admin: "ok", editor: "ok", autor: "ok", vendas: "storage 403", user: "storage 403" },
  "images: list": { admin: "ok", editor: "ok", autor: "ok", vendas: "none", user: "none" },
  // Who cannot even list the bucket is told of no image, as Storage does for a name it cannot see.
  "images: delete": { admin: "ok", editor: "ok", autor: "storage 403", vendas: "none", user: "none" },
  "images: record an upload's file name": {
    admin: "ok",
    editor: "ok",
    autor: "ok",
    vendas: "42501",
    user: "42501",
  },
  "images: forget an upload's file name": {
    admin: "ok",
    editor: "ok",
    autor: "42501",
    vendas: "42501",
    user: "42501",
  },
  // A read: whoever may not delete images is offered none to remove.
  "images: list unused uploads": { admin: "ok", editor: "ok", autor: "none", vendas: "none", user: "none" },
  "revisions: read another's draft's": { admin: "ok", editor: "ok", autor: "none", vendas: "none", user: "none" },
  "revisions: read their own draft's": { admin: "ok", editor: "ok", autor: "ok", vendas: "none", user: "none" },
  "revisions: restore one of their own draft": {
    admin: "ok",
    editor: "ok",
    autor: "ok",
    vendas: "42501",
    user: "42501",
  },
  "revisions: restore one of another's draft": {
    admin: "ok",
    editor: "ok",
    autor: "42501",
    vendas: "42501",
    user: "42501",
  },
  "preview: make a link to their own draft": {
    admin: "ok",
    editor: "ok",
    autor: "ok",
    vendas: "42501",
    user: "42501",
  },
  "preview: make a link to another's draft": {
    admin: "ok",
    editor: "ok",
    autor: "42501",
    vendas: "42501",
    user: "42501",
  },
  "tags: set their own draft's tags": { admin: "ok", editor: "ok", autor: "ok", vendas: "42501", user: "42501" },
  "tags: set a published post's tags": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "tags: delete one that does not exist": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "tags: untag a post that does not exist": { admin: "ok", editor: "ok", autor: "ok", vendas: "42501", user: "42501" },
  "profiles: rename one that does not exist": {
    admin: "ok",
    editor: "ok",
    autor: "ok",
    vendas: "42501",
    user: "42501",
  },
  "tags: read an unused tag": { admin: "ok", editor: "ok", autor: "ok", vendas: "none", user: "none" },
  "tags: insert": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "tags: delete": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  // Whoever writes posts keeps a profile of their own (a byline); sales sign nothing.
  "authors: create and edit their own profile": {
    admin: "ok",
    editor: "ok",
    autor: "ok",
    vendas: "42501",
    user: "42501",
  },
  "authors: create another's profile": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "authors: change another's profile": { admin: "ok", editor: "ok", autor: "42501", vendas: "42501", user: "42501" },
  "leads: read": { admin: "ok", editor: "none", autor: "none", vendas: "ok", user: "none" },
  "leads: change status and note": { admin: "ok", editor: "42501", autor: "42501", vendas: "ok", user: "42501" },
  "leads: delete": { admin: "ok", editor: "42501", autor: "42501", vendas: "42501", user: "42501" },
  "leads: delete one that does not exist": {
    admin: "ok",
    editor: "42501",
    autor: "42501",
    vendas: "42501",
    user: "42501",
  },
  "leads: change one that does not exist": {
    admin: "ok",
    editor: "42501",
    autor: "42501",
    vendas: "ok",
    user: "42501",
  },
  "leads: send a delivery that does not exist again": {
    admin: "ok",
    editor: "42501",
    autor: "42501",
    vendas: "ok",
    user: "42501",
  },
  "posts: delete one that does not exist": { admin: "ok", editor: "ok", autor: "ok", vendas: "42501", user: "42501" },
  "analytics: read conversions": { admin: "ok", editor: "ok", autor: "none", vendas: "ok", user: "none" },
  "analytics: read pages": { admin: "ok", editor: "ok", autor: "none", vendas: "none", user: "none" },
  "analytics: read Web Vitals": { admin: "ok", editor: "ok", autor: "none", vendas: "none", user: "none" },
  "analytics: the dashboard's visits": { admin: "ok", editor: "ok", autor: "none", vendas: "ok", user: "none" },
  "analytics: the dashboard's pages and Web Vitals": {
    admin: "ok",
    editor: "ok",
    autor: "none",
    vendas: "none",
    user: "none",
  },
  "analytics: rewrite today's figures": { admin: "ok", editor: "ok", autor: "42501", vendas: "ok", user: "42501" },
  "team: assign a role": { admin: "ok", editor: "42501", autor: "42501", vendas: "42501", user: "42501" },
  "team: grant themselves admin": { admin: "23505", editor: "42501", autor: "42501", vendas: "42501", user: "42501" },
  "team: demote the admins": { admin: "P0001", editor: "42501", autor: "42501", vendas: "42501", user: "42501" },
  "team: revoke the admins' role": { admin: "P0001", editor: "42501", autor: "42501", vendas: "42501", user: "42501" },
  "team: revoke a role no one holds": { admin: "ok", editor: "42501", autor: "42501", vendas: "42501", user: "42501" },
  "settings: change": { admin: "ok", editor: "42501", autor: "42501", vendas: "42501", user: "42501" },
};

describeEachDatabase("roles", (kind) => {
  let t: TestBackend;
  let service: SupabaseClient;
  const actors = new Map<Role, Actor>();
  let counter = 0;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    service = t.client(t.backend.serviceRoleKey);
    for (const role of ROLES) {
      const user = await t.user(`roles-${role}-${kind}@example.com`);
      if (role !== "user") {
        const { error } = await service.from("user_roles").insert({ user_id: user.id, role });
        if (error) throw new Error(error.message);
      }
      actors.set(role, user);
    }
    // A day of analytics, so that a read that is allowed returns a row.
    const common = { day: "2026-01-01", entry_page: "/", channel: "direct", source: "", campaign: "" };
    const dims = { device: "desktop", browser: "Chrome", os: "Linux", bounces: 0, engaged_ms: 0, conversions: 1 };
    const leads = { leads_contact: 1, leads_demo: 0 };
    await service.from("analytics_daily_visits").insert({ ...common, ...dims, ...leads, visits: 1, views: 1 });
    await service
      .from("analytics_daily_pages")
      .insert({ ...common, ...dims, ...leads, page: "/", views: 1, visitors: 1, entries: 1 });
    await service
      .from("analytics_daily_page_vitals")
      .insert({ day: common.day, page: "/", metric: "lcp", bucket: 60, samples: 1 });
    // An upload no post shows, a day old: what the cleanup offers.
    const unused = await service.storage.from("blog-images").upload(`posts/unused-${kind}.png`, png());
    if (unused.error) throw unused.error;
    await t.backend.db.query(
      "UPDATE storage.objects SET created_at = now() - interval '2 days' WHERE bucket_id = 'blog-images' AND name = $1",
      [`posts/unused-${kind}.png`],
    );
  });
  afterAll(async () => t?.close());

  const rows = Object.keys(expected).flatMap((operation) =>
    ROLES.map((role) => [role, operation, expected[operation]![role]] as const),
  );

  it.each(rows)("%s: %s → %s", async (role, operation, want) => {
    const ctx: Ctx = {
      actor: actors.get(role)!,
      service,
      admin: actors.get("admin")!,
      unique: `${role}-${kind}-${++counter}`,
    };
    expect(await operations[operation]!(ctx)).toBe(want);
  });

  it("clears a review request when the post is published", async () => {
    const autor = actors.get("autor")!;
    const { data } = await autor.client
      .from("blog_posts")
      .insert({ title: "Revisão", slug: `revisao-${kind}`, author_id: autor.id, published: false })
      .select("id")
      .single();
    const id = (data as { id: string }).id;
    expect(
      (await autor.client.from("blog_posts").update({ review_requested_at: "2026-01-01T00:00:00Z" }).eq("id", id))
        .error,
    ).toBeNull();
    const editor = actors.get("editor")!;
    expect((await editor.client.from("blog_posts").update({ published: true }).eq("id", id)).error).toBeNull();
    const after = await service.from("blog_posts").select("review_requested_at").eq("id", id).single();
    expect(after.data).toEqual({ review_requested_at: null });
  });

  // The probe's requests, with the status supabase-js hands the app: 403, not 204.
  it("refuses role changes and other posts' tags with 403 and 42501, not 204", async () => {
    const admin = actors.get("admin")!;
    const { data: published } = await service
      .from("blog_posts")
      .insert({ title: "Publicado", slug: `tags-403-${kind}`, author_id: admin.id, published: true })
      .select("id")
      .single();
    for (const role of ["autor", "user"] as const) {
      const client = actors.get(role)!.client;
      for (const result of [
        await client.from("user_roles").update({ role: "user" }).eq("role", "admin"),
        await client.from("user_roles").delete().eq("role", "admin"),
        await client.rpc("set_post_tags", { for_post: (published as { id: string }).id, tag_ids: [] }),
      ]) {
        expect({ role, status: result.status, code: result.error?.code }).toEqual({ role, status: 403, code: "42501" });
      }
    }
    const admins = await service.from("user_roles").select("user_id").eq("role", "admin");
    expect(admins.data).toContainEqual({ user_id: admin.id });
  });

  it("tells a salesperson writing a post that it takes a writer's role", async () => {
    const { error, status } = await actors
      .get("vendas")!
      .client.from("blog_posts")
      .insert({ title: "De vendas", slug: `de-vendas-${kind}`, published: false, author_id: actors.get("vendas")!.id });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: "42501", hint: "can_write_posts" });
  });

  it("tells a writer whose post names no author that it must be their own", async () => {
    const { error, status } = await actors
      .get("autor")!
      .client.from("blog_posts")
      .insert({ title: "Sem autor", slug: `sem-autor-${kind}`, published: false });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: "42501", message: expect.stringContaining("must be their own") });
  });

  it("gives each account one role through set_member_role and keeps the last admin", async () => {
    const admin = actors.get("admin")!;
    const created = await service.auth.admin.createUser({ email: `one-role-${kind}@example.com`, email_confirm: true });
    const member = created.data.user!.id;
    for (const role of ["autor", "editor", "vendas"] as const) {
      expect((await admin.client.rpc("set_member_role", { member, new_role: role })).error).toBeNull();
      const roles = await service.from("user_roles").select("role").eq("user_id", member);
      expect(roles.data).toEqual([{ role }]);
    }
    const team = await admin.client.rpc("team_members");
    expect((team.data as { user_id: string; role: string | null }[]).find((m) => m.user_id === member)?.role).toBe(
      "vendas",
    );
    // The seeded admin steps down first: then this one is the last.
    expect((await service.from("user_roles").delete().eq("role", "admin").neq("user_id", admin.id)).error).toBeNull();
    const demoted = await admin.client.rpc("set_member_role", { member: admin.id, new_role: "editor" });
    expect(demoted.error).toMatchObject({ code: "P0001", hint: "last_admin" });
    // An account that has not confirmed its address (an invitation not yet accepted) cannot sign
    // in: made admin, it is no admin who stays.
    const invited = await service.auth.admin.createUser({ email: `invited-admin-${kind}@example.com` });
    expect(invited.error).toBeNull();
    const invitee = invited.data.user!.id;
    expect((await admin.client.rpc("set_member_role", { member: invitee, new_role: "admin" })).error).toBeNull();
    const stillLast = await admin.client.rpc("set_member_role", { member: admin.id, new_role: "editor" });
    expect(stillLast.error).toMatchObject({ code: "P0001", hint: "last_admin" });
    // Once the address is confirmed, that admin counts.
    await t.backend.db.query("UPDATE auth.users SET email_confirmed_at = now() WHERE id = $1", [invitee]);
    expect((await admin.client.rpc("set_member_role", { member: admin.id, new_role: "editor" })).error).toBeNull();
    await t.backend.db.query("INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'admin')", [admin.id]);
    await t.backend.db.query("DELETE FROM public.user_roles WHERE user_id = $1 AND role = 'editor'", [admin.id]);
    expect((await admin.client.rpc("staff_role")).data).toBe("admin");
    expect((await actors.get("autor")!.client.rpc("staff_role")).data).toBe("autor");
    expect((await actors.get("user")!.client.rpc("staff_role")).data).toBeNull();
  });
});

// A restore runs every migration and copies the rows in one transaction, where an enum value
// added by a migration of that transaction cannot be used: the staff roles must survive it.
describe("staff roles in a move to PostgreSQL", skipWhen(postgresUnavailableReason()), () => {
  it("carries an editor, a writer and a salesperson, and their capabilities", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-roles-move-"));
    const embedded = await startBackend({ dataDir, siteUrl: TEST_SITE_URL, log: () => {} });
    const { rows: users } = await embedded.db.query<{ id: string }>("SELECT id FROM auth.users LIMIT 1");
    const admin = users[0]!.id;
    await embedded.db.query("INSERT INTO public.user_roles (user_id, role) SELECT $1, r FROM unnest($2::text[]) AS r", [
      admin,
      ["editor", "autor", "vendas"],
    ]);
    await embedded.close();
    const cluster = await startPostgresCluster();
    try {
      await moveToPostgres(dataDir, cluster.url);
      const moved = await startBackend({ databaseUrl: cluster.url, siteUrl: TEST_SITE_URL, log: () => {} });
      try {
        const { rows } = await moved.db.query<{ role: string }>(
          "SELECT role FROM public.user_roles WHERE user_id = $1 ORDER BY role",
          [admin],
        );
        expect(rows.map((row) => row.role)).toEqual(["admin", "autor", "editor", "vendas"]);
      } finally {
        await moved.close();
      }
    } finally {
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
