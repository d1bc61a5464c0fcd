import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useFocusAfterRemoval } from "~/components/ui/use-focus-after-removal";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { ContactMessage } from "~/lib/blog-types";
import { readUnsaved, tabStorage, useLeaveGuard, writeUnsaved } from "../unsaved-work";
import { adoptNote, isNoteDraft, noteDraftName, noteDraftOf, openNote, type NoteEdit } from "./note-edit";

/**
 * The note's text over time (./note-edit.ts): opened with this tab's unsaved text for the lead,
 * following a note saved elsewhere only while unchanged here, and kept in this tab (for `userId`)
 * until saved; without a user, nothing is kept.
 */
function useNoteEdit(message: ContactMessage, userId: string | undefined) {
  const stored = message.note ?? "";
  const name = noteDraftName(message.id);
  const [edit, setEdit] = useState<NoteEdit>(() =>
    openNote(stored, userId ? readUnsaved(tabStorage(), userId, name, isNoteDraft) : null),
  );
  // A newer stored note: taken in during this render, so a stale one never shows.
  if (stored !== edit.base) setEdit(adoptNote(edit, stored));
  useEffect(() => {
    if (userId) writeUnsaved(tabStorage(), userId, name, noteDraftOf(edit));
  }, [edit, userId, name]);
  return [edit, setEdit] as const;
}

/** Where a lead stands (novo, em contato, ganho, perdido) and the team's note about it. */
export function LeadProgress({
  message,
  copy,
  userId,
  onStatusChange,
  onSaveNote,
}: {
  message: ContactMessage;
  copy: typeof AdminCopy.messages;
  /** Whose unsaved note this tab keeps (app/components/admin/unsaved-work.ts). */
  userId?: string;
  onStatusChange: (message: ContactMessage, status: string) => void;
  /** Resolves once the note is stored (its failure is the caller's toast). */
  onSaveNote: (message: ContactMessage, note: string) => Promise<unknown> | void;
}) {
  const statusId = useId();
  const noteId = useId();
  // A new status can take the lead out of a filtered list: the focus moves to the next one's.
  const statusRef = useRef<HTMLSelectElement>(null);
  useFocusAfterRemoval(statusRef);
  const [edit, setEdit] = useNoteEdit(message, userId);
  const unsaved = edit.value !== edit.base;
  useLeaveGuard(unsaved);
  const hint = !unsaved
    ? ""
    : edit.overlapping
      ? copy.noteOverlapping
      : edit.restored
        ? copy.noteRestored
        : copy.noteUnsaved;
  return (
    <div className="mt-3 grid gap-3 border-t border-border pt-3 sm:grid-cols-[auto_1fr] sm:items-start sm:gap-6">
      <div className="flex flex-col gap-1">
        <Label htmlFor={statusId}>{copy.status}</Label>
        <NativeSelect
          ref={statusRef}
          data-removal-target="status"
          id={statusId}
          aria-label={copy.statusLabel(message.name)}
          value={message.status}
          onChange={(event) => onStatusChange(message, event.target.value)}
          className="w-44"
        >
          {Object.entries(copy.statuses).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          const sent = edit.value;
          setEdit((current) => ({ ...current, sent }));
          // Stored: the sent text is the note now, before the list is read again (a read already
          // under way may still bring the old one, which adoptNote then takes for someone else's).
          void Promise.resolve(onSaveNote(message, sent)).then(
            () =>
              setEdit((current) => (current.value === sent ? { ...current, base: sent, restored: false } : current)),
            () => {},
          );
        }}
      >
        <Label htmlFor={noteId}>{copy.note}</Label>
        <Textarea
          id={noteId}
          aria-label={copy.noteLabel(message.name)}
          aria-describedby={hint ? `${noteId}-hint` : undefined}
          rows={2}
          maxLength={5000}
          value={edit.value}
          onChange={(event) => {
            const value = event.target.value;
            setEdit((current) => ({ ...current, value }));
          }}
        />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {hint ? (
            <p id={`${noteId}-hint`} className="text-sm text-muted-foreground">
              {hint}
            </p>
          ) : null}
          <Button type="submit" variant="outline" size="sm" aria-label={copy.saveNoteLabel(message.name)}>
            {copy.saveNote}
          </Button>
        </div>
      </form>
    </div>
  );
}
