import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useState } from "react";

export type AuthSessionState = { status: "checking" } | { status: "ready"; session: Session | null };

/**
 * The current session, kept up to date from onAuthStateChange. Subscribing always yields
 * INITIAL_SESSION once the client has read (and if needed refreshed) the stored session, so
 * "checking" ends exactly when the session check of docs/product.md §2 finishes.
 *
 * The callback only sets state: supabase-js runs it while holding its auth lock, and
 * awaiting another supabase call inside it would deadlock (docs/decisions/042-…).
 */
export function useAuthSession(client: SupabaseClient | null): AuthSessionState {
  const [state, setState] = useState<AuthSessionState>({ status: "checking" });
  useEffect(() => {
    if (!client) return;
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      setState({ status: "ready", session });
    });
    return () => data.subscription.unsubscribe();
  }, [client]);
  return state;
}
