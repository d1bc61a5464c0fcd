import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import { backendContext } from "./backend-context";

/**
 * A supabase-js client for one server request, with the anon key: row-level security
 * decides what it may read or write (published posts, inserting leads). It keeps no session.
 */
export function serverSupabase(context: Readonly<RouterContextProvider>): SupabaseClient {
  const backend = context.get(backendContext);
  return createClient(backend.url, backend.anonKey, {
    global: { fetch: backend.fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
