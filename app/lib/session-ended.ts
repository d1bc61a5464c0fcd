// Why the admin sent someone to /auth, said above the sign-in fields: the session was lost
// mid-work (signed out in another tab, or a password change elsewhere), they signed out of every
// device themselves, or the account has no staff role. `next` brings them back to /admin, where
// unsaved work waits (app/components/admin/unsaved-work.ts). A plain module: the admin and /auth
// share no other code.

/** The `motivo` query parameter of /auth, for each reason the admin sends someone there. */
const REASONS = {
  "session-ended": "sessao-encerrada",
  "signed-out-everywhere": "saiu-de-todos",
  "no-access": "sem-acesso",
} as const;

export type SignInReason = keyof typeof REASONS;

/** The reasons said above the sign-in fields; "no-access" is a toast on the way to / instead. */
export type SignedOutReason = Exclude<SignInReason, "no-access">;

/** Where the admin sends someone, and why. */
export function signInPath(reason: SignInReason): string {
  return `/auth?next=/admin&motivo=${REASONS[reason]}`;
}

/** Where the admin sends someone whose session ended while they were in it. */
export const SESSION_ENDED_SIGN_IN_PATH = signInPath("session-ended");

/** Why /auth was opened by the admin, if it was. */
export function signInReason(search: URLSearchParams): SignInReason | null {
  const motivo = search.get("motivo");
  const found = (Object.keys(REASONS) as SignInReason[]).find((reason) => REASONS[reason] === motivo);
  return found ?? null;
}
