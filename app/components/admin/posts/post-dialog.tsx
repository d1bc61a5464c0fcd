import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { BlogPost } from "~/lib/blog-types";
import { POST_FIELDS, postInput, slugify, validatePost, type PostField, type PostInput } from "~/lib/posts";
import { ContentField, type ContentMode } from "./content-field";
import { ImageDrop, type UploadImage } from "./image-drop";

export type PostFormErrors = Partial<Record<PostField, string>>;

export interface PostDialogProps {
  open: boolean;
  /** The post being edited, or null to create one. */
  post: BlogPost | null;
  copy: typeof AdminCopy.dialog;
  saving: boolean;
  /** Field errors from the last save (e.g. a duplicate slug). */
  serverErrors: PostFormErrors;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: PostInput) => void;
  renderPreview: (markdown: string, signal: AbortSignal) => Promise<string>;
  /** Stores an image in the blog-images bucket; without it the dialog offers the URL field only. */
  uploadImage?: UploadImage;
}

/**
 * The post dialog (docs/product.md §2, §4, §5). The parent mounts a fresh form for every opening (a
 * `key`), so closing always resets it. The slug follows the title until edited by hand.
 */
export function PostDialog(props: PostDialogProps) {
  const { open, post, copy, onOpenChange } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={copy.close}>
        <DialogHeader className="mb-6">
          <DialogTitle>{post ? copy.editTitle : copy.createTitle}</DialogTitle>
          <DialogDescription>{post ? copy.editDescription : copy.createDescription}</DialogDescription>
        </DialogHeader>
        <PostForm {...props} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form's state: the values, their errors (app/lib/posts.ts decides them, the copy words them)
 * and the controls to focus when a submit fails.
 */
function usePostForm({ post, copy, onSubmit }: Pick<PostDialogProps, "post" | "copy" | "onSubmit">) {
  const [values, setValues] = useState<PostInput>(() => postInput(post));
  // A new post's slug is derived from its title; an existing post keeps its address.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [mode, setMode] = useState<ContentMode>("write");
  const refs = useRef<Partial<Record<PostField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const set = <K extends keyof PostInput>(key: K, value: PostInput[K]) => {
    setValues((current) => {
      const next = { ...current, [key]: value };
      if (key === "title" && !slugEdited) next.slug = slugify(String(value));
      return next;
    });
    // Editing a field clears its error, a server one (duplicate slug) included.
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validatePost(values);
    const found: PostFormErrors = {};
    for (const field of POST_FIELDS) {
      const problem = problems[field];
      if (problem) found[field] = copy.validation[problem];
    }
    setErrors(found);
    const first = POST_FIELDS.find((field) => found[field]);
    if (first) {
      if (first === "content") setMode("write");
      // After the tab switch has rendered the textarea.
      requestAnimationFrame(() => refs.current[first]?.focus());
      return;
    }
    onSubmit(values);
  };

  /** Keeps each control's element, so that a failed submit can focus the first field in error. */
  const refFor = (field: PostField) => (node: HTMLInputElement | HTMLTextAreaElement | null) => {
    refs.current[field] = node;
  };

  return { values, errors, mode, setMode, set, editSlug: () => setSlugEdited(true), submit, refFor };
}

function PostForm({
  post,
  copy,
  saving,
  serverErrors,
  onOpenChange,
  onSubmit,
  renderPreview,
  uploadImage,
}: PostDialogProps) {
  const { values, errors, mode, setMode, set, editSlug, submit, refFor } = usePostForm({ post, copy, onSubmit });
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const shown: PostFormErrors = { ...serverErrors, ...errors };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Field id={fieldId("title")} label={copy.fields.title.label} error={shown.title}>
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
      <Field id={fieldId("slug")} label={copy.fields.slug.label} hint={copy.fields.slug.hint} error={shown.slug}>
        {(control) => (
          <Input
            {...control}
            ref={refFor("slug")}
            required
            autoCapitalize="none"
            spellCheck={false}
            placeholder={copy.fields.slug.placeholder}
            value={values.slug}
            onChange={(event) => {
              editSlug();
              set("slug", event.target.value);
            }}
          />
        )}
      </Field>
      <Field id={fieldId("excerpt")} label={copy.fields.excerpt.label}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            className="min-h-0"
            placeholder={copy.fields.excerpt.placeholder}
            value={values.excerpt}
            onChange={(event) => set("excerpt", event.target.value)}
          />
        )}
      </Field>
      <ContentField
        id={fieldId("content")}
        copy={copy}
        value={values.content}
        error={shown.content}
        mode={mode}
        onModeChange={setMode}
        onChange={(value) => set("content", value)}
        textareaRef={refFor("content")}
        renderPreview={renderPreview}
        uploadImage={uploadImage}
      />
      <Field id={fieldId("image")} label={copy.fields.featuredImage.label} error={shown.featured_image}>
        {(control) => (
          <Input
            {...control}
            ref={refFor("featured_image")}
            type="url"
            inputMode="url"
            placeholder={copy.fields.featuredImage.placeholder}
            value={values.featured_image}
            onChange={(event) => set("featured_image", event.target.value)}
          />
        )}
      </Field>
      {uploadImage ? (
        <ImageDrop
          value={values.featured_image}
          upload={uploadImage}
          copy={copy.fields.featuredImage}
          problems={copy.upload.problems}
          onUploaded={(url) => set("featured_image", url)}
          onRemove={() => set("featured_image", "")}
        />
      ) : null}
      <div className="flex items-center gap-3">
        <Switch
          id={fieldId("published")}
          checked={values.published}
          onCheckedChange={(checked) => set("published", checked)}
        />
        <Label htmlFor={fieldId("published")}>{copy.fields.published}</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          {copy.cancel}
        </Button>
        <Button type="submit" disabled={saving}>
          {post ? copy.update : copy.create}
        </Button>
      </DialogFooter>
    </form>
  );
}
