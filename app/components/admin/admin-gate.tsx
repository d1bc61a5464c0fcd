import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { TooltipProvider } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { staffRole, type StaffRole } from "~/lib/admin-role";
import { needsSecondFactor } from "~/lib/auth-submit";
import { SESSION_ENDED_SIGN_IN_PATH } from "~/lib/session-ended";
import { useAuthSession } from "~/lib/use-auth-session";
import { AdminScreen } from "./admin-screen";
import { clearUnsavedWork, hasUnsavedWork, tabStorage } from "./unsaved-work";
import type { BrowserBackendConfig } from "~/lib/supabase.client";

export const ADMIN_SIGN_IN_PATH = "/auth?next=/admin";

type Access = { status: "checking" } | { status: "allowed"; session: Session; role: StaffRole; mustEnrol: boolean };

/**
 * After the role: an admin with two-factor sign-in on must have passed it in this session (else
 * back to /auth, which asks for the code); under ADMIN_REQUIRE_MFA an admin without a factor
 * sees only the enrolment. The database enforces both; this only decides what to show.
 */
async function secondFactorState(client: SupabaseClient): Promise<"step-up" | "must-enrol" | "ok"> {
  if (await needsSecondFactor(client)) return "step-up";
  const [required, factors] = await Promise.all([client.rpc("admin_requires_mfa"), client.auth.mfa.listFactors()]);
  // A passkey counts like an authenticator app: either makes the session aal2.
  const enrolled = factors.data?.all.some((factor) => factor.status === "verified") ?? false;
  return required.data === true && !enrolled ? "must-enrol" : "ok";
}

/**
 * docs/product.md §2: nothing is rendered until the session check has finished and user_roles gives
 * the user a staff role (docs/security.md "Roles"); anyone else goes to the sign-in screen (which
 * brings them back here).
 */
export function AdminGate({
  client,
  copy,
  backend,
}: {
  client: SupabaseClient | null;
  copy: typeof AdminCopy;
  /** Passed on to the admin screen for image uploads. */
  backend: BrowserBackendConfig;
}) {
  const navigate = useNavigate();
  const session = useAuthSession(client);
  const [access, setAccess] = useState<Access>({ status: "checking" });
  // "Sair" signs out on purpose and goes to /; the guard must not send the user to /auth.
  const signingOut = useRef(false);
  // Set once the admin has been shown: a session gone after that ended mid-work, and /auth says so.
  const wasAllowed = useRef(false);
  // TanStack Query's defaults are docs/product.md's cache and retry rules (5 min, 3 retries with
  // exponential backoff from 1 s to 30 s): deliberately not configured.
  const [queryClient] = useState(() => new QueryClient());
  // Bumped when the account's factors change, so the check below runs again.
  const [securityVersion, setSecurityVersion] = useState(0);

  const userId = session.status === "ready" ? (session.session?.user.id ?? null) : undefined;

  useEffect(() => {
    if (!client || session.status === "checking" || signingOut.current) return;
    const current = session.session;
    if (!current) {
      // Signed out elsewhere (another tab, every device, a new password): back here after signing
      // in, where the unsaved work this tab kept is offered again.
      navigate(wasAllowed.current ? SESSION_ENDED_SIGN_IN_PATH : ADMIN_SIGN_IN_PATH, { replace: true });
      return;
    }
    let cancelled = false;
    staffRole(client, current.user.id).then(
      async (role) => {
        if (cancelled) return;
        if (!role) return navigate(ADMIN_SIGN_IN_PATH, { replace: true });
        const state = await secondFactorState(client);
        if (cancelled) return;
        if (state === "step-up") navigate(ADMIN_SIGN_IN_PATH, { replace: true });
        else {
          wasAllowed.current = true;
          setAccess({ status: "allowed", session: current, role, mustEnrol: state === "must-enrol" });
        }
      },
      () => {
        if (!cancelled) navigate(ADMIN_SIGN_IN_PATH, { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
    // Re-check only when the signed-in user changes, not on every token refresh.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [client, userId, navigate, securityVersion]);

  // A refreshed token replaces the session object; keep the newest one for API calls.
  const liveSession =
    access.status === "allowed" && session.status === "ready" && session.session ? session.session : null;

  const signOut = async () => {
    if (!client) return;
    // Signing out on purpose drops what this tab kept unsaved: asked first, and forgotten after.
    const storage = tabStorage();
    const owner = liveSession?.user.id;
    if (owner && hasUnsavedWork(storage, owner)) {
      if (!window.confirm(copy.unsavedSignOut)) return;
      clearUnsavedWork(storage, owner);
    }
    signingOut.current = true;
    try {
      await client.auth.signOut();
    } finally {
      queryClient.clear();
      navigate("/", { replace: true });
    }
  };

  if (!client || access.status !== "allowed" || !liveSession) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AdminScreen
          // Another account signing in (in another tab) gets a fresh screen, never this one's edits.
          key={liveSession.user.id}
          client={client}
          session={liveSession}
          role={access.role}
          copy={copy}
          onSignOut={signOut}
          backend={backend}
          mustEnrol={access.mustEnrol}
          onSecurityChanged={() => setSecurityVersion((version) => version + 1)}
          onSignedOutEverywhere={() => {
            signingOut.current = true;
            queryClient.clear();
            navigate("/auth", { replace: true });
          }}
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
