// What the production server (main.ts) and the development server (dev.ts) share: reading
// the configuration, starting the embedded backend (unless a hosted Supabase project is
// configured), listening, and shutting down cleanly.
import type { Server } from "node:http";
import { resolve } from "node:path";
import type { BackendAccess } from "./app.ts";
import { startBackend, type Backend } from "./backend/index.ts";
import { ConfigError, readConfig, type ServerConfig } from "./config.ts";

export function loadConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

export interface BackendSetup {
  access: BackendAccess;
  /** The in-process backend, when this server embeds it. */
  backend?: Backend;
  /** One line for the start-up message. */
  description: string;
}

export async function setUpBackend(config: ServerConfig): Promise<BackendSetup> {
  if (config.supabaseUrl) {
    // readConfig already refuses this; a hand-built config must not fall through to the embedded backend.
    if (!config.supabaseAnonKey || !config.supabaseServiceRoleKey) {
      throw new ConfigError("SUPABASE_URL needs SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY.");
    }
    return {
      access: {
        url: config.supabaseUrl,
        anonKey: config.supabaseAnonKey,
        serviceRoleKey: config.supabaseServiceRoleKey,
        fetch: globalThis.fetch,
        publicUrl: config.supabaseUrl,
      },
      description: `hosted Supabase at ${config.supabaseUrl}`,
    };
  }
  const backend = await startBackend({
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir),
    databaseUrl: config.databaseUrl,
    siteUrl: config.siteUrl,
    accountThrottle: {
      maxFailures: config.authAccountMaxFailures,
      windowMs: config.authAccountLockoutMinutes * 60_000,
      lockoutMs: config.authAccountLockoutMinutes * 60_000,
    },
    restMaxRows: config.restMaxRows,
    log: (line) => console.log(line),
  });
  return {
    backend,
    access: {
      // Loaders call the backend in-process; the URL only has to be well-formed.
      url: config.siteUrl,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      fetch: (input, init) => backend.fetch(new Request(input, init)),
      publicUrl: null,
    },
    description: config.databaseUrl
      ? "embedded backend on PostgreSQL (DATABASE_URL)"
      : `embedded backend on PGlite in ${config.dataDir}`,
  };
}

/**
 * The address people should open is SITE_URL (the canonical origin, e.g. behind a proxy); the
 * socket the process listens on is said too when it differs, for whoever runs the proxy.
 */
export function startupLine(label: string, config: ServerConfig, description: string): string {
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const listening = `http://${host}:${config.port}`;
  const local = `http://localhost:${config.port}`;
  const sameAsSite = config.siteUrl === listening || (config.siteUrl === local && config.host === "127.0.0.1");
  return sameAsSite
    ? `${label} at ${config.siteUrl} (${description})`
    : `${label} at ${config.siteUrl} (listening on ${listening}; ${description})`;
}

/** Announces the server once it listens, explains a busy port, and stops cleanly on signals. */
export function manageServer(server: Server, config: ServerConfig, setup: BackendSetup, label: string): void {
  server.once("listening", () => {
    console.log(startupLine(label, config, setup.description));
    // Operator commands find a running server (and do not open its database) through this.
    setup.backend?.announceUrl(`http://${config.host}:${config.port}`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") console.error(`Port ${config.port} is already in use. Set PORT to another port.`);
    else console.error(`Server error: ${error.message}`);
    process.exit(1);
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void (setup.backend?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
