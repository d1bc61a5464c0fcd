import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type DragEvent,
} from "react";
import { FieldError, FieldHint, fieldControl } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { firstImage } from "~/lib/image-upload";
import { cn } from "~/lib/utils";
import type { UploadImage } from "./image-drop";
import { InlineImagePrompt } from "./inline-image-prompt";
import { followPosition, insertBlock } from "./markdown-insert";
import { MarkdownPreview } from "./markdown-preview";

/** "split" (the Markdown and the rendered post side by side) exists on wide screens only. */
export type ContentMode = "write" | "split" | "preview";

export interface ContentFieldProps {
  id: string;
  copy: typeof AdminCopy.dialog;
  value: string;
  error: string | undefined;
  /** The mode chosen; null until the admin picks one (split on wide screens, write on narrow). */
  mode: ContentMode | null;
  onModeChange: (mode: ContentMode) => void;
  onChange: (value: string) => void;
  /** Receives the textarea, so that a failed submit can focus it. */
  textareaRef: (node: HTMLTextAreaElement | null) => void;
  renderPreview: (markdown: string, signal: AbortSignal) => Promise<string>;
  /** Without it, a pasted or dropped image is left to the browser. */
  uploadImage?: UploadImage;
}

const WIDE = "(min-width: 1024px)";

/** Whether the screen is wide enough for side by side (false while rendering on the server). */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/** `value` once it has stopped changing for `delay` ms: the side-by-side preview asks the server less often. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * "Conteúdo": the Markdown, with "Escrever", "Lado a lado" (wide screens) and "Pré-visualizar".
 * Side by side, the two panes scroll together. An image pasted or dropped into the text asks for
 * its alt text, uploads, and lands where the cursor was.
 */
