// REST statements as named prepared statements (ADR 088), on PGlite and PostgreSQL: each
// connection keeps a bounded number, deallocating the least recently used; a reload of the schema
// cache drops them, so a migration is seen; a statement prepared for one user and reused for
// another, or for anon, applies row-level security to the caller, not to whoever prepared it.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBackend } from "../testing/backend.ts";
import type { TestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";

const MAX = 5;

const FIXTURE = `
CREATE TABLE public.prep_notes (
  id int PRIMARY KEY,
  owner uuid,
  is_public boolean NOT NULL DEFAULT false,
  body text NOT NULL
);
ALTER TABLE public.prep_notes ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON public.prep_notes TO anon, authenticated;
GRANT ALL ON public.prep_notes TO service_role;
CREATE POLICY "Own notes, or all for admins" ON public.prep_notes FOR SELECT TO authenticated
  USING (owner = auth.uid() OR public.has_role(auth.uid(), 'admin'));
CREATE POLICY "Public notes" ON public.prep_notes FOR SELECT TO anon USING (is_public);
`;

const read = (client: SupabaseClient) => client.from("prep_notes").select("id").order("id");

interface PreparedRow {
  statement: string;
  runs: number;
  prepared_at: number;
}

describeEachDatabase("REST prepared statements", (kind) => {
  let t: TestBackend;
  let service: SupabaseClient;
  let admin: { id: string; client: SupabaseClient };
  let user: { id: string; client: SupabaseClient };

  /**
   * The REST statements of the connection a request gets next: PGlite has one; the PostgreSQL
   * pool hands out the connection released last, which served the previous request.
   */
  async function prepared(): Promise<PreparedRow[]> {
    return t.backend.db.asRole("service_role", { role: "service_role" }, async (tx) => {
      const res = await tx.query<PreparedRow>(
        `select statement, (generic_plans + custom_plans)::int as runs,
                extract(epoch from prepare_time)::float8 as prepared_at
           from pg_prepared_statements
          where statement like 'SELECT count(*)::int AS n%prep_notes%' order by prepare_time`,
      );
      return res.rows;
    });
  }

  beforeAll(async () => {
    t = await startTestBackend(kind, { preparedStatements: MAX });
    await t.backend.db.exec(FIXTURE);
    service = t.client(t.backend.serviceRoleKey);
    admin = await t.user(`admin-prep-${kind}@example.com`, { admin: true });
    user = await t.user(`user-prep-${kind}@example.com`);
    // The schema cache learns the new table on the first miss, at most once a second.
    const deadline = Date.now() + 10_000;
    while ((await service.from("prep_notes").select("id")).error) {
      if (Date.now() > deadline) throw new Error("the schema cache never saw prep_notes");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ins = await service.from("prep_notes").insert([
      { id: 1, owner: user.id, is_public: false, body: "do usuário" },
      { id: 2, owner: admin.id, is_public: true, body: "pública" },
      { id: 3, owner: null, is_public: false, body: "de ninguém" },
    ]);
    if (ins.error) throw new Error(ins.error.message);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("prepares a request's shape once and runs it again for the next request", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await service
        .from("prep_notes")
        .select("id,body")
        .eq("id", 2 + i);
      expect(res.data).toEqual([{ id: 2 + i, body: i === 0 ? "pública" : "de ninguém" }]);
    }
    const rows = (await prepared()).filter((r) => r.statement.includes(`pgrst_t0."body"`));
    expect(rows.map((r) => r.runs)).toEqual([2]);
    // The value is a parameter: the SQL text holds neither 2 nor 3.
    expect(rows[0]!.statement).toMatch(/= \$1/);
  });

  it(`keeps at most ${MAX} statements per connection, deallocating the least recently used`, async () => {
    const columns = ["id", "owner", "is_public", "body", "id,body", "id,is_public"];
    for (const select of columns) expect((await service.from("prep_notes").select(select)).error).toBeNull();
    const rows = await prepared();
    // The bound counts every statement of the connection; the inspection's own prelude is one.
    expect(rows.length).toBeLessThan(MAX);
    const texts = rows.map((r) => r.statement).join("\n");
    expect(texts).toContain(`pgrst_t0."id" AS "id", pgrst_t0."is_public" AS "is_public"`);
    expect(texts).not.toContain(`pgrst_t0."owner"`);
  });

  it("applies row-level security to the caller of a statement another user prepared", async () => {
    expect((await read(admin.client)).data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect((await read(user.client)).data).toEqual([{ id: 1 }]);
    expect((await read(t.client())).data).toEqual([{ id: 2 }]);
    expect((await read(admin.client)).data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    // The admin's statement served the user too; anon has its own.
    const rows = (await prepared()).filter(
      (r) => r.statement.includes(`SELECT pgrst_t0."id" AS "id" FROM`) && r.statement.includes("ORDER BY"),
    );
    expect(rows.map((r) => r.runs).toSorted()).toEqual([1, 3]);
  });

  it("runs a statement again after it failed", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await user.client.from("prep_notes").insert({ id: 10, body: "recusada" });
      expect(res.error?.code).toBe("42501");
    }
    expect((await user.client.from("prep_notes").select("id").order("id")).data).toEqual([{ id: 1 }]);
  });

  it("drops the prepared statements when the schema cache reloads, so a new column shows", async () => {
    expect((await service.from("prep_notes").select("*").eq("id", 2)).data).toEqual([
      { id: 2, owner: admin.id, is_public: true, body: "pública" },
    ]);
    const before = (await prepared()).find((r) => r.statement.includes("SELECT pgrst_t0.* FROM"));
    expect(before?.runs).toBe(1);
    await t.backend.db.exec("ALTER TABLE public.prep_notes ADD COLUMN mood text DEFAULT 'calma'");
    // The new column misses in the schema cache, which reloads (at most once a second).
    await expect
      .poll(async () => (await service.from("prep_notes").select("mood").eq("id", 2)).data, { timeout: 10_000 })
      .toEqual([{ mood: "calma" }]);
    expect((await service.from("prep_notes").select("*").eq("id", 2)).data).toEqual([
      { id: 2, owner: admin.id, is_public: true, body: "pública", mood: "calma" },
    ]);
    const after = (await prepared()).find((r) => r.statement.includes("SELECT pgrst_t0.* FROM"));
    expect(after?.runs).toBe(1);
    expect(after!.prepared_at).toBeGreaterThan(before!.prepared_at);
  });
});
