import type { RouterContextProvider } from "react-router";
import { backendContext } from "./backend-context";
import type { BrowserBackendConfig } from "./supabase.client";

/**
 * The public half of the backend configuration, for the screens that talk to it from the
 * browser (/auth, /admin). Sent at runtime so one build serves every deployment mode.
 */
export function browserBackendConfig(context: Readonly<RouterContextProvider>): BrowserBackendConfig {
  const backend = context.get(backendContext);
  return { publicUrl: backend.publicUrl, anonKey: backend.anonKey };
}
