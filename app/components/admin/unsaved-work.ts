import { useEffect } from "react";

// Work typed in the admin and not saved yet (Configurações, a lead's note), kept in this tab's
// sessionStorage under the signed-in user's id: a session that ends mid-edit sends the person to
// /auth, and after signing in again in the same tab the forms offer it back. sessionStorage, not
// localStorage: lead notes are personal data, and a closed tab (which asks first) takes them along.

const PREFIX = "omnia:admin-unsaved:";

/** The storage the work lives in: `window.sessionStorage` in the browser. */
export type WorkStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** This tab's storage, or none (on the server, or a browser that refuses it). */
export function tabStorage(): WorkStorage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

function keyOf(userId: string, name: string): string {
  return `${PREFIX}${userId}:${name}`;
}

/** The stored copy named `name` of this user, when it has the expected shape (else none). */
export function readUnsaved<T>(
  storage: WorkStorage | null,
  userId: string,
  name: string,
  isValid: (value: unknown) => value is T,
): T | null {
  try {
    const raw = storage?.getItem(keyOf(userId, name));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps `value`, or forgets the copy when it is null (the form holds nothing unsaved). */
export function writeUnsaved(storage: WorkStorage | null, userId: string, name: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(keyOf(userId, name));
    else storage?.setItem(keyOf(userId, name), JSON.stringify(value));
  } catch {
    // A full or refused storage only loses the copy: the form still holds the text.
  }
}

function keysOf(storage: WorkStorage, userId: string): string[] {
  const prefix = keyOf(userId, "");
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** Whether this user has unsaved work in this tab (checked before "Sair"). */
export function hasUnsavedWork(storage: WorkStorage | null, userId: string): boolean {
  try {
    return storage ? keysOf(storage, userId).length > 0 : false;
  } catch {
    return false;
  }
}

/** Forgets every copy of this user: they chose to sign out without saving. */
export function clearUnsavedWork(storage: WorkStorage | null, userId: string): void {
  try {
    if (storage) for (const key of keysOf(storage, userId)) storage.removeItem(key);
  } catch {
    // As in writeUnsaved.
  }
}

/** While there are unsaved changes, leaving the page (reload, another address, closing the tab) asks first. */
export function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);
}
