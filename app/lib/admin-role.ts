import type { SupabaseClient } from "@supabase/supabase-js";

/**
 * Whether a user holds the admin role (docs/product.md §6, §7): a user_roles row (user_id, 'admin').
 * Row-level security lets a user read only their own role rows, and it is RLS, not this
 * check, that protects the data; the answer only decides what the UI shows.
 */
export async function isAdmin(client: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await client
    .from("user_roles")
    .select("role")
    .eq("user_id", userId)
    .eq("role", "admin")
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data !== null;
}
