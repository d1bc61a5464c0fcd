import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { ContactMessage } from "~/lib/blog-types";

/** Where a lead stands (novo, em contato, ganho, perdido) and the team's note about it. */
export function LeadProgress({
  message,
  copy,
  onStatusChange,
  onSaveNote,
}: {
  message: ContactMessage;
  copy: typeof AdminCopy.messages;
  onStatusChange: (message: ContactMessage, status: string) => void;
  onSaveNote: (message: ContactMessage, note: string) => void;
}) {
  const statusId = useId();
  const noteId = useId();
  const [note, setNote] = useState(message.note ?? "");
  return (
    <div className="mt-3 grid gap-3 border-t border-border pt-3 sm:grid-cols-[auto_1fr] sm:items-start sm:gap-6">
      <div className="flex flex-col gap-1">
        <Label htmlFor={statusId}>{copy.status}</Label>
        <NativeSelect
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
          onSaveNote(message, note);
        }}
      >
        <Label htmlFor={noteId}>{copy.note}</Label>
        <Textarea
          id={noteId}
          aria-label={copy.noteLabel(message.name)}
          rows={2}
          maxLength={5000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className="self-end"
          aria-label={copy.saveNoteLabel(message.name)}
        >
          {copy.saveNote}
        </Button>
      </form>
    </div>
  );
}
