// Test harness: a real backend (startBackend) on a temp PGlite directory or a throwaway
// PostgreSQL cluster, and real supabase-js clients wired to it in-process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { startBackend } from "../index.ts";
import type { Backend, StartBackendOptions } from "../index.ts";
import { postgresUnavailableReason, startPostgresCluster } from "./postgres-cluster.ts";
import type { PostgresCluster } from "./postgres-cluster.ts";

export const TEST_SITE_URL = "http://127.0.0.1:54321";

export type DbKind = "pglite" | "postgres";

export const POSTGRES_SKIP_REASON = postgresUnavailableReason();
/** describe.each over these; PostgreSQL only where its binaries exist (the reason is printed). */
export const DB_KINDS: DbKind[] = POSTGRES_SKIP_REASON ? ["pglite"] : ["pglite", "postgres"];
if (POSTGRES_SKIP_REASON) console.warn(`[backend tests] PostgreSQL variants skipped: ${POSTGRES_SKIP_REASON}`);

export interface TestBackend {
  kind: DbKind;
  readonly backend: Backend;
  dataDir: string;
  cluster: PostgresCluster | null;
  /** A supabase-js client on the in-process backend (anon key unless another key is given). */
  client(key?: string): SupabaseClient;
  /** A confirmed user, signed in; `admin` adds the user_roles row. */
  user(email: string, opts?: { admin?: boolean }): Promise<{ id: string; client: SupabaseClient; accessToken: string }>;
  /**
   * Stops the backend and starts it again on the same data, as a server restart does, running
   * `whileStopped` in between. Clients made before it reach the stopped backend: make new ones.
   */
  restart(whileStopped?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export function makeClient(backend: Backend, key: string, url = TEST_SITE_URL): SupabaseClient {
  return createClient(url, key, {
    global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => backend.fetch(new Request(input, init)) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export async function startTestBackend(
  kind: DbKind = "pglite",
  extra: Pick<
    StartBackendOptions,
    "mail" | "adminRequireMfa" | "render" | "rateLimits" | "restSchemas" | "oidc" | "preparedStatements"
  > = {},
): Promise<TestBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "omnia-backend-test-"));
  const cluster = kind === "postgres" ? await startPostgresCluster() : null;
  const start = () =>
    startBackend({
      ...(cluster ? { databaseUrl: cluster.url } : { dataDir }),
      siteUrl: TEST_SITE_URL,
      log: () => {},
      ...extra,
    });
  let backend: Backend;
  try {
    backend = await start();
  } catch (err) {
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const service = () => makeClient(backend, backend.serviceRoleKey);
  return {
    kind,
    get backend() {
      return backend;
    },
    dataDir,
    cluster,
    client: (key = backend.anonKey) => makeClient(backend, key),
    async user(email, opts = {}) {
      const password = "correct-horse-battery";
      const created = await service().auth.admin.createUser({ email, password, email_confirm: true });
      if (created.error) throw created.error;
      const id = created.data.user.id;
      if (opts.admin) {
        const { error } = await service().from("user_roles").insert({ user_id: id, role: "admin" });
        if (error) throw new Error(error.message);
      }
      const client = makeClient(backend, backend.anonKey);
      const signed = await client.auth.signInWithPassword({ email, password });
      if (signed.error) throw signed.error;
      return { id, client, accessToken: signed.data.session.access_token };
    },
    async restart(whileStopped) {
      await backend.close();
      await whileStopped?.();
      backend = await start();
    },
    async close() {
      await backend.close();
      await cluster?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
