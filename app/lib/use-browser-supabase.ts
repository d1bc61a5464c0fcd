import { useSyncExternalStore } from "react";
import type { AppSupabaseClient } from "./database.types";
import { browserSupabase, type BrowserBackendConfig } from "./supabase.client";

const noSubscription = () => () => undefined;

/**
 * The browser's supabase-js client, or null while rendering on the server and hydrating:
 * the server snapshot keeps the first client render identical to the HTML, then React
 * switches to the real client without an extra effect.
 */
export function useBrowserSupabase({ publicUrl, anonKey }: BrowserBackendConfig): AppSupabaseClient | null {
  return useSyncExternalStore(
    noSubscription,
    () => browserSupabase({ publicUrl, anonKey }),
    () => null,
  );
}
