import { createClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import { backendContext } from "./backend-context";
import type { AppSupabaseClient, Database } from "./database.types";

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/**
 * A supabase-js client for one server request, with the anon key: row-level security
 * decides what it may read (published posts). It keeps no session.
 */
export function serverSupabase(context: Readonly<RouterContextProvider>): AppSupabaseClient {
  const backend = context.get(backendContext);
  return createClient<Database>(backend.url, backend.anonKey, { global: { fetch: backend.fetch }, auth: noSession });
}

/**
 * A supabase-js client with the service-role key, which bypasses row-level security. Only for
 * writes the server has already gated itself (the lead forms' rate limit, honeypot and
 * validation: ADR 037); never for data a visitor asked for, and the key never leaves the server.
 */
export function serviceSupabase(context: Readonly<RouterContextProvider>): AppSupabaseClient {
  const backend = context.get(backendContext);
  return createClient<Database>(backend.url, backend.serviceRoleKey, {
    global: { fetch: backend.fetch },
    auth: noSession,
  });
}
