import type { PostInput } from "../posts";

// The editor's work in progress, kept in the browser (issue #37, "nothing is lost"): one stored
// copy per post ("new" for a post not saved yet), written after a few seconds without typing and
// offered back when the editor opens after a crashed or closed tab.

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

/** Whether two forms hold the same post; the editor is dirty while its values differ from the opening ones. */
export function sameInput(a: PostInput, b: PostInput): boolean {
  const keys = Object.keys(a) as (keyof PostInput)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = a[key];
    const right = b[key];
    if (Array.isArray(left) && Array.isArray(right)) {
      return left.length === right.length && left.every((item, index) => item === right[index]);
    }
    return left === right;
  });
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

/**
 * The stored draft worth offering: well formed and different from what the editor opens with
 * (a copy equal to the saved post would recover nothing). Anything else reads as none.
 */
export function loadDraft(storage: DraftStorage, postId: string | null, opening: PostInput): StoredDraft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(postId));
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isStoredDraft(parsed, opening)) return null;
  return sameInput(parsed.values, opening) ? null : parsed;
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
