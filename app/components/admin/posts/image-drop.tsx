import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import {
  ACCEPTED_IMAGE_TYPES,
  ImageUploadError,
  firstImage,
  smallForSharing,
  type UploadProblem,
} from "~/lib/image-upload";

/** Uploads a file, reporting progress from 0 to 1; resolves with the URL to store. */
export type UploadImage = (file: File, onProgress: (fraction: number) => void) => Promise<string>;

type Copy = (typeof AdminCopy)["dialog"]["fields"]["featuredImage"];

type UploadState =
  | { status: "idle" }
  | { status: "uploading"; preview: string; progress: number }
  | { status: "failed"; problem: UploadProblem };

/**
 * The featured image's upload control, under its URL field: a button that opens the file
 * picker, takes a dropped file, and takes a pasted one while it has focus (Ctrl+V). The picture shows at once, with the upload's
 * progress; when it is stored its URL goes into the field, which stays editable for external
 * images. An image smaller than link previews draw it gets a note with its size (it is still
 * accepted: a small picture may be all there is).
 */
export function ImageDrop({
  value,
  onUploaded,
  onRemove,
  upload,
  copy,
  problems,
}: {
  value: string;
  onUploaded: (url: string) => void;
  onRemove: () => void;
  upload: UploadImage;
  copy: Copy;
  problems: Record<UploadProblem, string>;
}) {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const [dragging, setDragging] = useState(false);
  // The shown picture's own size, once the browser has decoded it (an uploaded file or a URL).
  const [decoded, setDecoded] = useState<{ src: string; width: number; height: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const statusId = useId();

  // The local preview's object URL lives as long as the upload that showed it.
  const preview = state.status === "uploading" ? state.preview : null;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const start = async (file: File | null) => {
    if (!file) return;
    const shown = URL.createObjectURL(file);
    setState({ status: "uploading", preview: shown, progress: 0 });
    try {
      const url = await upload(file, (progress) =>
        setState((current) => (current.status === "uploading" ? { ...current, progress } : current)),
      );
      onUploaded(url);
      setState({ status: "idle" });
    } catch (error) {
      setState({ status: "failed", problem: error instanceof ImageUploadError ? error.problem : "failed" });
    }
  };

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    void start(firstImage(event.dataTransfer.files));
  };
  const onPaste = (event: ClipboardEvent<HTMLButtonElement>) => {
    const file = firstImage(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    void start(file);
  };

  const shownImage = state.status === "uploading" ? state.preview : value || null;
  const size = decoded && decoded.src === shownImage ? decoded : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {/* One control for all three ways in: click opens the file picker, a file dropped on it
            or pasted while it has focus (Ctrl+V) is uploaded. */}
        <Button
          type="button"
          variant="outline"
          aria-describedby={`${hintId} ${statusId}`}
          onClick={() => input.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          onPaste={onPaste}
          className={`h-auto min-h-16 border-dashed px-6 ${dragging ? "border-primary bg-primary/5" : ""}`}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          {copy.choose}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            void start(event.target.files?.[0] ?? null);
            event.target.value = "";
          }}
        />
        <p id={hintId} className="max-w-sm text-xs text-muted-foreground">
          {copy.dropHint}
        </p>
      </div>
      {shownImage ? (
        <div className="flex items-start gap-3">
          <img
            src={shownImage}
            alt={copy.preview}
            className="h-24 w-44 rounded-md border border-border bg-muted object-cover"
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              setDecoded({ src: shownImage, width, height });
            }}
          />
          {state.status === "idle" && value ? (
            <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
              <X className="size-4" aria-hidden="true" />
              {copy.remove}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div id={statusId} aria-live="polite" className="text-sm">
        {state.status === "uploading" ? (
          <div className="flex items-center gap-3">
            <progress className="h-2 w-44 accent-primary" max={1} value={state.progress} aria-label={copy.uploading} />
            <span>{copy.uploading}</span>
          </div>
        ) : null}
        {state.status !== "failed" && size && smallForSharing(size) ? (
          <p className="max-w-md text-muted-foreground">{copy.small(size.width, size.height)}</p>
        ) : null}
        {state.status === "failed" ? (
          <p role="alert" className="font-medium text-destructive">
            {problems[state.problem]}
          </p>
        ) : null}
      </div>
    </div>
  );
}
