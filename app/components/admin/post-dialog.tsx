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
import { Field, FieldError, FieldHint, fieldControl } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { PostInput } from "~/lib/admin-data";
import type { BlogPost } from "~/lib/blog-types";
import { isValidSlug, slugify } from "~/lib/slug";
import { isHttpUrl } from "~/lib/validation";
import { firstImage } from "~/lib/image-upload";
import { ImageDrop, type UploadImage } from "./image-drop";
import { InlineImagePrompt } from "./inline-image-prompt";
import { MarkdownPreview } from "./markdown-preview";

type PostField = "title" | "slug" | "content" | "featured_image";
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

/** docs/product.md §4: a missing excerpt or featured image becomes an empty field. */
function initialValues(post: BlogPost | null): PostInput {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    featured_image: post?.featured_image ?? "",
    published: post?.published ?? false,
  };
}

function validate(values: PostInput, copy: typeof AdminCopy.dialog.validation): PostFormErrors {
  const errors: PostFormErrors = {};
  if (!values.title.trim()) errors.title = copy.titleRequired;
  if (!values.slug.trim()) errors.slug = copy.slugRequired;
  else if (!isValidSlug(values.slug.trim())) errors.slug = copy.slugInvalid;
  if (!values.content.trim()) errors.content = copy.contentRequired;
  // An http(s) URL, or a path on this site (an uploaded image when the backend is this site).
  const image = values.featured_image.trim();
  if (image && !isHttpUrl(image) && !/^\/[^/\s]\S*$/.test(image)) errors.featured_image = copy.imageInvalid;
  return errors;
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
  const [values, setValues] = useState<PostInput>(() => initialValues(post));
  // A new post's slug is derived from its title; an existing post keeps its address.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [tab, setTab] = useState("write");
  // An image pasted or dropped into the Markdown, waiting for its alt text, and where it goes.
  const [inline, setInline] = useState<{ file: File; at: number } | null>(null);
  const id = useId();
  const refs = useRef<Partial<Record<PostField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const shown: PostFormErrors = { ...serverErrors, ...errors };

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
    const found = validate(values, copy.validation);
    setErrors(found);
    const first = (["title", "slug", "content", "featured_image"] as const).find((field) => found[field]);
    if (first) {
      if (first === "content") setTab("write");
      // After the tab switch has rendered the textarea.
      requestAnimationFrame(() => refs.current[first]?.focus());
      return;
    }
    onSubmit(values);
  };

  const fieldId = (field: string) => `${id}-${field}`;
  /** Keeps each control's element, so that a failed submit can focus the first field in error. */
  const refFor = (field: PostField) => (node: HTMLInputElement | HTMLTextAreaElement | null) => {
    refs.current[field] = node;
  };

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
              setSlugEdited(true);
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
      {/* The label shares a row with the write/preview tabs, so this field is laid out by hand. */}
      <div className="flex flex-col gap-2">
        <Tabs value={tab} onValueChange={setTab}>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={fieldId("content")}>{copy.fields.content.label}</Label>
            <TabsList aria-label={copy.contentModes}>
              <TabsTrigger value="write">{copy.write}</TabsTrigger>
              <TabsTrigger value="preview">{copy.preview}</TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="write" active={tab === "write"} className="mt-2 flex flex-col gap-2">
            <Textarea
              {...fieldControl(fieldId("content"), { error: shown.content, hint: copy.fields.content.hint })}
              ref={refFor("content")}
              rows={10}
              required
              className="font-mono"
              placeholder={copy.fields.content.placeholder}
              value={values.content}
              onChange={(event) => set("content", event.target.value)}
              onPaste={(event) => {
                const file = uploadImage ? firstImage(event.clipboardData.files) : null;
                if (!file) return;
                event.preventDefault();
                setInline({ file, at: event.currentTarget.selectionStart });
              }}
              onDrop={(event) => {
                const file = uploadImage ? firstImage(event.dataTransfer.files) : null;
                if (!file) return;
                event.preventDefault();
                setInline({ file, at: event.currentTarget.selectionStart });
              }}
            />
            {inline && uploadImage ? (
              <InlineImagePrompt
                file={inline.file}
                upload={uploadImage}
                copy={copy.upload}
                onCancel={() => {
                  setInline(null);
                  refs.current.content?.focus();
                }}
                onInsert={(markdown) => {
                  const at = inline.at;
                  const before = values.content.slice(0, at);
                  const after = values.content.slice(at);
                  // On a line of its own, so it renders as a picture and not inside a paragraph's text.
                  const block = `${before && !before.endsWith("\n") ? "\n\n" : ""}${markdown}\n\n`;
                  set("content", `${before}${block}${after}`);
                  setInline(null);
                  requestAnimationFrame(() => {
                    const area = refs.current.content as HTMLTextAreaElement | null | undefined;
                    area?.focus();
                    area?.setSelectionRange(at + block.length, at + block.length);
                  });
                }}
              />
            ) : null}
            <FieldHint id={fieldId("content")}>{copy.fields.content.hint}</FieldHint>
          </TabsContent>
          <TabsContent value="preview" active={tab === "preview"} className="mt-2">
            {/* Mounted only while shown: it asks the server for HTML. */}
            {tab === "preview" ? (
              <MarkdownPreview
                markdown={values.content}
                render={renderPreview}
                copy={{ loading: copy.previewLoading, empty: copy.previewEmpty, error: copy.previewError }}
              />
            ) : null}
          </TabsContent>
        </Tabs>
        <FieldError id={fieldId("content")}>{shown.content}</FieldError>
      </div>
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
