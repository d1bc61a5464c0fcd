// Shared set-up for the auth tests: a real PGlite database in a temp directory with the real
// internal and project migrations, the auth app on it, and supabase-js clients wired to app.fetch.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import type { SupabaseClient } from "@supabase/supabase-js";
import { openPglite } from "../db/pglite.ts";
import { openPostgres } from "../db/postgres.ts";
import { startPostgresCluster } from "../testing/postgres-cluster.ts";
import { runMigrations } from "../db/migrate.ts";
import type { Database } from "../db/types.ts";
import { AUTH_PREFIX, createAuth } from "./index.ts";
import type { Auth, CreateAuthOptions } from "./index.ts";

export const TEST_URL = "http://127.0.0.1:54321";

export type DbKind = "pglite" | "postgres";

export interface TestBackend {
  kind: DbKind;
  db: Database;
  dataDir: string;
  /** Added to the real time: tests jump forward instead of sleeping. */
  clock: { offset: number; now(): number };
  auth: Auth;
  /** Another auth app on the same database (e.g. with tiny rate limits). */
  makeAuth(extra?: Partial<CreateAuthOptions>): Promise<Auth>;
  client(opts?: { key?: string; auth?: Auth; storageKey?: string; onRequest?: (req: Request) => void }): SupabaseClient;
  close(): Promise<void>;
}

const mounted = new WeakMap<Auth, Hono>();

/** The auth app alone, mounted at /auth/v1 as the backend mounts it. */
export function mountAuth(auth: Auth): Hono {
  let app = mounted.get(auth);
  if (!app) mounted.set(auth, (app = new Hono().route(AUTH_PREFIX, auth.app)));
  return app;
}

export async function startTestBackend(kind: DbKind = "pglite"): Promise<TestBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), "omnia-auth-test-"));
  const cluster = kind === "postgres" ? await startPostgresCluster() : null;
  const db = cluster ? await openPostgres({ connectionString: cluster.url }) : await openPglite(join(dataDir, "db"));
  await runMigrations(db, { log: () => {} });
  const clock = {
    offset: 0,
    now() {
      return Date.now() + this.offset;
    },
  };
  const makeAuth = (extra: Partial<CreateAuthOptions> = {}) =>
    createAuth({
      db,
      // PostgreSQL mode keeps the signing key in the database, as with DATABASE_URL.
      ...(kind === "pglite" ? { dataDir } : {}),
      siteUrl: TEST_URL,
      now: () => clock.now(),
      // bcrypt cost 4 keeps the suite fast; production uses 10 (the default).
      bcryptCost: 4,
      log: () => {},
      ...extra,
    });
  const auth = await makeAuth();
  return {
    kind,
    db,
    dataDir,
    clock,
    auth,
    makeAuth,
    client(opts = {}) {
      const app = mountAuth(opts.auth ?? auth);
      return createClient(TEST_URL, opts.key ?? auth.keys.anonKey, {
        global: {
          fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
            const req = new Request(input, init);
            opts.onRequest?.(req);
            return app.fetch(req);
          },
        },
        auth: {
          persistSession: false,
          autoRefreshToken: false,
          detectSessionInUrl: false,
          ...(opts.storageKey ? { storageKey: opts.storageKey } : {}),
        },
      });
    },
    async close() {
      await db.close();
      await cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A raw request to the auth app (for what supabase-js does not expose). */
export async function call(
  auth: Auth,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { apikey: auth.keys.anonKey, ...opts.headers };
  if (opts.token) headers["authorization"] = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await mountAuth(auth).fetch(
    new Request(`${TEST_URL}/auth/v1${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}
