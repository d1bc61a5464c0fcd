import type { AppSupabaseClient } from "./database.types";
import { expectData } from "./data-result";

/**
 * The staff roles (docs/security.md "Roles"), strongest first: what each may do is decided by
 * row-level security (supabase/migrations/20260101001910_staff_roles.sql); the role here only
 * decides what the admin screen shows.
 */
export const STAFF_ROLES = ["admin", "editor", "autor", "vendas"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value);

/**
 * The user's staff role (docs/product.md §6, §7), the strongest when an account holds several, or
 * null for an account without one. Row-level security lets a user read only their own role rows.
 * A failed read throws a DataFailure (app/lib/data-result.ts).
 */
export async function staffRole(client: AppSupabaseClient, userId: string): Promise<StaffRole | null> {
  const rows = expectData(await client.from("user_roles").select("role").eq("user_id", userId));
  return STAFF_ROLES.find((role) => rows.some((row) => row.role === role)) ?? null;
}

/** Whether the user may open /admin at all: any staff role. */
export async function isStaff(client: AppSupabaseClient, userId: string): Promise<boolean> {
  return (await staffRole(client, userId)) !== null;
}

/** Whether a writer may publish: editors and admins (public.can_publish_posts). */
export const canPublish = (role: StaffRole): boolean => role === "admin" || role === "editor";
