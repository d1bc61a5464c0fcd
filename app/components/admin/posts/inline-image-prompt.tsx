import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { ImageUploadError, type UploadProblem } from "~/lib/image-upload";
import type { UploadImage } from "./image-drop";

type Copy = (typeof AdminCopy)["dialog"]["upload"];

/**
 * Shown when an image is pasted or dropped into the Markdown: asks for its alternative text
 * (required, unless the editor marks the image decorative), uploads it, and hands back the
 * Markdown to insert where the cursor was.
 */
export function InlineImagePrompt({
  file,
  upload,
  copy,
  onInsert,
  onCancel,
}: {
  file: File;
  upload: UploadImage;
  copy: Copy;
  onInsert: (markdown: string) => void;
  onCancel: () => void;
}) {
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const [preview] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  useEffect(() => altInput.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const text = alt.trim().replace(/[[\]\n]/g, " ");
    if (!text && !decorative) {
      setError(copy.inline.altRequired);
      altInput.current?.focus();
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const url = await upload(file, setProgress);
      onInsert(`![${decorative ? "" : text}](${url})`);
    } catch (failure) {
      setProgress(null);
      const problem: UploadProblem = failure instanceof ImageUploadError ? failure.problem : "failed";
      setError(copy.problems[problem]);
    }
  };

  return (
    // A nested <form> is not allowed inside the post's form: a fieldset with its own button.
    <fieldset className="m-0 flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 font-medium">{copy.inline.title}</legend>
      <div className="flex items-start gap-3">
        <img src={preview} alt="" className="h-16 w-24 rounded-md border border-border object-cover" />
        <Field
          id={`${id}-alt`}
          label={copy.inline.altLabel}
          hint={copy.inline.altHint}
          error={error ?? undefined}
          className="flex-1"
        >
          {(control) => (
            <Input
              {...control}
              ref={altInput}
              value={alt}
              disabled={decorative || progress !== null}
              onChange={(event) => setAlt(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") void submit(event);
                if (event.key === "Escape") {
                  event.stopPropagation();
                  onCancel();
                }
              }}
            />
          )}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={decorative}
          disabled={progress !== null}
          onChange={(event) => setDecorative(event.target.checked)}
          className="size-4 accent-primary"
        />
        {copy.inline.decorative}
      </label>
      <div aria-live="polite" className="text-sm">
        {progress !== null ? (
          <div className="flex items-center gap-3">
            <progress className="h-2 w-44 accent-primary" max={1} value={progress} aria-label={copy.inline.uploading} />
            <span>{copy.inline.uploading}</span>
          </div>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={progress !== null} onClick={(event) => void submit(event)}>
          {copy.inline.insert}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={progress !== null} onClick={onCancel}>
          {copy.inline.cancel}
        </Button>
      </div>
    </fieldset>
  );
}
