// Post revisions and preview links (supabase/migrations/20260101002000_post_revisions.sql and
// 20260101002010_post_preview_links.sql, issue #37) through supabase-js as the admin, a signed-in
// user, the public key and the service role see them, on PGlite and on a throwaway PostgreSQL.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./testing/backend.ts";
import { describeEachDatabase } from "./testing/describe-each-database.ts";

let sequence = 0;
const fresh = (prefix: string) => `${prefix}-${(sequence += 1)}`;

interface Revision {
  id: number;
  reason: string;
  title: string;
  content: string;
  meta_title: string | null;
  published: boolean;
  tags: { id: string; name: string }[];
  created_by: string | null;
  created_by_email: string | null;
}

describeEachDatabase("post revisions and preview links", (kind) => {
  let t: TestBackend;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let admin: SupabaseClient;
  let adminId: string;
  let user: SupabaseClient;

  async function post(fields: Record<string, unknown> = {}): Promise<string> {
    const slug = fresh("rev");
    const { data, error } = await admin
      .from("blog_posts")
      .insert({ title: `Post ${slug}`, slug, content: "Primeira versão.", published: false, ...fields })
      .select("id")
      .single();
    if (error) throw new Error(error.message);
    return (data as { id: string }).id;
  }

  async function update(id: string, fields: Record<string, unknown>): Promise<void> {
    const { error } = await admin.from("blog_posts").update(fields).eq("id", id);
    if (error) throw new Error(error.message);
  }

  async function tag(name: string): Promise<string> {
    const slug = fresh("rev-tag");
    const { data, error } = await admin
      .from("tags")
      .insert({ name: `${name} ${slug}`, slug })
      .select("id")
      .single();
    if (error) throw new Error(error.message);
    return (data as { id: string }).id;
  }

  async function setTags(id: string, tagIds: string[]): Promise<void> {
    const { error } = await admin.rpc("set_post_tags", { for_post: id, tag_ids: tagIds });
    if (error) throw new Error(error.message);
  }

  /** Newest first, as the history panel lists them. */
  async function revisions(id: string, client = admin): Promise<Revision[]> {
    const { data, error } = await client
      .from("post_revisions")
      .select("*")
      .eq("post_id", id)
      .order("id", { ascending: false });
    if (error) throw new Error(error.message);
    return data as Revision[];
  }

  async function link(id: string, purpose = "share", client = admin) {
    return client.rpc("create_post_preview_link", { for_post: id, purpose });
  }

  async function opens(token: string): Promise<string | null> {
    const { data, error } = await service.rpc("preview_post_id", { token });
    if (error) throw new Error(error.message);
    return data as string | null;
  }

  beforeAll(async () => {
    t = await startTestBackend(kind);
    service = t.client(t.backend.serviceRoleKey);
    anon = t.client();
    const a = await t.user("revisions-admin@example.com", { admin: true });
    admin = a.client;
    adminId = a.id;
    user = (await t.user("revisions-reader@example.com")).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("revisions", () => {
    it("keeps one per save, publish and unpublish, with who, why and the tags written after the row", async () => {
      const id = await post();
      const first = await tag("Gestão");
      const second = await tag("Vendas");
      // The admin's save: the row, then the tags in a second request.
      await setTags(id, [first]);
      await update(id, { title: "Título novo", content: "Segunda versão.", meta_title: "SEO" });
      await setTags(id, [second, first]);
      await update(id, { published: true });
      await update(id, { published: false });
      // A save that changes nothing keeps nothing.
      await update(id, { content: "Segunda versão." });

      const list = await revisions(id);
      expect(list.map((r) => r.reason)).toEqual(["unpublished", "published", "saved", "saved"]);
      const saved = list[1 + 1]!;
      expect(saved).toMatchObject({ title: "Título novo", content: "Segunda versão.", meta_title: "SEO" });
      expect(saved.tags.map((entry) => entry.id)).toEqual([second, first]);
      expect(saved.created_by).toBe(adminId);
      expect(saved.created_by_email).toBe("revisions-admin@example.com");
      // The creation, with the tags its form set right after it.
      expect(list[3]!.tags.map((entry) => entry.id)).toEqual([first]);
      expect(list[0]!.published).toBe(false);
      expect(list[1]!.published).toBe(true);
    });

    it("records a change of the tags alone as a save", async () => {
      const id = await post();
      const only = await tag("Só tags");
      const before = (await revisions(id)).length;
      // The newest revision is someone else's save (the service role's): the tags are a change of their own.
      await service.from("blog_posts").update({ excerpt: "Resumo" }).eq("id", id);
      await setTags(id, [only]);
      const list = await revisions(id);
      expect(list.length).toBe(before + 2);
      expect(list[0]).toMatchObject({ reason: "saved" });
      expect(list[0]!.tags.map((entry) => entry.id)).toEqual([only]);
      expect(list[1]!.tags).toEqual([]);
    });

    it("restores a revision as a new one, tags included, and the post shows it", async () => {
      const id = await post({ content: "Texto original." });
      const kept = await tag("Original");
      await setTags(id, [kept]);
      const original = (await revisions(id))[0]!;
      await update(id, { content: "Texto reescrito.", title: "Outro título" });
      await setTags(id, []);

      const { data, error } = await admin.rpc("restore_post_revision", { revision_id: original.id });
      expect(error).toBeNull();
      expect(data).toBe(id);
      const { data: row } = await admin.from("blog_posts").select("title,content").eq("id", id).single();
      expect(row).toEqual({ title: original.title, content: "Texto original." });
      const { data: tags } = await admin.from("post_tags").select("tag_id").eq("post_id", id);
      expect(tags).toEqual([{ tag_id: kept }]);
      const newest = (await revisions(id))[0]!;
      expect(newest).toMatchObject({ reason: "restored", content: "Texto original." });
      expect(newest.tags.map((entry) => entry.id)).toEqual([kept]);
    });

    it("keeps the last 50 of a post", async () => {
      const id = await post();
      for (let n = 1; n <= 55; n += 1) await update(id, { content: `Versão ${n}.` });
      const list = await revisions(id);
      expect(list).toHaveLength(50);
      expect(list[0]!.content).toBe("Versão 55.");
      expect(list[49]!.content).toBe("Versão 6.");
    });

    it("shows revisions to no account without a staff role, and lets no one write or restore them otherwise", async () => {
      const id = await post({ content: "Rascunho secreto." });
      const [mine] = await revisions(id);
      expect(await revisions(id, user)).toEqual([]);
      const anonRead = await anon.from("post_revisions").select("*").eq("post_id", id);
      expect(anonRead.data ?? []).toEqual([]);
      expect(anonRead.error?.code).toBe("42501");

      const forged = await admin
        .from("post_revisions")
        .insert({ post_id: id, reason: "saved", title: "x", content: "x", published: false });
      expect(forged.error?.code).toBe("42501");
      const edited = await admin.from("post_revisions").update({ content: "x" }).eq("id", mine!.id);
      expect(edited.error?.code).toBe("42501");

      // Refused, not "not found": an account without a staff role restores nothing.
      const byUser = await user.rpc("restore_post_revision", { revision_id: mine!.id });
      expect(byUser.error?.code).toBe("42501");
      const byAnon = await anon.rpc("restore_post_revision", { revision_id: mine!.id });
      expect(byAnon.error).not.toBeNull();
    });

    it("go with their post", async () => {
      const id = await post();
      await update(id, { content: "Mais uma." });
      expect((await revisions(id)).length).toBe(2);
      await admin.from("blog_posts").delete().eq("id", id);
      const { data } = await service.from("post_revisions").select("id").eq("post_id", id);
      expect(data).toEqual([]);
    });
  });

  it("ask an admin with a second factor to have passed it", async () => {
    const id = await post({ content: "Rascunho de quem usa 2FA." });
    const email = `revisions-mfa-${kind}@example.com`;
    const enrolling = (await t.user(email, { admin: true })).client;
    const enrolled = await enrolling.auth.mfa.enroll({ factorType: "totp", friendlyName: "Celular" });
    if (enrolled.error) throw enrolled.error;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data.totp.secret) });
    const verified = await enrolling.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: totp.generate() });
    if (verified.error) throw verified.error;

    // A fresh sign-in is aal1 until it passes the code.
    const aal1 = t.client();
    const signed = await aal1.auth.signInWithPassword({ email, password: "correct-horse-battery" });
    if (signed.error) throw signed.error;
    expect(await revisions(id, aal1)).toEqual([]);
    expect((await link(id, "share", aal1)).error?.code).toBe("42501");
    expect((await revisions(id, enrolling)).length).toBe(1);
    expect((await link(id, "share", enrolling)).error).toBeNull();
  });

  describe("preview links", () => {
    it("open their draft until a publish-state change, a new link, deletion or expiry revokes them", async () => {
      const draft = await post();
      const made = await link(draft);
      expect(made.error).toBeNull();
      const { token, expires_at } = (made.data as { token: string; expires_at: string }[])[0]!;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const days = (Date.parse(expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      expect(await opens(token)).toBe(draft);
      const wrong = `${token.slice(0, 63)}${token.endsWith("0") ? "1" : "0"}`;
      expect(await opens(wrong)).toBeNull();

      // Only a hash is stored.
      const { data: stored } = await service.from("post_preview_links").select("token_hash").eq("post_id", draft);
      expect(JSON.stringify(stored)).not.toContain(token);

      // The admin's own "Visualizar" link does not revoke the shared one.
      const view = await link(draft, "view");
      const viewToken = (view.data as { token: string }[])[0]!.token;
      expect(await opens(viewToken)).toBe(draft);
      expect(await opens(token)).toBe(draft);

      // A new shared link revokes the old one.
      const again = (await link(draft)).data as { token: string }[];
      expect(await opens(token)).toBeNull();
      expect(await opens(again[0]!.token)).toBe(draft);

      // Publishing, then unpublishing: every link of the post stops working.
      await update(draft, { published: true });
      expect(await opens(again[0]!.token)).toBeNull();
      expect(await opens(viewToken)).toBeNull();
      await update(draft, { published: false });
      const later = (await link(draft)).data as { token: string }[];
      await update(draft, { published: true });
      await update(draft, { published: false });
      expect(await opens(later[0]!.token)).toBeNull();

      // Expired.
      const expiring = (await link(draft)).data as { token: string }[];
      await service
        .from("post_preview_links")
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq("post_id", draft);
      expect(await opens(expiring[0]!.token)).toBeNull();

      // Deleted with the post.
      const other = await post();
      const gone = (await link(other)).data as { token: string }[];
      await admin.from("blog_posts").delete().eq("id", other);
      expect(await opens(gone[0]!.token)).toBeNull();
    });

    it("are made by admins only and checked by the service role only", async () => {
      const draft = await post();
      expect((await link(draft, "share", user)).error?.code).toBe("42501");
      expect((await link(draft, "share", anon)).error).not.toBeNull();
      expect((await link(draft, "forever")).error?.code).toBe("22023");
      const made = (await link(draft)).data as { token: string }[];
      const token = made[0]!.token;
      expect((await anon.rpc("preview_post_id", { token })).error).not.toBeNull();
      expect((await user.rpc("preview_post_id", { token })).error).not.toBeNull();
      expect((await admin.from("post_preview_links").select("*")).error?.code).toBe("42501");
      // The visitors' rule is unchanged: the draft stays invisible to them.
      const { data } = await anon.from("blog_posts").select("id").eq("id", draft);
      expect(data).toEqual([]);
    });
  });
});
