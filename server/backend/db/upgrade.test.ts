// Upgrading a database made by the release before numbered internal migrations (ADR 015): it
// has the retired bootstrap's and auth/schema.sql's objects, their markers, and real data. The
// new code must start on it (on PostgreSQL: two instances at once), keep every row, drop only
// the two obsolete markers, and let the old user sign in with the old password and refresh the
// old session.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBackend } from "../index.ts";
import type { Backend } from "../index.ts";
import { loadSigningKeys } from "../keys.ts";
import { TEST_SITE_URL, makeClient } from "../testing/backend.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import type { DbKind } from "../testing/backend.ts";
import { startPostgresCluster } from "../testing/postgres-cluster.ts";
import type { PostgresCluster } from "../testing/postgres-cluster.ts";
import {
  FIRST_MIGRATION_AFTER_PREVIOUS_RELEASE,
  applyPreviousReleaseSchema,
} from "./fixtures/previous-release/apply.ts";
import { readInternalMigrations, readMigrationsDir } from "./migrate.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";
import type { Database, Queryable } from "./types.ts";

const EMAIL = "old-user@example.com";
const PASSWORD = "an old but good passphrase";
/** PASSWORD hashed by the previous release's bcryptjs (cost 4). */
const PREVIOUS_RELEASE_HASH = "$2b$04$B/8ofKSufhPimTOZwiSlHetjyPf.OJ9GTj.lByoL15lLqJy7GzqwO";

/** Every table that holds data; embedded_state is compared without the retired marker. */
const TABLES = [
  "auth.users",
  "auth.sessions",
  "auth.refresh_tokens",
  "auth.mfa_amr_claims",
  "auth.mfa_factors",
  "auth.signing_keys",
  "public.user_roles",
  "public.blog_posts",
  "public.contact_messages",
] as const;

/**
 * Every row of every table, as JSON, in the columns the previous release had: a later migration
 * may add a column (with its default), but no value that was there may change.
 */
async function snapshot(q: Queryable): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of [...TABLES, "auth.embedded_state"]) {
    const where = table === "auth.embedded_state" ? "WHERE t.key <> 'auth-schema'" : "";
    const [schema, name] = table.split(".");
    previousColumns[table] ??= (
      await q.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2",
        [schema, name],
      )
    ).rows.map((row) => row.column_name);
    const row =
      "(SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(to_jsonb(t)) e WHERE e.key = ANY($1::text[]))";
    const { rows } = await q.query<{ rows: unknown }>(
      `SELECT coalesce(jsonb_agg(${row} ORDER BY ${row}::text), '[]'::jsonb) AS rows FROM ${table} t ${where}`,
      [previousColumns[table]],
    );
    out[table] = rows[0]!.rows;
  }
  return out;
}

/** The columns of each table before the upgrade, read by the first snapshot. */
const previousColumns: Record<string, string[]> = {};

