import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { StoredDraft } from "~/lib/admin/post-draft";
import { formatShortDateTime } from "~/lib/format";
import { ContentField, type ContentMode } from "./content-field";
import type { UploadImage } from "./image-drop";
import type { PostFormControls } from "./post-form-controls";

export interface PostWritingAreaProps extends PostFormControls {
  /** A copy of unsaved work left in the browser, offered until recovered or dismissed. */
  offer: StoredDraft | null;
  onRecover: () => void;
  onDismissOffer: () => void;
  mode: ContentMode | null;
  onModeChange: (mode: ContentMode) => void;
  renderPreview: (markdown: string, signal: AbortSignal) => Promise<string>;
  uploadImage?: UploadImage;
}

/** The editor's main column: the recovery offer, the title and the Markdown with its rendering. */
export function PostWritingArea({
  copy,
  values,
  errors,
  set,
  refFor,
  fieldId,
  offer,
  onRecover,
  onDismissOffer,
  mode,
  onModeChange,
  renderPreview,
  uploadImage,
}: PostWritingAreaProps) {
  return (
    <div className="flex min-w-0 flex-col gap-5 p-4 sm:p-6 lg:overflow-y-auto">
      {offer ? (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">{copy.recovery.text(formatShortDateTime(offer.savedAt))}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={onRecover}>
              {copy.recovery.recover}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onDismissOffer}>
              {copy.recovery.dismiss}
            </Button>
          </div>
        </div>
      ) : null}
      <Field id={fieldId("title")} label={copy.fields.title.label} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            ref={refFor("title")}
            required
            placeholder={copy.fields.title.placeholder}
            value={values.title}
            onChange={(event) => set("title", event.target.value)}
          />
        )}
      </Field>
      <ContentField
        id={fieldId("content")}
        copy={copy}
        value={values.content}
        error={errors.content}
        mode={mode}
        onModeChange={onModeChange}
        onChange={(value) => set("content", value)}
        textareaRef={refFor("content")}
        renderPreview={renderPreview}
        uploadImage={uploadImage}
      />
    </div>
  );
}
