import type { StaffRole } from "../admin-role";
import { expectData } from "../data-result";
import type { AppSupabaseClient, Database } from "../database.types";

// "Equipe" (supabase/migrations/20260101001200_admin_security.sql): the team list is read through
// row-level security like everything else, so an admin who has not passed their second factor
// gets nothing.

export type TeamMember = Database["public"]["Functions"]["team_members"]["Returns"][number];

export async function listTeam(client: AppSupabaseClient): Promise<TeamMember[]> {
  return expectData(await client.rpc("team_members")) ?? [];
}

/**
 * What "Equipe" says of an account besides its role: an invitation accepted or still open only
 * when the account came from one (a self-made sign-up is no invitation, accepted or not), and an
 * address never confirmed (a sign-up whose e-mailed link was not opened).
 */
export function memberStatus(
  // NULL for a sign-up: the generated types cannot say that a function's column may be NULL.
  member: Pick<TeamMember, "accepted"> & { invited_at: string | null },
): "invite-accepted" | "invite-pending" | "unconfirmed" | null {
  if (member.invited_at) return member.accepted ? "invite-accepted" : "invite-pending";
  return member.accepted ? null : "unconfirmed";
}

/**
 * Gives the account its one staff role, or none (docs/security.md "Roles"), in one transaction
 * (public.set_member_role); the database refuses to remove the last admin (P0001).
 */
export async function setMemberRole(client: AppSupabaseClient, userId: string, role: StaffRole | null): Promise<void> {
  expectData(await client.rpc("set_member_role", { member: userId, new_role: role }));
}

/**
 * The role an open invitation gives when accepted (null: none), replacing the one it was sent
 * with (public.set_invited_role, as app/routes/admin/invite.ts does on sending it); the database
 * refuses it once the invitation is accepted (P0002).
 */
export async function setInvitedRole(client: AppSupabaseClient, userId: string, role: StaffRole | null): Promise<void> {
  expectData(await client.rpc("set_invited_role", { member: userId, new_role: role }));
}

export type InviteOutcome = "invited" | "already-registered" | "invalid-email" | "failed";

/**
 * The role the invitation form offers first: a writer's, the least a colleague of the blog
 * needs and one that reads no leads (docs/admin.md "Equipe").
 */
export const DEFAULT_INVITE_ROLE: StaffRole = "autor";

/**
 * "Enviar convite": the site's server sends it (app/routes/admin/invite.ts) after checking the
 * caller; `role` (null: none) becomes the colleague's when they accept.
 */
export async function inviteMember(accessToken: string, email: string, role: StaffRole | null): Promise<InviteOutcome> {
  const response = await fetch("/admin/convite", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ email, role }),
  });
  if (response.ok) return "invited";
  if (response.status === 409) return "already-registered";
  if (response.status === 400) return "invalid-email";
  return "failed";
}
