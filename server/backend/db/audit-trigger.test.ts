// supabase/migrations/20260101001500_generic_audit_trigger.sql puts one trigger function where
// 20260101001200_admin_security.sql had one per table. The same writes, on a database with each,
// must leave the same audit rows: actor, e-mail, action, target, details and address.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { startPostgresCluster, type PostgresCluster } from "../testing/postgres-cluster.ts";
import { applyMigrations, readInternalMigrations, readMigrationsDir } from "./migrate.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";
import type { Database } from "./types.ts";

const GENERIC = "20260101001500_generic_audit_trigger.sql";
const ANA = "00000000-0000-4000-8000-00000000000a";
const BIA = "00000000-0000-4000-8000-00000000000b";
const POST = "00000000-0000-4000-8000-0000000000c1";
const LEAD = "00000000-0000-4000-8000-0000000000d1";
const FACTOR = "00000000-0000-4000-8000-0000000000e1";
const SPARE_FACTOR = "00000000-0000-4000-8000-0000000000e2";

interface Step {
  /** The request's JWT subject, as PostgREST sets it; none for the auth service's own writes. */
  actor?: string;
  settings?: Record<string, string>;
  sql: string;
}

// Every audited table, every branch: a write that is logged and one that is not.
const STEPS: Step[] = [
  {
    // Confirmed addresses: the admin who stays must be one who can sign in.
    sql: `INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at) VALUES ('${ANA}', 'ana@omnia.example', 'h1', now()), ('${BIA}', 'bia@omnia.example', '', now())`,
  },
  { sql: `INSERT INTO public.user_roles (user_id, role) VALUES ('${ANA}', 'admin'), ('${BIA}', 'admin')` },
  { actor: ANA, sql: `DELETE FROM public.user_roles WHERE user_id = '${BIA}'` },
  { actor: ANA, sql: `INSERT INTO public.blog_posts (id, title, slug, content) VALUES ('${POST}', 'Um', 'um', 'x')` },
  { actor: ANA, sql: `UPDATE public.blog_posts SET published = true` },
  { actor: ANA, sql: `UPDATE public.blog_posts SET published = false, title = 'Dois'` },
  { actor: ANA, sql: `UPDATE public.blog_posts SET featured_image = '/img.webp'` },
  { actor: ANA, sql: `UPDATE public.blog_posts SET author_id = '${ANA}'` },
  { actor: ANA, sql: `DELETE FROM public.blog_posts` },
  {
    sql: `INSERT INTO public.contact_messages (id, name, email, subject) VALUES ('${LEAD}', 'Cli', 'c@cliente.example', 'demo')`,
  },
  { actor: ANA, sql: `UPDATE public.contact_messages SET note = 'ligar'` },
  { actor: ANA, sql: `UPDATE public.contact_messages SET status = 'won'` },
  { actor: ANA, sql: `DELETE FROM public.contact_messages` },
  {
    sql: `INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type) VALUES ('${FACTOR}', '${ANA}', 'Celular', 'totp'), ('${SPARE_FACTOR}', '${ANA}', NULL, 'totp')`,
  },
  { sql: `UPDATE auth.mfa_factors SET status = 'verified' WHERE id = '${FACTOR}'` },
  { sql: `UPDATE auth.mfa_factors SET friendly_name = 'Meu celular' WHERE id = '${FACTOR}'` },
  { sql: `DELETE FROM auth.mfa_factors WHERE id = '${SPARE_FACTOR}'` },
  { settings: { "omnia.audit_via": "admin_api" }, sql: `DELETE FROM auth.mfa_factors WHERE id = '${FACTOR}'` },
  { sql: `UPDATE auth.users SET encrypted_password = 'h2' WHERE id = '${ANA}'` },
  {
    settings: { "omnia.password_event": "password.reset" },
    sql: `UPDATE auth.users SET encrypted_password = 'h3' WHERE id = '${ANA}'`,
  },
  { sql: `UPDATE auth.users SET encrypted_password = 'first' WHERE id = '${BIA}'` },
  { sql: `UPDATE auth.users SET email = 'ana2@omnia.example' WHERE id = '${ANA}'` },
];

async function auditRows(db: Database): Promise<unknown[]> {
  for (const step of STEPS) {
    await db.transaction(async (tx) => {
      const settings: Record<string, string> = {
        "request.headers": JSON.stringify({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" }),
        ...(step.actor ? { "request.jwt.claims": JSON.stringify({ sub: step.actor, role: "authenticated" }) } : {}),
        ...step.settings,
      };
      for (const [name, value] of Object.entries(settings)) {
        await tx.query("SELECT set_config($1, $2, true)", [name, value]);
      }
      await tx.exec(step.sql);
    });
  }
  const { rows } = await db.query(
    "SELECT actor_id, actor_email, action, target, details, ip FROM public.audit_log ORDER BY id",
  );
  return rows;
}

describeEachDatabase("the generic audit trigger", (kind) => {
  let cluster: PostgresCluster | null = null;
  const dirs: string[] = [];
  const opened: Database[] = [];

  /** A new database with the migrations up to (without) `before`, or all of them. */
  async function migrated(name: string, before?: string): Promise<Database> {
    let db: Database;
    if (kind === "postgres") {
      cluster ??= await startPostgresCluster();
      const admin = await openPostgres({ connectionString: cluster.url });
      await admin.exec(`CREATE DATABASE ${name}`);
      await admin.close();
      db = await openPostgres({ connectionString: cluster.url.replace(/\/postgres$/, `/${name}`) });
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `omnia-audit-${name}-`));
      dirs.push(dir);
      db = await openPglite(dir);
    }
    opened.push(db);
    const project = readMigrationsDir().filter((m) => before === undefined || m.name < before);
    await applyMigrations(db, [...readInternalMigrations(), ...project]);
    return db;
  }

  let perTable: unknown[] = [];
  let generic: unknown[] = [];
  let current: Database;
  beforeAll(async () => {
    perTable = await auditRows(await migrated("per_table", GENERIC));
    current = await migrated("generic");
    generic = await auditRows(current);
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await cluster?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the rows the per-table functions wrote", () => {
    expect((generic as { action: string }[]).map((row) => row.action)).toEqual([
      "role.granted",
      "role.granted",
      "role.revoked",
      "post.created",
      "post.published",
      "post.unpublished",
      "post.updated",
      "post.updated",
      "post.deleted",
      "lead.status_changed",
      "lead.deleted",
      "factor.enrolled",
      "factor.removed",
      "password.changed",
      "password.reset",
    ]);
    expect(generic).toEqual(perTable);
  });

  it("leaves one audit function behind every audit trigger", async () => {
    const { rows } = await current.query<{ trigger: string; fn: string }>(
      `SELECT tgname AS trigger, tgfoid::regproc::text AS fn FROM pg_trigger
       WHERE tgname IN ('blog_posts_audit', 'contact_messages_audit', 'user_roles_audit', 'mfa_factors_audit',
                        'users_audit_password')
       ORDER BY tgname`,
    );
    expect(rows.map((row) => row.fn)).toEqual(Array(5).fill("audit_change"));
    const { rows: leftovers } = await current.query(
      `SELECT proname FROM pg_proc WHERE proname IN ('audit_blog_posts', 'audit_contact_messages', 'audit_user_roles',
                                                     'audit_mfa_factors', 'audit_password_change')`,
    );
    expect(leftovers).toEqual([]);
  });
});
