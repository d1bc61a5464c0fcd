import { createClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import { backendContext } from "./backend-context";
import type { AppSupabaseClient, Database } from "./database.types";
import { serverSupabase } from "./supabase.server";

/** Who sent an admin-only request: an admin (with a client acting as them), or why not. */
export type AdminCaller =
  { kind: "admin"; client: AppSupabaseClient } | { kind: "unauthorized" | "forbidden" | "unavailable" };

/**
 * Whether the bearer token belongs to an admin, asked of the database itself: the auth server
 * vouches for the token, then has_role runs with the caller's own token, so the answer is the
 * same one row-level security gives (supabase/migrations/20260101000100_user_roles.sql). The
 * client it returns acts as the caller, so what it reads is still decided by row-level security.
 */
export async function adminCaller(request: Request, context: Readonly<RouterContextProvider>): Promise<AdminCaller> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (!token) return { kind: "unauthorized" };

  const { data: user, error } = await serverSupabase(context).auth.getUser(token);
  if (error) return { kind: typeof error.status === "number" && error.status < 500 ? "unauthorized" : "unavailable" };
  if (!user.user) return { kind: "unauthorized" };

  const backend = context.get(backendContext);
  const client = createClient<Database>(backend.url, backend.anonKey, {
    global: { fetch: backend.fetch, headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const role = await client.rpc("has_role", { _user_id: user.user.id, _role: "admin" });
  if (role.error) return { kind: role.status === 401 ? "unauthorized" : "unavailable" };
  if (role.data !== true) return { kind: "forbidden" };
  // An admin with two-factor sign-in on (or under ADMIN_REQUIRE_MFA) must have passed it: the
  // same check row-level security makes (supabase/migrations/20260101001200_admin_security.sql).
  const mfa = await client.rpc("mfa_satisfied");
  if (mfa.error) return { kind: "unavailable" };
  if (mfa.data !== true) return { kind: "forbidden" };
  return { kind: "admin", client };
}

/** The HTTP status for a caller who is not an admin. */
export const refusalStatus = { unauthorized: 401, forbidden: 403, unavailable: 503 } as const;
