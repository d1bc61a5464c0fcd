// Audit rows come only from the database's triggers and the site's server
// (supabase/migrations/20260101001300_audit_by_server.sql): what the REST API answers to an admin,
// a visitor and the service role for public.record_audit and public.write_audit, the bound on
// `details`, and the grants as a hosted Supabase project would leave them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, readInternalMigrations, readMigrationsDir } from "../db/migrate.ts";
import { openPglite } from "../db/pglite.ts";
import { startTestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { TestBackend } from "../testing/backend.ts";

describeEachDatabase("audit_log", (kind) => {
  let t: TestBackend;
  let service: SupabaseClient;
  let admin: { id: string; client: SupabaseClient };

  beforeAll(async () => {
    t = await startTestBackend(kind);
    service = t.client(t.backend.serviceRoleKey);
    admin = await t.user(`audit-admin-${kind}@example.com`, { admin: true });
  });
  afterAll(async () => t?.close());

  const rowsOf = async (action: string) =>
    (
      await t.backend.db.query<{ actor_email: string | null; ip: string | null; details: unknown }>(
        "SELECT actor_email, ip, details FROM public.audit_log WHERE action = $1 ORDER BY id",
        [action],
      )
    ).rows;

  it("refuses record_audit and write_audit to every client, an admin included", async () => {
    const row = { action: "lead.exported", actor: admin.id, ip: "198.51.100.1", details: { forged: true } };
    for (const client of [admin.client, t.client()]) {
      const { error } = await client.rpc("record_audit", row);
      expect(error?.code).toBe("42501");
      const written = await client.rpc("write_audit", { action: "post.deleted", target: "x", details: {} });
      expect(written.error?.code).toBe("42501");
    }
    expect(await rowsOf("lead.exported")).toEqual([]);
  });

  it("lets the service role record an admin's action with the client address", async () => {
    const { error } = await service.rpc("record_audit", {
      action: "member.invited",
      actor: admin.id,
      ip: "2001:db8::1",
      details: { email: "nova@example.com" },
    });
    expect(error).toBeNull();
    expect(await rowsOf("member.invited")).toEqual([
      { actor_email: `audit-admin-${kind}@example.com`, ip: "2001:db8::1", details: { email: "nova@example.com" } },
    ]);
    // Only the two actions of the site's routes, and only an address as the address.
    const other = await service.rpc("record_audit", { action: "post.deleted", actor: admin.id, ip: null });
    expect(other.error?.code).toBe("22023");
    const notAnAddress = await service.rpc("record_audit", { action: "lead.exported", actor: admin.id, ip: "x" });
    expect(notAnAddress.error?.code).toBe("22P02");
  });

  it("bounds details for every writer, the service role and the table's owner included", async () => {
    const details = { search: "x".repeat(16_000) };
    const { error, status } = await service.rpc("record_audit", {
      action: "lead.exported",
      actor: admin.id,
      ip: null,
      details,
    });
    expect([status, error?.code]).toEqual([400, "23514"]);
    await expect(
      t.backend.db.query("INSERT INTO public.audit_log (action, details) VALUES ('lead.exported', $1)", [details]),
    ).rejects.toThrow(/audit_log_details_size/);
    expect(await rowsOf("lead.exported")).toEqual([]);
  });
});

describe("audit functions under a hosted project's default privileges", () => {
  let dir = "";
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("leaves record_audit and write_audit to the service role alone", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-audit-grants-"));
    const db = await openPglite(dir);
    try {
      await applyMigrations(db, readInternalMigrations());
      // What a hosted Supabase project does for objects created in public: every API role gets
      // them, unless a migration takes them back.
      await db.exec(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
        ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;`);
      await applyMigrations(db, readMigrationsDir());
      const { rows } = await db.query<{ role: string; fn: string; allowed: boolean }>(
        `SELECT role, fn, has_function_privilege(role, fn, 'EXECUTE') AS allowed
           FROM unnest(ARRAY['anon', 'authenticated', 'service_role']) AS role,
                unnest(ARRAY['public.record_audit(text, uuid, text, jsonb)',
                             'public.write_audit(text, text, jsonb, uuid)']) AS fn
          ORDER BY fn, role`,
      );
      expect(rows.filter((row) => row.allowed).map((row) => `${row.role} ${row.fn}`)).toEqual([
        "service_role public.record_audit(text, uuid, text, jsonb)",
        "service_role public.write_audit(text, text, jsonb, uuid)",
      ]);
    } finally {
      await db.close();
    }
  });
});
