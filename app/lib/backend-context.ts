import { createContext } from "react-router";

/**
 * How server loaders and actions reach the Supabase-compatible backend. The Node server
 * (server/main.ts) fills it for every request through the build's entry module, so the app
 * never imports server code: in embedded mode `fetch` calls the in-process backend directly
 * (no network hop); with hosted Supabase it is the global fetch. The app owns this contract:
 * server/app.ts and server/boot.ts import the type from here (type-only imports, erased at run
 * time).
 */
export interface BackendAccess {
  /** Base URL the server-side supabase-js client is created with. */
  url: string;
  anonKey: string;
  /**
   * For the server's own gated writes (serviceSupabase). Never sent to the browser:
   * backend-config.server.ts passes on publicUrl and anonKey only.
   */
  serviceRoleKey: string;
  fetch: typeof fetch;
  /**
   * Base URL browsers use (on /auth and /admin). Null means "this site's own origin":
   * the embedded backend is mounted on the site, so the browser needs no CORS.
   */
  publicUrl: string | null;
}

export const backendContext = createContext<BackendAccess>();
