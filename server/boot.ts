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
  if (config.supabaseUrl && config.supabaseAnonKey) {
    return {
      access: {
        url: config.supabaseUrl,
        anonKey: config.supabaseAnonKey,
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
    log: (line) => console.log(line),
  });
  return {
    backend,
    access: {
      // Loaders call the backend in-process; the URL only has to be well-formed.
      url: config.siteUrl,
      anonKey: backend.anonKey,
      fetch: (input, init) => backend.fetch(new Request(input, init)),
      publicUrl: null,
    },
    description: config.databaseUrl
      ? "embedded backend on PostgreSQL (DATABASE_URL)"
      : `embedded backend on PGlite in ${config.dataDir}`,
  };
}

/** Announces the server once it listens, explains a busy port, and stops cleanly on signals. */
export function manageServer(server: Server, config: ServerConfig, setup: BackendSetup, label: string): void {
  server.once("listening", () => {
    const shownHost = config.host === "127.0.0.1" ? "localhost" : config.host;
    console.log(`${label} at http://${shownHost}:${config.port} (${setup.description})`);
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
