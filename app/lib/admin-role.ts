import type { AppSupabaseClient } from "./database.types";
import { expectData } from "./data-result";

/**
 * Whether a user holds the admin role (docs/product.md §6, §7): a user_roles row (user_id, 'admin').
 * Row-level security lets a user read only their own role rows, and it is RLS, not this
 * check, that protects the data; the answer only decides what the UI shows. A failed read
 * throws a DataFailure (app/lib/data-result.ts).
 */
export async function isAdmin(client: AppSupabaseClient, userId: string): Promise<boolean> {
  const row = expectData(
    await client.from("user_roles").select("role").eq("user_id", userId).eq("role", "admin").maybeSingle(),
  );
  return row !== null;
}
