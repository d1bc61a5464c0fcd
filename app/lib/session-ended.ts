// The admin lost its session mid-work (signed out in another tab, "Sair de todos os dispositivos"
// or a password change elsewhere): it sends the person to /auth with this reason, the sign-in
// screen says why, and `next` brings them back to /admin, where their unsaved work waits
// (app/components/admin/unsaved-work.ts). A plain module: the admin and /auth share no other code.

/** The `motivo` query parameter of /auth after a lost session. */
export const SESSION_ENDED_REASON = "sessao-encerrada";

/** Where the admin sends someone whose session ended while they were in it. */
export const SESSION_ENDED_SIGN_IN_PATH = `/auth?next=/admin&motivo=${SESSION_ENDED_REASON}`;

/** Whether /auth was opened by the admin after a lost session. */
export function isSessionEnded(search: URLSearchParams): boolean {
  return search.get("motivo") === SESSION_ENDED_REASON;
}