export function ContentField({
  id,
  copy,
  value,
  error,
  mode: chosen,
  onModeChange,
  onChange,
  textareaRef,
  renderPreview,
  uploadImage,
}: ContentFieldProps) {
  const wide = useWideScreen();
  const mode: ContentMode = chosen === "split" && !wide ? "write" : (chosen ?? (wide ? "split" : "write"));
  // An image pasted or dropped into the Markdown, waiting for its alt text and its upload.
  const [inline, setInline] = useState<{ file: File } | null>(null);
  // Where each such image goes, and the text that position is in: the admin goes on writing
  // while it uploads, so the position follows every change (see the layout effect below).
  const anchors = useRef(new Map<File, { at: number; text: string }>());
  // The selection to set once an inserted image has changed the text under the cursor.
  const caret = useRef<{ start: number; end: number; focus: boolean } | null>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const previewBox = useRef<HTMLDivElement | null>(null);
  // Which pane the admin scrolls; the other follows, and its own scroll event is ignored.
  const leader = useRef<"text" | "preview" | null>(null);
  const settled = useSettled(value, mode === "split" ? 400 : 0);

  const follow = (from: HTMLElement | null, to: HTMLElement | null, who: "text" | "preview") => {
    if (!from || !to || mode !== "split") return;
    if (leader.current && leader.current !== who) {
      leader.current = null;
      return;
    }
    leader.current = who;
    const range = from.scrollHeight - from.clientHeight;
    to.scrollTop = range > 0 ? (from.scrollTop / range) * (to.scrollHeight - to.clientHeight) : 0;
    requestAnimationFrame(() => (leader.current = null));
  };

  // Before the browser paints (and before the next keystroke), each waiting image's position
  // follows the change, and an insertion puts the cursor back where the admin was writing.
  useLayoutEffect(() => {
    for (const [file, anchor] of anchors.current) {
      if (anchor.text !== value)
        anchors.current.set(file, { at: followPosition(anchor.at, anchor.text, value), text: value });
    }
    const element = area.current;
    const place = caret.current;
    caret.current = null;
    if (!element || !place) return;
    if (place.focus) element.focus();
    element.setSelectionRange(place.start, place.end);
  }, [value]);

  const takeImage = (event: ClipboardEvent<HTMLTextAreaElement> | DragEvent<HTMLTextAreaElement>, files: FileList) => {
    const file = uploadImage ? firstImage(files) : null;
    if (!file) return;
    event.preventDefault();
    const element = event.currentTarget;
    anchors.current.set(file, { at: element.selectionStart, text: element.value });
    setInline({ file });
  };

  // Into the text as it is now: what was typed during the upload stays, before and after it.
  const insert = (file: File, markdown: string) => {
    const element = area.current;
    const anchor = anchors.current.get(file);
    anchors.current.delete(file);
    const text = element?.value ?? anchor?.text ?? value;
    const at = anchor ? followPosition(anchor.at, anchor.text, text) : text.length;
    const inserted = insertBlock(text, at, markdown);
    const shift = (position: number) => (position >= at ? position + inserted.length : position);
    // Still writing in the field: the cursor stays in the same words. Otherwise it goes after the image.
    caret.current =
      element && document.activeElement === element
        ? { start: shift(element.selectionStart), end: shift(element.selectionEnd), focus: false }
        : { start: at + inserted.length, end: at + inserted.length, focus: true };
    onChange(inserted.text);
    setInline((current) => (current?.file === file ? null : current));
  };

  // The Markdown and its image prompt, in the write or the side-by-side panel.
  const writing = (
    <div className="flex min-w-0 flex-col gap-2">
      <Textarea
        {...fieldControl(id, { error, hint: copy.fields.content.hint })}
        ref={(node) => {
          area.current = node;
          textareaRef(node);
        }}
        rows={10}
        required
        className={cn("font-mono", mode === "split" ? "h-[60dvh] resize-none" : "min-h-[40dvh]")}
        placeholder={copy.fields.content.placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onScroll={() => follow(area.current, previewBox.current, "text")}
        onPaste={(event) => takeImage(event, event.clipboardData.files)}
        onDrop={(event) => takeImage(event, event.dataTransfer.files)}
      />
      {inline && uploadImage ? (
        <InlineImagePrompt
          file={inline.file}
          upload={uploadImage}
          copy={copy.upload}
          onCancel={() => {
            anchors.current.delete(inline.file);
            setInline(null);
            area.current?.focus();
          }}
          onInsert={(markdown) => insert(inline.file, markdown)}
        />
      ) : null}
      <FieldHint id={id}>{copy.fields.content.hint}</FieldHint>
    </div>
  );

  const previewCopy = { loading: copy.previewLoading, empty: copy.previewEmpty, error: copy.previewError };

  // The label sits above the mode switch on a phone and beside it on wider screens, so the
  // switch never wraps; this field is laid out by hand.
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <Tabs value={mode} onValueChange={(next) => onModeChange(next as ContentMode)}>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <Label htmlFor={id}>{copy.fields.content.label}</Label>
          <TabsList aria-label={copy.contentModes} className="grid w-full auto-cols-fr grid-flow-col sm:w-auto">
            <TabsTrigger value="write" className="justify-center">
              {copy.write}
            </TabsTrigger>
            {wide ? (
              <TabsTrigger value="split" className="justify-center">
                {copy.split}
              </TabsTrigger>
            ) : null}
            <TabsTrigger value="preview" className="justify-center">
              {copy.preview}
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="write" active={mode === "write"} className="mt-2">
          {mode === "write" ? writing : null}
        </TabsContent>
        {wide ? (
          <TabsContent value="split" active={mode === "split"} className="mt-2 grid grid-cols-2 items-start gap-4">
            {mode === "split" ? (
              <>
                {writing}
                <section aria-label={copy.contentPreview} className="min-w-0">
                  <MarkdownPreview
                    markdown={settled}
                    render={renderPreview}
                    copy={previewCopy}
                    scrollRef={previewBox}
                    className="h-[60dvh] max-h-none"
                    onScroll={() => follow(previewBox.current, area.current, "preview")}
                  />
                </section>
              </>
            ) : null}
          </TabsContent>
        ) : null}
        <TabsContent value="preview" active={mode === "preview"} className="mt-2">
          {/* Mounted only while shown: it asks the server for HTML. */}
          {mode === "preview" ? (
            <MarkdownPreview markdown={value} render={renderPreview} copy={previewCopy} className="max-h-[60dvh]" />
          ) : null}
        </TabsContent>
      </Tabs>
      <FieldError id={id}>{error}</FieldError>
    </div>
  );
}
