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

/** The capability functions the policies ask, by their SQL names. */
export const CAPABILITIES = [
  "is_admin",
  "can_write_posts",
  "can_publish_posts",
  "can_read_leads",
  "can_read_analytics",
  "can_read_conversions",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * What each role is granted, as the SQL functions answer for it: the one place the admin screen
 * decides what to show (its views, and the buttons in them). A test asks the real functions for
 * every role and compares (app/lib/admin-role.test.ts).
 */
export const ROLE_CAPABILITIES: Readonly<Record<StaffRole, readonly Capability[]>> = {
  admin: CAPABILITIES,
  editor: ["can_write_posts", "can_publish_posts", "can_read_analytics", "can_read_conversions"],
  autor: ["can_write_posts"],
  vendas: ["can_read_leads", "can_read_conversions"],
};

/** Whether the role holds the capability (the SQL function of the same name would say true). */
export const can = (role: StaffRole, capability: Capability): boolean => ROLE_CAPABILITIES[role].includes(capability);

/**
 * Whether the signed-in member may change (edit, delete, tag, preview) this post, as
 * public.can_edit_post and the writers' trigger decide: any post with can_publish_posts, else
 * only their own drafts.
 */
export const canEditPost = (
  role: StaffRole,
  userId: string,
  post: { author_id: string | null; published: boolean },
): boolean =>
  can(role, "can_publish_posts") || (can(role, "can_write_posts") && post.author_id === userId && !post.published);

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

/** Whether a writer may publish, schedule and sign as others: public.can_publish_posts. */
export const canPublish = (role: StaffRole): boolean => can(role, "can_publish_posts");
