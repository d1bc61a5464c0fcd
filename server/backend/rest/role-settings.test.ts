// PostgREST's impersonated role settings: what `ALTER ROLE … SET` stored for a request role
// applies to each of its requests (catalog.ts, loadRoleSettings), with the statement timeouts a
// hosted Supabase project starts with (internal migration 0017). Through the real supabase-js
// client on PGlite and PostgreSQL; only PostgreSQL can cancel a statement that runs too long.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBackend } from "../testing/backend.ts";
import type { TestBackend } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";

const FUNCTIONS_SQL = `
CREATE FUNCTION public.rs_setting(name text) RETURNS text LANGUAGE sql STABLE AS $$ SELECT current_setting(name) $$;
CREATE FUNCTION public.rs_sleep(seconds float8) RETURNS int LANGUAGE sql VOLATILE AS $$ SELECT 1 FROM pg_sleep(seconds) $$;
GRANT EXECUTE ON FUNCTION public.rs_setting(text), public.rs_sleep(float8) TO anon, authenticated, service_role;
`;

/** A setting's value as the client's requests see it. */
async function settingAs(client: ReturnType<TestBackend["client"]>, name: string) {
  const { data, error } = await client.rpc("rs_setting", { name });
  expect(error).toBeNull();
  return data as string;
}

describeEachDatabase("REST requests under their role's own settings", (kind) => {
  let t: TestBackend;
  /** ALTER ROLE … IN DATABASE (this one) SET …, as an operator would. */
  const alterRole = async (role: string, setting: string) => {
    const { rows } = await t.backend.db.query<{ name: string }>("select current_database() as name");
    await t.backend.db.exec(`ALTER ROLE ${role} IN DATABASE "${rows[0]!.name}" SET ${setting}`);
  };

  beforeAll(async () => {
    t = await startTestBackend(kind);
    await t.backend.db.exec(FUNCTIONS_SQL);
    // The schema cache, which holds the role settings, loads again at start.
    await t.restart();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives anon 3 s and authenticated 8 s to each statement, as a hosted project does", async () => {
    const { client: signedIn } = await t.user("rosa@example.com");
    expect(await settingAs(t.client(), "statement_timeout")).toBe("3s");
    expect(await settingAs(signedIn, "statement_timeout")).toBe("8s");
    expect(await settingAs(t.client(t.backend.serviceRoleKey), "statement_timeout")).toBe("0");
  });

  it("applies what an operator sets with ALTER ROLE, and leaves out what only a superuser may set", async () => {
    await alterRole("anon", "work_mem = '7MB'");
    await alterRole("anon", "log_min_duration_statement = '1ms'");
    await t.restart();
    expect(await settingAs(t.client(), "work_mem")).toBe("7MB");
    // Not applied (it would fail every request of the role); the server's own value stays.
    expect(await settingAs(t.client(), "log_min_duration_statement")).toBe("-1");
    expect(await settingAs(t.client(t.backend.serviceRoleKey), "work_mem")).toBe("4MB");
  });

  // Only PostgreSQL cancels a statement: PGlite has no timer to do it (docs/backend.md).
  if (kind !== "postgres") return;
  it("cancels a statement past its role's timeout with 57014 and 504", async () => {
    await alterRole("anon", "statement_timeout = '100ms'");
    await t.restart();
    const slow = await t.client().rpc("rs_sleep", { seconds: 2 });
    expect(slow.status).toBe(504);
    expect(slow.error).toMatchObject({ code: "57014", message: "canceling statement due to statement timeout" });
    const { client: signedIn } = await t.user("sara@example.com");
    const patient = await signedIn.rpc("rs_sleep", { seconds: 0.3 });
    expect(patient).toMatchObject({ status: 200, data: 1 });
  });
});
