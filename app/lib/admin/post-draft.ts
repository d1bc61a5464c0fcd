import type { PostInput } from "../posts";

// The editor's work in progress, kept in the browser (issue #37, "nothing is lost"). Each editor
// session (one opening of the editor, in one tab) writes its own copy of the post ("new" for a post
// not saved yet) after a few seconds without typing. An opening offers back the copies of sessions
// that are gone (a closed or crashed tab); a session still open in another tab is left alone, so
// two tabs never overwrite, offer or delete each other's work. Which sessions are open is known
// from the browser's Web Locks (app/components/admin/posts/editor-sessions.ts, ADR 106).

/** How long the editor waits after the last change before storing the draft. */
export const DRAFT_IDLE_MS = 2000;

const KEY_PREFIX = "omnia:post-draft:";

/** Where a post's copies live: one slot per session, under the post's id or "new". */
function postSlots(postId: string | null): string {
  return `${KEY_PREFIX}${postId ?? "new"}:session:`;
}

/** The storage key of one session's copy of a post. */
export function draftKey(postId: string | null, session: string): string {
  return `${postSlots(postId)}${session}`;
}

/** A new session's name: unique enough among one browser's tabs, and made without a secure context. */
export function newSession(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface StoredDraft {
  /** When it was stored, ISO 8601. */
  savedAt: string;
  values: PostInput;
}

/** A copy on offer, and the session whose slot it is in. */
export interface OfferedDraft extends StoredDraft {
  session: string;
}

/** The storage the drafts live in: `window.localStorage` in the browser. */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** Whether two values of one field are the same (tags compared in order). */
function sameValue(left: PostInput[keyof PostInput], right: PostInput[keyof PostInput]): boolean {
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => item === right[index]);
  }
  return left === right;
}

/** Whether two forms hold the same post; the editor is dirty while its values differ from the opening ones. */
export function sameInput(a: PostInput, b: PostInput): boolean {
  const keys = Object.keys(a) as (keyof PostInput)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue(a[key], b[key]));
}

/**
 * The form after a save that the admin went on typing through: each field left alone since the
 * save began takes the saved post's value (`saved`, as the editor would open it: a date the
 * database filled in, trimmed text), each field changed meanwhile keeps the admin's value.
 */
export function valuesAfterSave(submitted: PostInput, saved: PostInput, live: PostInput): PostInput {
  const merged = { ...live };
  for (const key of Object.keys(live) as (keyof PostInput)[]) {
    if (sameValue(live[key], submitted[key])) Object.assign(merged, { [key]: saved[key] });
  }
  return merged;
}

/** A save's refusal of one field (a taken slug…) and the value it refused. */
export interface FieldRefusal<K extends keyof PostInput = keyof PostInput> {
  message: string;
  value: PostInput[K];
}

/**
 * The refusals still true of the form: each stands while its field holds the refused value, so
 * changing the field clears it and a later failed check cannot bring it back on another value.
 */
export function standingRefusals<F extends keyof PostInput>(
  refusals: Partial<Record<F, FieldRefusal>>,
  values: PostInput,
): Partial<Record<F, string>> {
  const standing: Partial<Record<F, string>> = {};
  for (const field of Object.keys(refusals) as F[]) {
    const refusal = refusals[field];
    if (refusal && sameValue(refusal.value, values[field])) standing[field] = refusal.message;
  }
  return standing;
}

/** Stores a session's copy; a full or refused storage (private mode, quota) only loses the copy. */
export function saveDraft(
  storage: DraftStorage,
  postId: string | null,
  session: string,
  values: PostInput,
  now = new Date(),
): void {
  const draft: StoredDraft = { savedAt: now.toISOString(), values };
  try {
    storage.setItem(draftKey(postId, session), JSON.stringify(draft));
  } catch {
    // Nothing to do: the editor still holds the text.
  }
}

