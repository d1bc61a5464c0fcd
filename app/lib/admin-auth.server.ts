import { isIP } from "node:net";
import { createClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import type { Capability } from "./admin-role";
import { backendContext } from "./backend-context";
import { declaresMoreThan } from "./bounded-body";
import type { AppSupabaseClient, Database, Json } from "./database.types";
import { requestContext } from "./request-context";
import { serverSupabase, serviceSupabase } from "./supabase.server";

/**
 * What a staff route asks of its caller: one of the capability functions of
 * supabase/migrations/20260101001910_staff_roles.sql (docs/security.md "Roles"), named as the
 * admin screen's map names them (./admin-role.ts).
 */
export type StaffCapability = Capability;

/** Who sent a staff request: a member with the capability (their id, a client acting as them), or why not. */
export type AdminCaller =
  { kind: "admin"; userId: string; client: AppSupabaseClient } | { kind: "unauthorized" | "forbidden" | "unavailable" };

/**
 * Whether the bearer token belongs to a member with `capability`, asked of the database itself:
 * the auth server vouches for the token, then the capability function runs with the caller's own
 * token, so the answer is the same one row-level security gives. The client it returns acts as
 * the caller, so what it reads is still decided by row-level security.
 */
export async function adminCaller(
  request: Request,
  context: Readonly<RouterContextProvider>,
  capability: StaffCapability = "is_admin",
): Promise<AdminCaller> {
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
  const role = await client.rpc(capability);
  if (role.error) return { kind: role.status === 401 ? "unauthorized" : "unavailable" };
  if (role.data !== true) return { kind: "forbidden" };
  // An admin with two-factor sign-in on (or under ADMIN_REQUIRE_MFA) must have passed it: the
  // same check row-level security makes (supabase/migrations/20260101001200_admin_security.sql).
  const mfa = await client.rpc("mfa_satisfied");
  if (mfa.error) return { kind: "unavailable" };
  if (mfa.data !== true) return { kind: "forbidden" };
  return { kind: "admin", userId: user.user.id, client };
}

/** What the site's own admin routes record in the audit log: the actions public.record_audit accepts. */
export type AdminRouteAction = "lead.exported" | "member.invited";

/**
 * Writes an action taken through one of the site's admin routes (the CSV export, an invitation)
 * to the audit log, under the admin the route checked and the client address this server saw.
 * The service role writes it: no client may call public.record_audit, so no admin can write a
 * row of their choosing (supabase/migrations/20260101001300_audit_by_server.sql). True once
 * the row is written.
 */
export async function recordAdminAction(
  context: Readonly<RouterContextProvider>,
  actor: string,
  action: AdminRouteAction,
  details: { [key: string]: Json | undefined },
): Promise<boolean> {
  const { clientIp } = context.get(requestContext);
  const { error } = await serviceSupabase(context).rpc("record_audit", {
    action,
    actor,
    ip: isIP(clientIp) ? clientIp : null,
    details,
  });
  return !error;
}

/** The HTTP status for a caller who is not an admin. */
export const refusalStatus = { unauthorized: 401, forbidden: 403, unavailable: 503 } as const;

export type AdminJsonRefusal =
  "payload_too_large" | "unsupported_media_type" | "unauthorized" | "forbidden" | "unavailable" | "invalid_json";

/**
 * The refusals every admin-only JSON endpoint (the Markdown preview, invitations) makes before
 * its own work, cheapest first: a declared body over `maxBytes` (413), not JSON (415), a caller
 * who is not an admin (401/403/503, asked of the database), a body that does not parse (400).
 */
export async function adminJsonRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  maxBytes: number,
  capability: StaffCapability = "is_admin",
): Promise<
  | { ok: true; userId: string; client: AppSupabaseClient; body: unknown }
  | { ok: false; error: AdminJsonRefusal; status: number }
> {
  if (declaresMoreThan(request, maxBytes)) return { ok: false, error: "payload_too_large", status: 413 };
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, error: "unsupported_media_type", status: 415 };
  const caller = await adminCaller(request, context, capability);
  if (caller.kind !== "admin") return { ok: false, error: caller.kind, status: refusalStatus[caller.kind] };
  try {
    // Its bytes are bounded where the request arrives (server/http/page-guards.ts).
    return { ok: true, userId: caller.userId, client: caller.client, body: JSON.parse(await request.text()) };
  } catch {
    return { ok: false, error: "invalid_json", status: 400 };
  }
}