/** What a user of the previous release left behind: account, admin role, session, post, lead. */
async function fillPreviousRelease(db: Database): Promise<{ userId: string; refreshToken: string }> {
  const userId = randomUUID();
  const sessionId = randomUUID();
  const refreshToken = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       VALUES ($1, 'authenticated', 'authenticated', $2, $3, now(), $4::jsonb, $5::jsonb, now(), now())`,
      [
        userId,
        EMAIL,
        PREVIOUS_RELEASE_HASH,
        JSON.stringify({ provider: "email", providers: ["email"] }),
        JSON.stringify({ sub: userId, email: EMAIL, email_verified: true, phone_verified: false }),
      ],
    );
    await tx.query("INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'admin')", [userId]);
    await tx.query("INSERT INTO auth.sessions (id, user_id, aal, refreshed_at) VALUES ($1, $2, 'aal1', now())", [
      sessionId,
      userId,
    ]);
    await tx.query("INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES ($1, 'password')", [
      sessionId,
    ]);
    // Stored as its SHA-256, as auth/sessions.ts has always stored refresh tokens.
    await tx.query("INSERT INTO auth.refresh_tokens (token, user_id, session_id, revoked) VALUES ($1, $2, $3, false)", [
      createHash("sha256").update(refreshToken).digest("hex"),
      userId,
      sessionId,
    ]);
    await tx.query(
      "INSERT INTO auth.mfa_factors (user_id, friendly_name, factor_type) VALUES ($1, 'phone app', 'totp')",
      [userId],
    );
    await tx.query(
      `INSERT INTO public.blog_posts (title, slug, excerpt, content, published, author_id)
       VALUES ('Written before the upgrade', 'written-before-the-upgrade', 'Still here.', '# Still here', true, $1)`,
      [userId],
    );
    await tx.query(
      `INSERT INTO public.contact_messages (name, email, subject, message, page)
       VALUES ('Maria Souza', 'maria@example.com', 'comercial', 'Gostaria de uma proposta.', '/contato')`,
    );
    await tx.query(
      `INSERT INTO auth.embedded_state (key, value) VALUES ('first-start-seed', '{"at": "2026-11-01T00:00:00.000Z"}')`,
    );
  });
  return { userId, refreshToken };
}

describeEachDatabase("upgrade from the previous release's layout", (kind: DbKind) => {
  let dataDir: string;
  let cluster: PostgresCluster | null = null;
  let before: Record<string, unknown>;
  let oldAnonKey: string;
  let old: { userId: string; refreshToken: string };
  let backends: Backend[] = [];
  const logs: string[] = [];
  const start = () =>
    startBackend({
      ...(cluster ? { databaseUrl: cluster.url } : { dataDir }),
      siteUrl: TEST_SITE_URL,
      log: (line) => logs.push(line),
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-upgrade-test-"));
    cluster = kind === "postgres" ? await startPostgresCluster() : null;
    const db = cluster ? await openPostgres({ connectionString: cluster.url }) : await openPglite(dataDir);
    try {
      await applyPreviousReleaseSchema(db);
      // The signing key as the previous release kept it: a file in DATA_DIR, or auth.signing_keys.
      oldAnonKey = (await loadSigningKeys({ db, ...(cluster ? {} : { dataDir }) })).anonKey;
      old = await fillPreviousRelease(db);
      before = await snapshot(db);
    } finally {
      await db.close();
    }
    // Several instances rolling out together on one PostgreSQL; PGlite allows one process.
    backends = await Promise.all(cluster ? [start(), start()] : [start()]);
  });

  afterAll(async () => {
    for (const b of backends) await b.close();
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every row, and the signing key", async () => {
    const db = backends[0]!.db;
    expect(await snapshot(db)).toEqual(before);
    expect((before["public.contact_messages"] as unknown[]).length).toBe(1);
    expect(backends.map((b) => b.anonKey)).toEqual(backends.map(() => oldAnonKey));
  });

  it("records this release's migrations, each applied once, and forgets the retired markers", async () => {
    const db = backends[0]!.db;
    const internal = readInternalMigrations().map((m) => m.name);
    const project = readMigrationsDir().map((m) => m.name);
    const recorded = await db.query<{ name: string }>(
      "SELECT name FROM omnia_internal.schema_migrations ORDER BY name",
    );
    expect(recorded.rows.map((r) => r.name).toSorted()).toEqual([...internal, ...project].toSorted());
    const marker = await db.query("SELECT 1 FROM auth.embedded_state WHERE key = 'auth-schema'");
    expect(marker.rows).toEqual([]);
    // New: the internal migrations, and the project's that the previous release could not have
    // had (they need a schema from a newer internal one); the rest it had applied.
    const applied = logs.filter((l) => l.startsWith("applied migration ")).map((l) => l.slice(18));
    const newerProject = project.filter((name) => name >= FIRST_MIGRATION_AFTER_PREVIOUS_RELEASE);
    expect(newerProject).toContain("20260101001100_blog_images_bucket.sql");
    expect(applied.toSorted()).toEqual([...internal, ...newerProject].toSorted());
    expect(logs.filter((l) => l.includes("changed after it was applied"))).toEqual([]);
    // The seed ran in the previous release; the upgrade does not add sample posts or an admin.
    expect(logs.filter((l) => l.startsWith("Seeded") || l.startsWith("Admin account"))).toEqual([]);
  });

  it("signs the old user in with the old password, and refreshes the old session", async () => {
    const client = makeClient(backends[0]!, backends[0]!.anonKey);
    const signedIn = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(old.userId);
    const refreshed = await makeClient(backends.at(-1)!, oldAnonKey).auth.refreshSession({
      refresh_token: old.refreshToken,
    });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.user?.id).toBe(old.userId);
    // The admin role came along: only admins read leads.
    const leads = await client.from("contact_messages").select("email");
    expect(leads).toMatchObject({ error: null, data: [{ email: "maria@example.com" }] });
  });

  it("applies nothing on the next start", async () => {
    for (const b of backends) await b.close();
    logs.length = 0;
    backends = [await start()];
    expect(logs.filter((l) => l.startsWith("applied migration "))).toEqual([]);
  });
});
