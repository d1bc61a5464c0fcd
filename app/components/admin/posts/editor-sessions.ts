// Which editor sessions are open, in this tab or another: each holds a Web Lock named after it for
// as long as it is mounted, and the browser releases it when the tab closes or crashes (ADR 106,
// https://developer.mozilla.org/docs/Web/API/Web_Locks_API). The stored copies of a session that
// holds no lock are offered back (app/lib/admin/post-draft.ts).

const LOCK_PREFIX = "omnia:post-editor:";

/** The browser's lock manager; absent outside a secure context (plain http on another host). */
function lockManager(): LockManager | null {
  return typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : null;
}

/** Holds the session's lock until the returned function is called. */
export function holdSession(session: string): () => void {
  const locks = lockManager();
  if (!locks) return () => {};
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks
    .request(`${LOCK_PREFIX}${session}`, () => held)
    .catch(() => {
      // Refused (a storage policy): the session's copies look like a gone tab's, as without locks.
    });
  return () => release?.();
}

/**
 * The sessions open in some tab of this site. Without Web Locks none can be told apart, so every
 * other session's copy is offered, as a gone tab's would be.
 */
export async function openSessions(): Promise<Set<string>> {
  const locks = lockManager();
  if (!locks) return new Set();
  try {
    const { held = [] } = await locks.query();
    return new Set(
      held.flatMap((lock) => (lock.name?.startsWith(LOCK_PREFIX) ? [lock.name.slice(LOCK_PREFIX.length)] : [])),
    );
  } catch {
    return new Set();
  }
}
