// The admin's "Mensagens" queries against a real backend (PGlite, and PostgreSQL where its
// binaries exist), as a signed-in admin: pages of 50, newest first, nothing shown twice or
// skipped, and mark-handled / delete still working.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestBackend } from "../../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../../server/backend/testing/describe-each-database.ts";
import type { TestBackend } from "../../../server/backend/testing/backend.ts";
import type { ContactMessage } from "../blog-types";
import {
  countNewMessages,
  deleteMessage,
  listAttributionOptions,
  listMessages,
  MESSAGES_PAGE_SIZE,
  saveMessageNote,
  setMessageStatus,
} from "./leads";

const LEADS = 2 * MESSAGES_PAGE_SIZE + 20;

/** A touch of a lead's attribution with only what the inbox filters by. */
const touch = (source: string, campaign: string | null) => ({
  landing_page: "/",
  source,
  utm_campaign: campaign,
  channel: "referral",
  pages_before: 1,
});

function byNewest(a: ContactMessage, b: ContactMessage): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

describeEachDatabase("admin messages", (kind) => {
  describe("paged on the server", () => {
    let t: TestBackend;
    let admin: SupabaseClient;

    beforeAll(async () => {
      t = await startTestBackend(kind);
      const service = t.client(t.backend.serviceRoleKey);
      // Two statements: the rows of one share created_at (now() is the transaction's start),
      // which is exactly when the id tiebreaker matters.
      for (const batch of [0, 1]) {
        const rows = Array.from({ length: LEADS / 2 }, (_, i) => ({
          name: `Lead ${batch}-${i}`,
          email: `lead-${batch}-${i}@empresa.example`,
          subject: "demo",
        }));
        const { error } = await service.from("contact_messages").insert(rows);
        if (error) throw new Error(error.message);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      admin = (await t.user("admin@example.com", { admin: true })).client;
    });
    afterAll(async () => {
      await t?.close();
    });

    it("lists 50 per page, newest first, each lead exactly once, with the total", async () => {
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await listMessages(admin, page));
      expect(pages.map((p) => [p.page, p.pageCount, p.total, p.messages.length])).toEqual([
        [1, 3, LEADS, 50],
        [2, 3, LEADS, 50],
        [3, 3, LEADS, 20],
      ]);
      const all = pages.flatMap((p) => p.messages);
      expect(new Set(all.map((m) => m.id)).size).toBe(LEADS);
      expect(all).toEqual(all.toSorted(byNewest));
      expect(all[0]?.name).toMatch(/^Lead 1-/);
    });

    it("falls back to the last page when the one asked for no longer exists", async () => {
      const past = await listMessages(admin, 7);
      expect(past).toMatchObject({ page: 3, pageCount: 3, total: LEADS });
      expect(past.messages).toHaveLength(20);
    });

    it("moves a lead on (handled_at stamped by the database), notes it, filters by status, and deletes one", async () => {
      const first = await listMessages(admin, 1);
      const [handled, removed] = first.messages;
      const newBefore = await countNewMessages(admin);
      await setMessageStatus(admin, handled!.id, "won");
      await saveMessageNote(admin, handled!.id, "  Fechou o plano Scale.  ");
      expect(await countNewMessages(admin)).toBe(newBefore - 1);
      const won = await listMessages(admin, 1, { status: "won" });
      expect(won.messages.map((m) => [m.id, m.status, m.note])).toEqual([
        [handled!.id, "won", "Fechou o plano Scale."],
      ]);
      expect(won.total).toBe(1);
      expect((await listMessages(admin, 1, { status: "won", subject: "suporte" })).total).toBe(0);
      // Search: part of a name, an address or a company, any case; its own wildcards are literal.
      const found = await listMessages(admin, 1, { search: handled!.email.slice(0, 12).toUpperCase() });
      expect(found.messages.map((m) => m.id)).toContain(handled!.id);
      expect((await listMessages(admin, 1, { search: "%" })).total).toBe(0);
      expect((await listMessages(admin, 1, { search: "ninguém-assim" })).total).toBe(0);
      // The trigram index can serve it (the planner prefers it over a scan once the table is big).
      const plan = await t.backend.db.transaction(async (tx) => {
        await tx.query("set local enable_seqscan = off");
        const { rows } = await tx.query<{ "QUERY PLAN": string }>(
          "explain select id from public.contact_messages where search_text ilike '%empresa%'",
        );
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).toContain("contact_messages_search_text_idx");
      await deleteMessage(admin, removed!.id);
      const again = await listMessages(admin, 1);
      expect(again.total).toBe(LEADS - 1);
      expect(again.messages.find((m) => m.id === handled!.id)?.handled_at).toEqual(expect.any(String));
      expect(again.messages.some((m) => m.id === removed!.id)).toBe(false);
      // The next lead moved up onto page 1.
      expect(again.messages).toHaveLength(50);
    });

    it("filters by where leads first came from, and offers the sources and campaigns there are", async () => {
      const service = t.client(t.backend.serviceRoleKey);
      const { error } = await service.from("contact_messages").insert(
        [
          ["Google", "black-friday"],
          ["Google", null],
          ["newsletter", "black-friday"],
        ].map(([source, campaign], i) => ({
          name: `Lead com origem ${i}`,
          email: `origem-${i}@empresa.example`,
          subject: "demo",
          attribution: { first: touch(source!, campaign ?? null), last: touch(source!, campaign ?? null) },
        })),
      );
      if (error) throw new Error(error.message);
      expect((await listMessages(admin, 1, { source: "Google" })).total).toBe(2);
      expect((await listMessages(admin, 1, { campaign: "black-friday" })).total).toBe(2);
      expect((await listMessages(admin, 1, { source: "Google", campaign: "black-friday" })).total).toBe(1);
      expect(await listAttributionOptions(admin)).toEqual({
        sources: ["Google", "newsletter"],
        campaigns: ["black-friday"],
      });
      // Row-level security: a signed-in user who is not an admin is offered nothing.
      const user = (await t.user(`not-admin-${kind}@example.com`)).client;
      expect(await listAttributionOptions(user)).toEqual({ sources: [], campaigns: [] });
    });

    it("shows an empty first page when there are no leads", async () => {
      const service = t.client(t.backend.serviceRoleKey);
      await service.from("contact_messages").delete().not("id", "is", null);
      expect(await listMessages(admin, 1)).toEqual({ messages: [], deliveries: {}, total: 0, page: 1, pageCount: 1 });
      expect(await listMessages(admin, 2)).toEqual({ messages: [], deliveries: {}, total: 0, page: 1, pageCount: 1 });
    });
  });
});

// Hosted PostgREST answers an offset past the end with 416 PGRST103 when a count is asked for
// (the embedded backend with an empty page, covered above).
describe("listMessages against PostgREST's 416", () => {
  it("asks for the count and shows the last page", async () => {
    const lead = { id: "1", name: "Ana", created_at: "2026-01-01T00:00:00Z", handled_at: null };
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const offset = Number(url.searchParams.get("offset") ?? 0);
      if (offset >= 60) {
        return Response.json(
          {
            code: "PGRST103",
            details: "An offset of 100 was requested, but there are only 60 rows.",
            hint: null,
            message: "Requested range not satisfiable",
          },
          { status: 416, headers: { "Content-Range": "*/60" } },
        );
      }
      return Response.json(offset === 50 ? Array.from({ length: 10 }, (_, i) => ({ ...lead, id: String(i) })) : [], {
        headers: { "Content-Range": offset === 50 ? "50-59/60" : "*/60" },
      });
    });
    const client = createClient("http://backend.test", "key", {
      global: { fetch: fetchMock },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const result = await listMessages(client, 3);
    expect(result).toMatchObject({ page: 2, pageCount: 2, total: 60 });
    expect(result.messages).toHaveLength(10);
    const offsets = fetchMock.mock.calls.map(([input]) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return [url.searchParams.get("offset"), url.searchParams.get("order")];
    });
    expect(offsets).toEqual([
      ["100", "created_at.desc,id.desc"],
      [null, null],
      ["50", "created_at.desc,id.desc"],
      // The page's deliveries, in one request.
      [null, "channel.asc"],
    ]);
  });
});
