// The production server: `npm start` runs this file with Node 24 (type stripping, no build
// step for server code). It serves the React Router build and, unless a hosted Supabase
// project is configured, the embedded Supabase-compatible backend in the same process.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServerApp, type BackendAccess } from "./app.ts";
import { ConfigError, readConfig, type ServerConfig } from "./config.ts";
import { startBackend, type Backend } from "./backend/index.ts";

const BUILD_DIR = resolve(process.env.BUILD_DIR ?? "build");

function loadConfigOrExit(): ServerConfig {
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

async function loadBuild(): Promise<ServerBuild> {
  const serverEntry = resolve(BUILD_DIR, "server/index.js");
  if (!existsSync(serverEntry)) {
    console.error("No production build found in ./build. Run `npm run build` (or `npm start`, which builds first).");
    process.exit(1);
  }
  // A variable specifier keeps tsc from type-checking the generated build.
  return (await import(serverEntry)) as ServerBuild;
}

async function main() {
  const config = loadConfigOrExit();
  const build = await loadBuild();

  let backend: Backend | undefined;
  let backendAccess: BackendAccess;
  if (config.supabaseUrl && config.supabaseAnonKey) {
    backendAccess = {
      url: config.supabaseUrl,
      anonKey: config.supabaseAnonKey,
      fetch: globalThis.fetch,
      publicUrl: config.supabaseUrl,
    };
  } else {
    backend = await startBackend({
      dataDir: config.databaseUrl ? undefined : resolve(config.dataDir),
      databaseUrl: config.databaseUrl,
      siteUrl: config.siteUrl,
      log: (line) => console.log(line),
    });
    const embedded = backend;
    backendAccess = {
      // Loaders call the backend in-process; the URL only has to be well-formed.
      url: config.siteUrl,
      anonKey: embedded.anonKey,
      fetch: (input, init) => embedded.fetch(new Request(input, init)),
      publicUrl: null,
    };
  }

  const app = createServerApp({
    build,
    config,
    clientDir: resolve(BUILD_DIR, "client"),
    backendAccess,
    backendApp: backend?.app,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const shownHost = config.host === "127.0.0.1" ? "localhost" : config.host;
    const mode = config.supabaseUrl
      ? `hosted Supabase at ${config.supabaseUrl}`
      : config.databaseUrl
        ? "embedded backend on PostgreSQL (DATABASE_URL)"
        : `embedded backend on PGlite in ${config.dataDir}`;
    console.log(`Omnia site at http://${shownHost}:${info.port} (${mode})`);
    backend?.announceUrl?.(`http://${config.host}:${info.port}`);
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
    void (backend?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
