// Where the operator commands send their requests. Every command speaks the same two HTTP APIs
// (GoTrue's admin API and PostgREST, with the service-role key) through one `fetch`, which is:
//   (a) hosted Supabase, when SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY are set;
//   (b) the running server, when the data directory's lock names a live process with a URL
//       (PGlite must never be opened twice: the second handle loses the first one's writes);
//   (c) the embedded backend started in this process, as the server starts it, when nothing
//       runs (it takes the lock, so a server started meanwhile refuses the directory instead of
//       corrupting it).
// DATABASE_URL mode always uses (c): PostgreSQL is built for many clients. The settings are the
// server's own (server/config.ts).
import { resolve } from "node:path";
import type { ServerConfig } from "../config.ts";
import { readLock } from "../backend/db/lock.ts";
import { readStoredSigningKey } from "../backend/keys.ts";

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface Target {
  /** The base URL for requests and for `keys` (no trailing slash). */
  url: string;
  fetch: Fetch;
  serviceRoleKey: string | null;
  anonKey: string | null;
  /** One line for the operator: where the commands went. */
  description: string;
  /** Whether the service-role key belongs to the embedded backend (printed by `keys`). */
  embedded: boolean;
  close(): Promise<void>;
}

export class OperatorError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = "OperatorError";
    this.exitCode = exitCode;
  }
}

export async function resolveTarget(config: ServerConfig): Promise<Target> {
  if (config.supabaseUrl) {
    return {
      url: config.supabaseUrl,
      fetch: (input, init) => globalThis.fetch(input, init),
      serviceRoleKey: config.supabaseServiceRoleKey ?? null,
      anonKey: config.supabaseAnonKey ?? null,
      description: `Supabase project at ${config.supabaseUrl}`,
      embedded: false,
      close: async () => {},
    };
  }
  if (config.databaseUrl) return startInProcess(config, "the embedded backend on DATABASE_URL");
  const dataDir = resolve(config.dataDir);
  const lock = readLock(dataDir);
  if (!lock) return startInProcess(config, `the embedded database in ${dataDir} (server not running)`);
  if (!lock.url) {
    throw new OperatorError(
      `The server (pid ${lock.pid}) holds ${dataDir} but is not listening yet. Try again in a moment.`,
    );
  }
  const stored = await readStoredSigningKey(dataDir);
  if (!stored) {
    throw new OperatorError(`The server (pid ${lock.pid}) is running, but ${dataDir} has no signing key yet.`);
  }
  const base = lock.url.replace(/\/+$/, "");
  return {
    url: base,
    fetch: (input, init) => globalThis.fetch(input, init),
    serviceRoleKey: stored.service_role_key,
    anonKey: stored.anon_key,
    description: `the running server at ${base} (pid ${lock.pid})`,
    embedded: true,
    close: async () => {},
  };
}

async function startInProcess(config: ServerConfig, description: string): Promise<Target> {
  // Imported lazily: the hosted and running-server paths never load PGlite.
  const { startBackend } = await import("../backend/index.ts");
  const { createSiteMailer, embeddedBackendOptions } = await import("../boot.ts");
  let backend: Awaited<ReturnType<typeof startBackend>>;
  try {
    backend = await startBackend(
      embeddedBackendOptions(config, createSiteMailer(config), (line) => console.error(line)),
    );
  } catch (error) {
    // A server took the directory between our look at the lock and our own open.
    if ((error as Error).name === "DataDirLockedError") {
      throw new OperatorError(`${(error as Error).message}\nIf a server just started, run the command again.`);
    }
    throw error;
  }
  return {
    url: config.siteUrl,
    fetch: (input, init) => backend.fetch(new Request(input, init)),
    serviceRoleKey: backend.serviceRoleKey,
    anonKey: backend.anonKey,
    description,
    embedded: true,
    close: () => backend.close(),
  };
}
