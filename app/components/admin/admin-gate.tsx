import type { SupabaseClient } from "@supabase/supabase-js";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { TooltipProvider } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { adminKeys } from "~/lib/admin/keys";
import { staffRole, type StaffRole } from "~/lib/admin-role";
import { needsSecondFactor } from "~/lib/auth-submit";
import { dataErrorOf } from "~/lib/data-result";
import { SESSION_ENDED_SIGN_IN_PATH, signInPath } from "~/lib/session-ended";
import { useAuthSession } from "~/lib/use-auth-session";
import { AdminScreen } from "./admin-screen";
import { clearUnsavedWork, hasUnsavedWork, tabStorage } from "./unsaved-work";
import type { BrowserBackendConfig } from "~/lib/supabase.client";

export const ADMIN_SIGN_IN_PATH = "/auth?next=/admin";

type SecondFactorState = "step-up" | "must-enrol" | "ok";

/**
 * The admin's query client. TanStack Query's defaults are docs/product.md's cache and retry rules
 * (5 min, 3 retries with exponential backoff from 1 s to 30 s): deliberately not configured. A
 * read or write the database refuses (403) may mean the role changed elsewhere: the gate reads it
 * again, so the tabs and buttons follow at once instead of at the next focus.
 */
function adminQueryClient(): QueryClient {
  const refused = (error: unknown) => {
    if (dataErrorOf(error).kind === "forbidden") void queryClient.invalidateQueries({ queryKey: adminKeys.access });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // The access read itself failing is the gate's business (a failed re-check keeps the last).
      onError: (error, query) => {
        if (!adminKeys.access.every((part, index) => query.queryKey[index] === part)) refused(error);
      },
    }),
    mutationCache: new MutationCache({ onError: refused }),
  });
  return queryClient;
}

/** What the gate reads of the signed-in user: their staff role (null: none) and second factor. */
interface Access {
  role: StaffRole | null;
  secondFactor: SecondFactorState;
}

/**
 * After the role: an admin with two-factor sign-in on must have passed it in this session (else
 * back to /auth, which asks for the code); under ADMIN_REQUIRE_MFA an admin without a factor
 * sees only the enrolment. The database enforces both; this only decides what to show.
 */
async function secondFactorState(client: SupabaseClient): Promise<SecondFactorState> {
  if (await needsSecondFactor(client)) return "step-up";
  const [required, factors] = await Promise.all([client.rpc("admin_requires_mfa"), client.auth.mfa.listFactors()]);
  // A passkey counts like an authenticator app: either makes the session aal2.
  const enrolled = factors.data?.all.some((factor) => factor.status === "verified") ?? false;
  return required.data === true && !enrolled ? "must-enrol" : "ok";
}

async function readAccess(client: SupabaseClient, userId: string): Promise<Access> {
  const role = await staffRole(client, userId);
  return { role, secondFactor: role ? await secondFactorState(client) : "ok" };
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
  // "Sair" signs out on purpose and goes to /; the guard must not send the user to /auth.
  const signingOut = useRef(false);
  // Set once the admin has been shown: a session gone after that ended mid-work, and /auth says so.
  const wasAllowed = useRef(false);
  const [queryClient] = useState(adminQueryClient);

  const current = session.status === "ready" ? session.session : undefined;
  const userId = current?.user.id;

  // The role and second factor, read for each signed-in user (not on every token refresh), and
  // again when the tab is shown again (refetchOnWindowFocus), when Equipe changes one's own role
  // and when the account's factors change: a role changed elsewhere reaches this screen without
  // signing in again, and the views follow it.
  const access = useQuery(
    {
      queryKey: [...adminKeys.access, userId],
      queryFn: () => readAccess(client!, userId!),
      enabled: client !== null && userId !== undefined,
      // A failed first check sends to /auth at once, as it always has; a failed re-check keeps
      // what was read before.
      retry: false,
    },
    queryClient,
  );

  useEffect(() => {
    if (!client || session.status === "checking" || signingOut.current) return;
    if (!current) {
      // Signed out elsewhere (another tab, every device, a new password): back here after signing
      // in, where the unsaved work this tab kept is offered again.
      navigate(wasAllowed.current ? SESSION_ENDED_SIGN_IN_PATH : ADMIN_SIGN_IN_PATH, { replace: true });
      return;
    }
    const read = access.data;
    // Signed in without a staff role (never had one, or just lost it): /auth says so.
    if (read && !read.role) navigate(signInPath("no-access"), { replace: true });
    else if (read ? read.secondFactor === "step-up" : access.isError) navigate(ADMIN_SIGN_IN_PATH, { replace: true });
    else if (read) wasAllowed.current = true;
  }, [client, session.status, current, access.data, access.isError, navigate]);

  const allowed = access.data?.role && access.data.secondFactor !== "step-up" ? access.data : null;
  const role = allowed?.role ?? null;
  // A refreshed token replaces the session object; keep the newest one for API calls.
  const liveSession = role && current ? current : null;

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

  if (!client || !allowed || !role || !liveSession) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AdminScreen
          // Another account signing in (in another tab) gets a fresh screen, never this one's edits.
          key={liveSession.user.id}
          client={client}
          session={liveSession}
          role={role}
          copy={copy}
          onSignOut={signOut}
          backend={backend}
          mustEnrol={allowed.secondFactor === "must-enrol"}
          onSecurityChanged={() => void queryClient.invalidateQueries({ queryKey: adminKeys.access })}
          onSignedOutEverywhere={() => {
            signingOut.current = true;
            queryClient.clear();
            navigate(signInPath("signed-out-everywhere"), { replace: true });
          }}
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
