// The admin screen's role → capability map (./admin-role.ts) against the SQL functions it
// mirrors (supabase/migrations/20260101001910_staff_roles.sql), asked with each role's own
// token on a real database: a role or a function changed on one side only fails here.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../server/backend/testing/backend.ts";
import { describeEachDatabase } from "../../server/backend/testing/describe-each-database.ts";
import { CAPABILITIES, can, canEditPost, ROLE_CAPABILITIES, STAFF_ROLES, type StaffRole } from "./admin-role";

describeEachDatabase("the admin's capability map", (kind) => {
  let t: TestBackend;
  const members = new Map<StaffRole, { id: string; client: SupabaseClient }>();

  beforeAll(async () => {
    t = await startTestBackend(kind);
    const service = t.client(t.backend.serviceRoleKey);
    for (const role of STAFF_ROLES) {
      const member = await t.user(`${role}-${kind}@omnia.example`);
      const { error } = await service.from("user_roles").insert({ user_id: member.id, role });
      if (error) throw new Error(error.message);
      members.set(role, member);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("grants each role what the SQL capability functions answer for it", async () => {
    const answered: Record<string, Record<string, unknown>> = {};
    const mapped: Record<string, Record<string, unknown>> = {};
    for (const role of STAFF_ROLES) {
      const { client } = members.get(role)!;
      answered[role] = { staff_role: (await client.rpc("staff_role")).data };
      mapped[role] = { staff_role: role };
      for (const capability of CAPABILITIES) {
        const { data, error } = await client.rpc(capability);
        expect(error).toBeNull();
        answered[role][capability] = data;
        mapped[role][capability] = can(role, capability);
      }
    }
    expect(mapped).toEqual(answered);
    expect(Object.keys(ROLE_CAPABILITIES)).toEqual([...STAFF_ROLES]);
  });

  it("lets a member change the posts public.can_edit_post lets them", async () => {
    const service = t.client(t.backend.serviceRoleKey);
    const autor = members.get("autor")!;
    const other = members.get("editor")!;
    const cases = [
      { author_id: autor.id, published: false },
      { author_id: autor.id, published: true },
      { author_id: other.id, published: false },
      { author_id: other.id, published: true },
    ];
    for (const [index, fields] of cases.entries()) {
      const { data, error } = await service
        .from("blog_posts")
        .insert({ title: `Post ${index}`, slug: `post-${kind}-${index}`, ...fields })
        .select("id")
        .single();
      if (error) throw new Error(error.message);
      for (const role of STAFF_ROLES) {
        const member = members.get(role)!;
        const sql = (await member.client.rpc("can_edit_post", { _post_id: data.id })).data;
        expect({ role, ...fields, can: canEditPost(role, member.id, fields) }).toEqual({ role, ...fields, can: sql });
      }
    }
  });
});
