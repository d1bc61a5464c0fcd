import { useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { FieldError, FieldHint, fieldControl } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { firstImage } from "~/lib/image-upload";
import type { UploadImage } from "./image-drop";
import { InlineImagePrompt } from "./inline-image-prompt";
import { MarkdownPreview } from "./markdown-preview";

export type ContentMode = "write" | "preview";

export interface ContentFieldProps {
  id: string;
  copy: typeof AdminCopy.dialog;
  value: string;
  error: string | undefined;
  mode: ContentMode;
  onModeChange: (mode: ContentMode) => void;
  onChange: (value: string) => void;
  /** Receives the textarea, so that a failed submit can focus it. */
  textareaRef: (node: HTMLTextAreaElement | null) => void;
  renderPreview: (markdown: string, signal: AbortSignal) => Promise<string>;
  /** Without it, a pasted or dropped image is left to the browser. */
  uploadImage?: UploadImage;
}

/**
 * "Conteúdo": the Markdown, with "Escrever" and "Pré-visualizar" tabs beside its label. An image
 * pasted or dropped into the text asks for its alt text, uploads, and lands where the cursor was.
 */
export function ContentField({
  id,
  copy,
  value,
  error,
  mode,
  onModeChange,
  onChange,
  textareaRef,
  renderPreview,
  uploadImage,
}: ContentFieldProps) {
  // An image pasted or dropped into the Markdown, waiting for its alt text, and where it goes.
  const [inline, setInline] = useState<{ file: File; at: number } | null>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);

  const takeImage = (event: ClipboardEvent<HTMLTextAreaElement> | DragEvent<HTMLTextAreaElement>, files: FileList) => {
    const file = uploadImage ? firstImage(files) : null;
    if (!file) return;
    event.preventDefault();
    setInline({ file, at: event.currentTarget.selectionStart });
  };

  const insert = (markdown: string, at: number) => {
    const before = value.slice(0, at);
    const after = value.slice(at);
    // On a line of its own, so it renders as a picture and not inside a paragraph's text.
    const block = `${before && !before.endsWith("\n") ? "\n\n" : ""}${markdown}\n\n`;
    onChange(`${before}${block}${after}`);
    setInline(null);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at + block.length, at + block.length);
    });
  };

  // The label shares a row with the write/preview tabs, so this field is laid out by hand.
  return (
    <div className="flex flex-col gap-2">
      <Tabs value={mode} onValueChange={(next) => onModeChange(next as ContentMode)}>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={id}>{copy.fields.content.label}</Label>
          <TabsList aria-label={copy.contentModes}>
            <TabsTrigger value="write">{copy.write}</TabsTrigger>
            <TabsTrigger value="preview">{copy.preview}</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="write" active={mode === "write"} className="mt-2 flex flex-col gap-2">
          <Textarea
            {...fieldControl(id, { error, hint: copy.fields.content.hint })}
            ref={(node) => {
              area.current = node;
              textareaRef(node);
            }}
            rows={10}
            required
            className="font-mono"
            placeholder={copy.fields.content.placeholder}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onPaste={(event) => takeImage(event, event.clipboardData.files)}
            onDrop={(event) => takeImage(event, event.dataTransfer.files)}
          />
          {inline && uploadImage ? (
            <InlineImagePrompt
              file={inline.file}
              upload={uploadImage}
              copy={copy.upload}
              onCancel={() => {
                setInline(null);
                area.current?.focus();
              }}
              onInsert={(markdown) => insert(markdown, inline.at)}
            />
          ) : null}
          <FieldHint id={id}>{copy.fields.content.hint}</FieldHint>
        </TabsContent>
        <TabsContent value="preview" active={mode === "preview"} className="mt-2">
          {/* Mounted only while shown: it asks the server for HTML. */}
          {mode === "preview" ? (
            <MarkdownPreview
              markdown={value}
              render={renderPreview}
              copy={{ loading: copy.previewLoading, empty: copy.previewEmpty, error: copy.previewError }}
            />
          ) : null}
        </TabsContent>
      </Tabs>
      <FieldError id={id}>{error}</FieldError>
    </div>
  );
}
