import { expectData } from "../data-result";
import type { AppSupabaseClient, Tables } from "../database.types";

// "Atividade": the audit log (supabase/migrations/20260101001200_admin_security.sql), read through
// row-level security; nobody can change an entry.

export const ACTIVITY_PAGE_SIZE = 50;

export type AuditEntry = Tables<"audit_log">;

/** The newest entries first, optionally of one action; `pages` pages of them ("Carregar mais"). */
export async function listActivity(
  client: AppSupabaseClient,
  filters: { action?: string },
  pages: number,
): Promise<{ entries: AuditEntry[]; more: boolean }> {
  let query = client.from("audit_log").select("*");
  if (filters.action) query = query.eq("action", filters.action);
  const limit = ACTIVITY_PAGE_SIZE * pages;
  const rows = expectData(await query.order("id", { ascending: false }).limit(limit + 1));
  return { entries: rows.slice(0, limit), more: rows.length > limit };
}
