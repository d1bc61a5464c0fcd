import { createClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import { backendContext, type BackendAccess } from "./backend-context";
import type { AppSupabaseClient, Database } from "./database.types";

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

// One client per backend and key, shared by every request: it keeps no session, so each request
// sends the key alone, and building one per request (with its auth, storage and realtime
// clients) was a visible part of rendering an uncached page.
const anonClients = new WeakMap<BackendAccess, AppSupabaseClient>();
const serviceClients = new WeakMap<BackendAccess, AppSupabaseClient>();

function clientFor(clients: WeakMap<BackendAccess, AppSupabaseClient>, backend: BackendAccess, key: string) {
  let client = clients.get(backend);
  if (!client) {
    client = createClient<Database>(backend.url, key, { global: { fetch: backend.fetch }, auth: noSession });
    clients.set(backend, client);
  }
  return client;
}

/**
 * A supabase-js client for server requests, with the anon key: row-level security decides what
 * it may read (published posts). It keeps no session.
 */
export function serverSupabase(context: Readonly<RouterContextProvider>): AppSupabaseClient {
  const backend = context.get(backendContext);
  return clientFor(anonClients, backend, backend.anonKey);
}

/**
 * A supabase-js client with the service-role key, which bypasses row-level security. Only for
 * writes the server has already gated itself (the lead forms' rate limit, honeypot and
 * validation: ADR 037); never for data a visitor asked for, and the key never leaves the server.
 */
export function serviceSupabase(context: Readonly<RouterContextProvider>): AppSupabaseClient {
  const backend = context.get(backendContext);
  return clientFor(serviceClients, backend, backend.serviceRoleKey);
}
