import type { ConfirmQuestion } from "~/components/ui/confirm-dialog";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { memberStatus, type TeamMember } from "~/lib/admin/team";
import { isStaffRole, type StaffRole } from "~/lib/admin-role";

type Copy = (typeof AdminCopy)["team"];

/**
 * What a member's "Função de …" picker shows, and where a change goes: the account's role
 * (user_roles, public.set_member_role) or, for an invitation not accepted yet whose account has
 * no role, the role the invitation gives on acceptance (invited_roles, public.set_invited_role).
 */
export interface RoleSlot {
  target: "member" | "invitation";
  /** Null: "Sem acesso". */
  role: StaffRole | null;
}

export function roleSlot(
  member: Pick<TeamMember, "role" | "invited_role" | "accepted"> & { invited_at: string | null },
): RoleSlot {
  // NULL for an account without a role or an invitation without one: the generated types cannot say so.
  const role: string | null = member.role;
  if (isStaffRole(role)) return { target: "member", role };
  if (memberStatus(member) === "invite-pending") {
    const invited: string | null = member.invited_role;
    return { target: "invitation", role: isStaffRole(invited) ? invited : null };
  }
  return { target: "member", role: null };
}

/** One change of the picker, once "Salvar função" is pressed. */
export interface RoleChange {
  target: RoleSlot["target"];
  userId: string;
  email: string;
  /** The signed-in admin's own account. */
  self: boolean;
  from: StaffRole | null;
  to: StaffRole | null;
}

export type RoleQuestion = ConfirmQuestion;

/**
 * The question asked before a change that gives or takes the most (docs/admin.md "Equipe"):
 * becoming an admin, losing all access, leaving admin. Null: applied without asking.
 */
export function roleQuestion(copy: Copy, { target, email, self, from, to }: RoleChange): RoleQuestion | null {
  const role = copy.roles[to ?? ""];
  if (target === "invitation") {
    if (to === "admin") return copy.confirm.inviteAdmin(email);
    if (to === null) return copy.confirm.inviteWithout(email);
    return from === "admin" ? copy.confirm.inviteLeaveAdmin(email, role) : null;
  }
  if (to === "admin") return copy.confirm.grantAdmin(email);
  if (to === null) return self ? copy.confirm.revokeSelf : copy.confirm.revoke(email);
  if (from === "admin") return self ? copy.confirm.leaveAdminSelf(role) : copy.confirm.leaveAdmin(email, role);
  return null;
}

/** The success toast: about the colleague, to you for your own role, or about the invitation. */
export function roleChangeDone(copy: Copy, { target, email, self, to }: RoleChange) {
  const { toasts } = copy;
  if (target === "invitation") {
    return to ? toasts.invitation(email, copy.roles[to]) : toasts.invitationWithout(email);
  }
  if (self) return to ? toasts.grantedSelf(copy.roles[to]) : toasts.revokedSelf;
  return to ? toasts.granted(email, copy.roles[to]) : toasts.revoked(email);
}
