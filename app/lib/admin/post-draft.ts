import type { PostInput } from "../posts";

// The editor's work in progress, kept in the browser (issue #37, "nothing is lost"): one stored
// copy per post ("new" for a post not saved yet), written after a few seconds without typing and
// offered back when the editor opens after a crashed or closed tab. An opening sets the copies it
// offers aside in a second slot (a short list), so the new session's own copy never overwrites
// them, whether or not the admin answers the offer.

/** How long the editor waits after the last change before storing the draft. */
export const DRAFT_IDLE_MS = 2000;

const KEY_PREFIX = "omnia:post-draft:";

/** The storage key of a post's draft: its id, or "new" for the post being created. */
export function draftKey(postId: string | null): string {
  return `${KEY_PREFIX}${postId ?? "new"}`;
}

export interface StoredDraft {
  /** When it was stored, ISO 8601. */
  savedAt: string;
  values: PostInput;
}

/** The storage the drafts live in: `window.localStorage` in the browser. */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

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

/** Stores the draft; a full or refused storage (private mode, quota) only loses the copy. */
export function saveDraft(storage: DraftStorage, postId: string | null, values: PostInput, now = new Date()): void {
  const draft: StoredDraft = { savedAt: now.toISOString(), values };
  try {
    storage.setItem(draftKey(postId), JSON.stringify(draft));
  } catch {
    // Nothing to do: the editor still holds the text.
  }
}

export function clearDraft(storage: DraftStorage, postId: string | null): void {
  try {
    storage.removeItem(draftKey(postId));
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

/** A copy worth offering: well formed and different from what the editor opens with. */
function worthOffering(value: unknown, opening: PostInput): value is StoredDraft {
  return isStoredDraft(value, opening) && !sameInput(value.values, opening);
}

/**
 * The stored draft worth offering: well formed and different from what the editor opens with
 * (a copy equal to the saved post would recover nothing). Anything else reads as none.
 */
export function loadDraft(storage: DraftStorage, postId: string | null, opening: PostInput): StoredDraft | null {
  const parsed = readSlot(storage, draftKey(postId));
  return worthOffering(parsed, opening) ? parsed : null;
}

/** How many copies set aside a post keeps; an older one beyond them is dropped. */
export const KEPT_DRAFTS = 3;

/** The slot of the copies set aside at an opening, newest first. */
export function keptKey(postId: string | null): string {
  return `${draftKey(postId)}:kept`;
}

function sameDraft(a: StoredDraft, b: StoredDraft): boolean {
  return a.savedAt === b.savedAt && sameInput(a.values, b.values);
}

function writeKept(storage: DraftStorage, postId: string | null, drafts: StoredDraft[]): void {
  try {
    if (drafts.length === 0) storage.removeItem(keptKey(postId));
    else storage.setItem(keptKey(postId), JSON.stringify(drafts.slice(0, KEPT_DRAFTS)));
  } catch {
    // Nothing to do: the offer still shows them until the page goes.
  }
}

/** The copies set aside, newest first: the well-formed ones that differ from the opening form. */
export function keptDrafts(storage: DraftStorage, postId: string | null, opening: PostInput): StoredDraft[] {
  const parsed = readSlot(storage, keptKey(postId));
  return Array.isArray(parsed) ? parsed.filter((item) => worthOffering(item, opening)) : [];
}

/**
 * At an opening: the copies to offer, newest first (the last session's, then those set aside
 * before), now all in the kept slot, so this session's own copy goes in the draft slot without
 * overwriting any of them while the admin ignores the offer.
 */
export function setAsideDrafts(storage: DraftStorage, postId: string | null, opening: PostInput): StoredDraft[] {
  const last = loadDraft(storage, postId, opening);
  const kept = keptDrafts(storage, postId, opening);
  const drafts = last && !kept.some((draft) => sameDraft(draft, last)) ? [last, ...kept] : kept;
  writeKept(storage, postId, drafts);
  clearDraft(storage, postId);
  return drafts.slice(0, KEPT_DRAFTS);
}

/** Adds a copy to those set aside (the work a recovery replaces), newest first. */
export function keepDraft(storage: DraftStorage, postId: string | null, draft: StoredDraft, opening: PostInput): void {
  if (sameInput(draft.values, opening)) return;
  writeKept(storage, postId, [draft, ...keptDrafts(storage, postId, opening)]);
}

/** Removes one copy set aside: recovered, or dismissed with "Descartar rascunho". */
export function forgetKeptDraft(
  storage: DraftStorage,
  postId: string | null,
  draft: StoredDraft,
  opening: PostInput,
): void {
  writeKept(
    storage,
    postId,
    keptDrafts(storage, postId, opening).filter((item) => !sameDraft(item, draft)),
  );
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
