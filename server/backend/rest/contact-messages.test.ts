// Leads are written by the site's server only, and their timestamps by the database
// (supabase/migrations/20260101000400_contact_messages_server_only.sql, ADR 037): what the REST
// API answers to the public key, a signed-in user, an admin and the service role, on PGlite and
// on a throwaway PostgreSQL where its binaries exist.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { TestBackend } from "../testing/backend.ts";

const BACK_DATED = "2020-01-01T00:00:00+00:00";
// Generous: the database's clock and this process's are the same machine's, but a slow CI
// machine may take a while between the request and the assertion.
const CLOCK_SLACK_MS = 60_000;

function lead(email: string, extra: Record<string, unknown> = {}) {
  return { name: "Ana Souza", email, subject: "comercial", message: "Quero saber mais sobre o plano.", ...extra };
}

function isRecent(value: unknown): boolean {
  const at = Date.parse(String(value));
  return Number.isFinite(at) && Math.abs(Date.now() - at) < CLOCK_SLACK_MS;
}

describeEachDatabase("contact_messages", (kind) => {
  describe("written by the server only", () => {
    let t: TestBackend;
    let service: SupabaseClient;
    let anon: SupabaseClient;
    let user: SupabaseClient;
    let admin: SupabaseClient;

    async function rowsFor(email: string) {
      const { data, error } = await service.from("contact_messages").select("*").eq("email", email);
      if (error) throw new Error(error.message);
      return data as { id: string; created_at: string; handled_at: string | null; name: string }[];
    }

    async function stored(email: string): Promise<{ id: string; created_at: string; handled_at: string | null }> {
      const { data, error } = await service.from("contact_messages").insert(lead(email)).select().single();
      if (error) throw new Error(error.message);
      return data as { id: string; created_at: string; handled_at: string | null };
    }

    beforeAll(async () => {
      t = await startTestBackend(kind);
      service = t.client(t.backend.serviceRoleKey);
      anon = t.client();
      user = (await t.user("user@example.com")).client;
      admin = (await t.user("admin@example.com", { admin: true })).client;
    });
    afterAll(async () => {
      await t?.close();
    });

    it("refuses the public key's insert with 401 42501 in PostgREST's error shape, and stores nothing", async () => {
      const one = await anon.from("contact_messages").insert(lead("anon-one@example.com"));
      expect(one.status).toBe(401);
      expect(one.error).toEqual({
        code: "42501",
        details: null,
        hint: null,
        message: "permission denied for table contact_messages",
      });
      // The reported attack: a bulk insert of back-dated rows in one request.
      const bulk = await anon
        .from("contact_messages")
        .insert(Array.from({ length: 50 }, (_, i) => lead(`anon-bulk-${i}@example.com`, { created_at: BACK_DATED })));
      expect(bulk.status).toBe(401);
      expect(bulk.error?.code).toBe("42501");
      const counted = await service
        .from("contact_messages")
        .select("id", { count: "exact", head: true })
        .like("email", "anon-%");
      expect(counted.count).toBe(0);
    });

    it("refuses the same over plain HTTP, whatever the request claims", async () => {
      const res = await t.backend.fetch(
        new Request("http://127.0.0.1:54321/rest/v1/contact_messages", {
          method: "POST",
          headers: {
            apikey: t.backend.anonKey,
            authorization: `Bearer ${t.backend.anonKey}`,
            "content-type": "application/json",
            prefer: "return=minimal",
          },
          body: JSON.stringify(lead("anon-raw@example.com", { handled_at: null })),
        }),
      );
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: "42501", message: expect.any(String) });
      expect(await rowsFor("anon-raw@example.com")).toEqual([]);
    });

    it("refuses a signed-in non-admin's insert (403), and an admin's too: leads come from the forms", async () => {
      const byUser = await user.from("contact_messages").insert(lead("user-insert@example.com"));
      expect(byUser.status).toBe(403);
      expect(byUser.error).toMatchObject({ code: "42501" });
      const byAdmin = await admin.from("contact_messages").insert(lead("admin-insert@example.com"));
      expect(byAdmin.status).toBe(403);
      expect(byAdmin.error).toMatchObject({ code: "42501" });
      expect(await rowsFor("user-insert@example.com")).toEqual([]);
      expect(await rowsFor("admin-insert@example.com")).toEqual([]);
    });

    it("stores the service role's insert with the database's created_at and no handled_at", async () => {
      const one = await service
        .from("contact_messages")
        .insert(lead("service-one@example.com", { created_at: BACK_DATED, handled_at: BACK_DATED }));
      expect(one.error).toBeNull();
      expect(one.status).toBe(201);
      const [row] = await rowsFor("service-one@example.com");
      expect(row?.handled_at).toBeNull();
      expect(isRecent(row?.created_at)).toBe(true);

      const bulk = await service
        .from("contact_messages")
        .insert([
          lead("service-bulk@example.com", { created_at: BACK_DATED, handled_at: null }),
          lead("service-bulk@example.com", { created_at: "2999-01-01T00:00:00Z", handled_at: BACK_DATED }),
        ]);
      expect(bulk.error).toBeNull();
      const rows = await rowsFor("service-bulk@example.com");
      expect(rows).toHaveLength(2);
      for (const r of rows) {
        expect(r.handled_at).toBeNull();
        expect(isRecent(r.created_at)).toBe(true);
      }
    });

    it("lets an admin mark a lead handled, stamped by the database, but never rewrite created_at", async () => {
      const row = await stored("admin-update@example.com");

      const backDate = await admin
        .from("contact_messages")
        .update({ created_at: BACK_DATED })
        .eq("id", row.id)
        .select();
      expect(backDate.status).toBe(403);
      expect(backDate.error).toMatchObject({ code: "42501" });
      // Mixing an allowed column with a forbidden one does not sneak the forbidden one through.
      const mixed = await admin
        .from("contact_messages")
        .update({ handled_at: BACK_DATED, name: "Outro Nome" })
        .eq("id", row.id);
      expect(mixed.error).toMatchObject({ code: "42501" });
      expect((await rowsFor("admin-update@example.com"))[0]).toMatchObject({
        created_at: row.created_at,
        handled_at: null,
        name: "Ana Souza",
      });

      /** The admin's update of handled_at, answering with the row's two times after it. */
      const setHandledAt = (handledAt: string | null) =>
        admin
          .from("contact_messages")
          .update({ handled_at: handledAt })
          .eq("id", row.id)
          .select("created_at, handled_at")
          .single();

      const handled = await setHandledAt(BACK_DATED);
      expect(handled.error).toBeNull();
      const first = handled.data as { created_at: string; handled_at: string };
      expect(first.created_at).toBe(row.created_at);
      expect(first.handled_at).not.toBe(BACK_DATED);
      expect(isRecent(first.handled_at)).toBe(true);

      // Handled once: a later value does not move the moment it happened.
      const again = await setHandledAt("2999-01-01T00:00:00Z");
      expect(again.data).toEqual({ created_at: row.created_at, handled_at: first.handled_at });

      // Reopening (NULL) is allowed: it claims no time.
      const reopened = await setHandledAt(null);
      expect(reopened.data).toEqual({ created_at: row.created_at, handled_at: null });
    });

    it("keeps created_at even for the service role, and a non-admin's update changes nothing", async () => {
      const row = await stored("service-update@example.com");
      const res = await service
        .from("contact_messages")
        .update({ created_at: BACK_DATED, handled_at: BACK_DATED })
        .eq("id", row.id)
        .select("created_at, handled_at")
        .single();
      expect(res.error).toBeNull();
      const updated = res.data as { created_at: string; handled_at: string };
      expect(updated.created_at).toBe(row.created_at);
      expect(isRecent(updated.handled_at)).toBe(true);

      const other = await stored("user-update@example.com");
      const byUser = await user
        .from("contact_messages")
        .update({ handled_at: new Date().toISOString() })
        .eq("id", other.id)
        .select();
      // Refused with an error, not zero rows (docs/security.md "Roles").
      expect(byUser.error?.code).toBe("42501");
      expect((await rowsFor("user-update@example.com"))[0]?.handled_at).toBeNull();
    });

    it("serves the admin's page query from the (created_at DESC, id DESC) index", async () => {
      const { rows } = await t.backend.db.query<{ indexdef: string }>(
        "select indexdef from pg_indexes where schemaname = 'public' and tablename = 'contact_messages'",
      );
      expect(rows.map((r) => r.indexdef)).toContainEqual(expect.stringMatching(/\(created_at DESC, id DESC\)/));
      // With the planner pushed off sequential scans (a small table would rightly prefer one),
      // the ordered page needs no sort step: the index already has that order.
      const plan = await t.backend.db.transaction(async (tx) => {
        await tx.query("set local enable_seqscan = off");
        const res = await tx.query<{ "QUERY PLAN": string }>(
          "explain select * from public.contact_messages order by created_at desc, id desc limit 50 offset 50",
        );
        return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(plan).toMatch(/Index Scan using contact_messages_created_at_id_idx/);
      expect(plan).not.toMatch(/Sort/);
    });
  });
});
