import { createClient } from "@supabase/supabase-js";
import type { AppSupabaseClient, Database } from "./database.types";

// The browser's one supabase-js client (docs/decisions/042-supabase-client-lifecycle.md).
// Only /auth and /admin import this module, so supabase-js stays out of every public page's
// JavaScript. One instance per tab: two clients would run two auto-refresh tickers against
// the same localStorage session and race each other's refresh-token rotation.

/** What the browser needs to reach the backend, sent at runtime by the route loaders. */
export interface BrowserBackendConfig {
  /** Null: the backend is mounted on this site's own origin. */
  publicUrl: string | null;
  anonKey: string;
}

let client: AppSupabaseClient | null = null;

/**
 * The shared client, created on first use. Session persistence in localStorage and token
 * auto-refresh are the library's defaults; they are docs/product.md's session behaviour (§4).
 */
export function browserSupabase(config: BrowserBackendConfig): AppSupabaseClient {
  client ??= createClient<Database>(config.publicUrl ?? window.location.origin, config.anonKey, {
    // PKCE: a company sign-in comes back with a code this tab exchanges with its own verifier.
    auth: { persistSession: true, autoRefreshToken: true, flowType: "pkce" },
  });
  return client;
}