export function clearDraft(storage: DraftStorage, postId: string | null, session: string): void {
  try {
    storage.removeItem(draftKey(postId, session));
  } catch {
    // As above.
  }
}

/** Reads and parses a slot; a missing, refused or malformed one reads as null. */
function readSlot(storage: DraftStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** The keys in storage that start with `prefix`. */
function keysUnder(storage: DraftStorage, prefix: string): string[] {
  const keys: string[] = [];
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // A refused storage holds nothing to offer.
  }
  return keys;
}

/** How many copies of gone sessions a post keeps; older ones beyond them are dropped. */
export const KEPT_DRAFTS = 3;

/**
 * Copies stored before sessions had slots of their own (one slot per post, and a list set aside
 * at an opening) move to slots of gone sessions, so an update offers them like any other.
 */
function moveUnslottedCopies(storage: DraftStorage, postId: string | null): void {
  const single = `${KEY_PREFIX}${postId ?? "new"}`;
  const list = readSlot(storage, `${single}:kept`);
  const copies = [readSlot(storage, single), ...(Array.isArray(list) ? list : [])].filter(Boolean);
  for (const copy of copies) {
    try {
      storage.setItem(draftKey(postId, newSession()), JSON.stringify(copy));
    } catch {
      return; // Left where they are: the next opening tries again.
    }
  }
  clearKey(storage, single);
  clearKey(storage, `${single}:kept`);
}

function clearKey(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

/**
 * At an opening: the copies to offer, newest first. They are those of sessions that are gone:
 * `open` names the sessions some tab still holds (this one's included), and their copies are
 * theirs alone. Only well-formed copies that differ from what the editor opens with are offered
 * (a copy equal to the saved post recovers nothing, and is dropped), at most KEPT_DRAFTS of them.
 */
export function offeredDrafts(
  storage: DraftStorage,
  postId: string | null,
  opening: PostInput,
  open: ReadonlySet<string>,
): OfferedDraft[] {
  moveUnslottedCopies(storage, postId);
  const prefix = postSlots(postId);
  const offered: OfferedDraft[] = [];
  for (const key of keysUnder(storage, prefix)) {
    const session = key.slice(prefix.length);
    if (open.has(session)) continue;
    const copy = readSlot(storage, key);
    if (!isStoredDraft(copy, opening)) continue; // an older editor's: ignored, not deleted
    if (sameInput(copy.values, opening)) clearKey(storage, key);
    else offered.push({ savedAt: copy.savedAt, values: copy.values, session });
  }
  offered.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  for (const dropped of offered.slice(KEPT_DRAFTS)) clearKey(storage, draftKey(postId, dropped.session));
  return offered.slice(0, KEPT_DRAFTS);
}

/** Keeps work a recovery replaces in a gone session's slot of its own: the next opening offers it. */
export function setAsideDraft(storage: DraftStorage, postId: string | null, values: PostInput, now = new Date()): void {
  saveDraft(storage, postId, newSession(), values, now);
}

/** Removes an offered copy: recovered, or dismissed with "Descartar rascunho". */
export function forgetDraft(storage: DraftStorage, postId: string | null, draft: OfferedDraft): void {
  clearDraft(storage, postId, draft.session);
}

/** The same fields with the same types as the form's: a copy from an older editor is ignored. */
function isStoredDraft(value: unknown, shape: PostInput): value is StoredDraft {
  if (typeof value !== "object" || value === null) return false;
  const { savedAt, values } = value as { savedAt?: unknown; values?: unknown };
  if (typeof savedAt !== "string" || typeof values !== "object" || values === null) return false;
  const fields = values as Record<string, unknown>;
  return (Object.keys(shape) as (keyof PostInput)[]).every((key) => {
    const expected = shape[key];
    const actual = fields[key];
    if (Array.isArray(expected)) return Array.isArray(actual) && actual.every((item) => typeof item === "string");
    return typeof actual === typeof expected;
  });
}
