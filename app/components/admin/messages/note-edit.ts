// A lead's "Nota interna" while someone writes it, apart from React: the same rules as
// "Configurações" (../settings/settings-edit.ts) for one text. A note saved by someone else
// replaces the one on screen only if this person has not changed it; their unsaved text is kept
// in this tab until saved, so paging away or a lost session does not lose it.

export interface NoteEdit {
  /** The stored note the textarea started from. */
  base: string;
  /** What the textarea holds: differing from `base`, an unsaved note. */
  value: string;
  /** The unsaved text came back from this tab's storage. */
  restored: boolean;
  /** Someone else saved another note while this person had unsaved text. */
  overlapping: boolean;
  /** The text this person last sent with "Salvar nota": stored back, it is theirs, not a conflict. */
  sent?: string;
}

/** The unsaved note as this tab keeps it, with the stored note it replaces. */
export interface NoteDraft {
  base: string;
  value: string;
}

export function isNoteDraft(value: unknown): value is NoteDraft {
  if (typeof value !== "object" || value === null) return false;
  const { base, value: text } = value as { base?: unknown; value?: unknown };
  return typeof base === "string" && typeof text === "string";
}

/** The tab's storage name of a lead's unsaved note. */
export function noteDraftName(leadId: string): string {
  return `note:${leadId}`;
}

export function openNote(stored: string, draft: NoteDraft | null): NoteEdit {
  if (!draft || draft.value === stored) return { base: stored, value: stored, restored: false, overlapping: false };
  return { base: stored, value: draft.value, restored: true, overlapping: draft.base !== stored };
}

/** A newer stored note: followed while the textarea is unchanged, never over unsaved text. */
export function adoptNote(edit: NoteEdit, stored: string): NoteEdit {
  if (stored === edit.base) return edit;
  const edited = edit.value !== edit.base;
  const value = edited ? edit.value : stored;
  const unsaved = value !== stored;
  return {
    base: stored,
    value,
    restored: edit.restored && unsaved,
    overlapping: unsaved && (edit.overlapping || (edited && stored !== edit.sent)),
    sent: edit.sent,
  };
}

export function noteDraftOf(edit: NoteEdit): NoteDraft | null {
  return edit.value === edit.base ? null : { base: edit.base, value: edit.value };
}
