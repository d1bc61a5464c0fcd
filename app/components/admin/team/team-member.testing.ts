import type { TeamMember } from "~/lib/admin/team";

/** A row of team_members for tests, with its NULLs (which the generated types cannot say). */
export const teamMember = (fields: Partial<Record<keyof TeamMember, unknown>>) =>
  ({
    user_id: "u1",
    email: "bia@empresa.example",
    role: null,
    invited_role: null,
    invited_at: null,
    accepted: true,
    ...fields,
  }) as unknown as TeamMember;
