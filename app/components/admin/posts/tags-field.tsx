import { X } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { FieldError, FieldHint, fieldControl } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { useFocusAfterRemoval } from "~/components/ui/use-focus-after-removal";
import { withTypedTag } from "~/lib/posts";

interface TagsFieldProps {
  id: string;
  copy: typeof AdminCopy.dialog.fields.tags;
  /** The post's tag names in order; undefined while they load. */
  value: string[] | undefined;
  /** Existing tags' names, suggested as the admin types. */
  suggestions: readonly string[];
  /** The name typed and not yet added; the form keeps it, so that a save adds it too. */
  typed: string;
  onTypedChange: (text: string) => void;
  error?: string;
  onChange: (names: string[]) => void;
  inputRef?: (node: HTMLInputElement | null) => void;
  /**
   * Whether a new name may be typed (it becomes a tag on save). False for a writer, whom the
   * database does not let create tags: only the suggestions can be added then.
   */
  allowNew?: boolean;
}

/**
 * A post's tags: the chosen ones as removable chips (the first marked as the primary tag), and a
 * field that suggests existing tags and takes a new name (Enter or "Adicionar tag").
 */
export function TagsField({
  id,
  copy,
  value,
  suggestions,
  typed: draft,
  onTypedChange: setDraft,
  error,
  onChange,
  inputRef,
  allowNew = true,
}: TagsFieldProps) {
  const [notExisting, setNotExisting] = useState(false);
  const listId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const tags = value ?? [];
  const add = () => {
    const next = withTypedTag(tags, draft, suggestions, allowNew);
    if (next === null) return setNotExisting(true);
    if (next.length !== tags.length) onChange(next);
    setDraft("");
  };
  const hint = allowNew ? copy.hint : copy.hintExisting;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      if (draft.trim()) add();
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{copy.label}</Label>
      {value === undefined ? (
        <p className="text-sm text-muted-foreground">{copy.loading}</p>
      ) : tags.length > 0 ? (
        <ul aria-label={copy.listLabel} className="flex flex-wrap gap-2">
          {tags.map((name, index) => (
            <TagChip
              key={name}
              name={name}
              primary={index === 0}
              copy={copy}
              input={input}
              onRemove={() => onChange(tags.filter((tag) => tag !== name))}
            />
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          {...fieldControl(id, { error: error ?? (notExisting ? copy.notExisting : undefined), hint })}
          ref={(node) => {
            input.current = node;
            inputRef?.(node);
          }}
          list={listId}
          placeholder={copy.placeholder}
          value={draft}
          disabled={value === undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setNotExisting(false);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" disabled={!draft.trim()} onClick={add}>
          {copy.add}
        </Button>
      </div>
      <datalist id={listId}>
        {suggestions
          .filter((name) => !tags.some((tag) => tag.toLowerCase() === name.toLowerCase()))
          .map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
      </datalist>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id}>{error ?? (notExisting ? copy.notExisting : undefined)}</FieldError>
    </div>
  );
}

/**
 * A chosen tag. Removed from its own button, it hands the focus to the next tag's button, else
 * the one before, else the tags field, rather than to the dialog.
 */
function TagChip({
  name,
  primary,
  copy,
  input,
  onRemove,
}: {
  name: string;
  primary: boolean;
  copy: typeof AdminCopy.dialog.fields.tags;
  input: RefObject<HTMLInputElement | null>;
  onRemove: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useFocusAfterRemoval(button, () => input.current);
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-accent py-0.5 pr-1 pl-3 text-sm text-accent-foreground">
      {name}
      {primary ? <span className="text-xs text-muted-foreground">({copy.primary})</span> : null}
      <button
        ref={button}
        type="button"
        data-removal-target="remove"
        aria-label={copy.remove(name)}
        className="rounded-full p-1 hover:bg-indigo-100"
        onClick={onRemove}
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}
