import { adminJsonRequest, recordAdminAction, type AdminJsonRefusal } from "~/lib/admin-auth.server";
import { isStaffRole, type StaffRole } from "~/lib/admin-role";
import { serviceSupabase } from "~/lib/supabase.server";
import { isEmail } from "~/lib/validation";
import { absoluteUrl } from "~/content/site-config";
import { siteContext } from "~/lib/site-context";
import type { Route } from "./+types/invite";

/** An e-mail address, a role and a little JSON around them. */
const MAX_BODY_BYTES = 4096;

type InviteError = AdminJsonRefusal | "method_not_allowed" | "invalid_email" | "invalid_role" | "already_registered";

function answer(
  body: { invited: string; role: StaffRole | null } | { error: InviteError },
  status = 200,
  headers: HeadersInit = {},
): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** GET or HEAD: an invitation is only ever posted. */
export function loader() {
  return answer({ error: "method_not_allowed" }, 405, { Allow: "POST" });
}

/**
 * POST /admin/convite {email, role}: the "Equipe" screen's invitation. Creating an account needs the
 * service-role key, which never leaves this server; so the caller's own token is checked first
 * against the database (an admin who passed the second factor where required, app/lib/admin-auth.server.ts),
 * and the invitation is recorded in the audit log under their name and address. The auth service sends the
 * e-mail (server/backend/auth/email-links.ts; a hosted project sends its own template).
 * The role (one of the staff roles, or null or absent for none) is kept by the database with
 * the caller's own token (public.set_invited_role: admins only) and becomes the colleague's
 * when they accept; an invitation sent again replaces it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const received = await adminJsonRequest(request, context, MAX_BODY_BYTES);
  if (!received.ok) return answer({ error: received.error }, received.status);
  const { body, userId } = received;
  const fields = typeof body === "object" && body !== null ? (body as { email?: unknown; role?: unknown }) : {};
  const email = typeof fields.email === "string" ? fields.email.trim().toLowerCase() : "";
  // 254: the longest address SMTP carries (RFC 5321); the auth service refuses longer ones too.
  if (email.length > 254 || !isEmail(email)) return answer({ error: "invalid_email" }, 400);
  const role = fields.role ?? null;
  if (role !== null && !isStaffRole(role)) return answer({ error: "invalid_role" }, 400);

  const { data, error } = await serviceSupabase(context).auth.admin.inviteUserByEmail(email, {
    redirectTo: absoluteUrl("/auth/nova-senha", context.get(siteContext).origin),
  });
  if (error) {
    if (error.code === "email_exists" || error.status === 422) return answer({ error: "already_registered" }, 409);
    if (error.status === 400) return answer({ error: "invalid_email" }, 400);
    return answer({ error: "unavailable" }, 503);
  }
  const kept = await received.client.rpc("set_invited_role", { member: data.user.id, new_role: role });
  if (kept.error) return answer({ error: "unavailable" }, 503);
  await recordAdminAction(context, userId, "member.invited", { email, role });
  return answer({ invited: email, role });
}
