import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
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
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { BlogPost } from "~/lib/blog-types";
import { POST_FIELDS, postInput, slugify, validatePost, type PostField, type PostInput } from "~/lib/posts";
import { ContentField, type ContentMode } from "./content-field";
import { ImageDrop, type UploadImage } from "./image-drop";
import { TagsField } from "./tags-field";

/** A choice of the author select: a user id and how it reads. */
export interface AuthorChoice {
  value: string;
  label: string;
}

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
  /** The post's tag names in order (none for a new post). */
  initialTags: string[];
  /** Existing tags' names, suggested by the tags field. */
  tagSuggestions: readonly string[];
  /** Who may sign it; the signed-in user is the default author of a new post. */
  authors: readonly AuthorChoice[];
  currentUserId: string;
  /** False for a writer (autor): no author, "Publicar post" or date; the database refuses them anyway. */
  canPublish?: boolean;
  /** Before the footer's buttons: a writer's "Enviar para revisão" (./review-request.tsx). */
  footerStart?: ReactNode;
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
function usePostForm({
  post,
  copy,
  onSubmit,
  initialTags,
  currentUserId,
}: Pick<PostDialogProps, "post" | "copy" | "onSubmit" | "initialTags" | "currentUserId">) {
  const [values, setValues] = useState<PostInput>(() =>
    postInput(post, { tags: initialTags, authorId: currentUserId }),
  );
  // A new post's slug is derived from its title; an existing post keeps its address.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [mode, setMode] = useState<ContentMode>("write");
  const refs = useRef<Partial<Record<PostField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [seoOpen, setSeoOpen] = useState(false);

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
      if (SEO_FIELDS.includes(first)) setSeoOpen(true);
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

  return {
    values,
    errors,
    mode,
    setMode,
    set,
    editSlug: () => setSlugEdited(true),
    submit,
    refFor,
    seoOpen,
    setSeoOpen,
  };
}

/** The fields inside the collapsed "SEO e compartilhamento" group. */
const SEO_FIELDS: readonly PostField[] = ["meta_title", "meta_description", "og_image", "canonical_url"];

function PostForm({
  post,
  copy,
  saving,
  serverErrors,
  onOpenChange,
  onSubmit,
  renderPreview,
  uploadImage,
  initialTags,
  tagSuggestions,
  authors,
  currentUserId,
  canPublish = true,
  footerStart,
}: PostDialogProps) {
  const { values, errors, mode, setMode, set, editSlug, submit, refFor, seoOpen, setSeoOpen } = usePostForm({
    post,
    copy,
    onSubmit,
    initialTags,
    currentUserId,
  });
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
      <Field id={fieldId("excerpt")} label={copy.fields.excerpt.label} error={shown.excerpt}>
        {(control) => (
          <Textarea
            {...control}
            ref={refFor("excerpt")}
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
      <TagsField
        id={fieldId("tags")}
        copy={copy.fields.tags}
        value={values.tags}
        suggestions={tagSuggestions}
        error={shown.tags}
        onChange={(names) => set("tags", names)}
        inputRef={refFor("tags")}
      />
      {canPublish ? (
        <>
          <Field id={fieldId("author")} label={copy.fields.author.label}>
            {(control) => (
              <NativeSelect
                {...control}
                value={values.author_id}
                onChange={(event) => set("author_id", event.target.value)}
              >
                {authorChoices(authors, values.author_id, currentUserId, copy.fields.author).map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="flex items-center gap-3">
            <Switch
              id={fieldId("published")}
              checked={values.published}
              onCheckedChange={(checked) => set("published", checked)}
            />
            <Label htmlFor={fieldId("published")}>{copy.fields.published}</Label>
          </div>
          <Field
            id={fieldId("published-at")}
            label={copy.fields.publishedAt.label}
            hint={copy.fields.publishedAt.hint}
            error={shown.published_at}
          >
            {(control) => (
              <Input
                {...control}
                ref={refFor("published_at")}
                type="datetime-local"
                value={values.published_at}
                onChange={(event) => set("published_at", event.target.value)}
              />
            )}
          </Field>
        </>
      ) : null}
      <details
        open={seoOpen}
        onToggle={(event) => setSeoOpen(event.currentTarget.open)}
        className="rounded-lg border border-border p-4"
      >
        <summary className="cursor-pointer font-medium">{copy.fields.seo.legend}</summary>
        <div className="mt-4 flex flex-col gap-5">
          <p className="text-sm text-muted-foreground">{copy.fields.seo.hint}</p>
          <Field id={fieldId("meta-title")} label={copy.fields.seo.metaTitle.label} error={shown.meta_title}>
            {(control) => (
              <Input
                {...control}
                ref={refFor("meta_title")}
                placeholder={copy.fields.seo.metaTitle.placeholder}
                value={values.meta_title}
                onChange={(event) => set("meta_title", event.target.value)}
              />
            )}
          </Field>
          <Field
            id={fieldId("meta-description")}
            label={copy.fields.seo.metaDescription.label}
            error={shown.meta_description}
          >
            {(control) => (
              <Textarea
                {...control}
                ref={refFor("meta_description")}
                rows={2}
                className="min-h-0"
                placeholder={copy.fields.seo.metaDescription.placeholder}
                value={values.meta_description}
                onChange={(event) => set("meta_description", event.target.value)}
              />
            )}
          </Field>
          <Field id={fieldId("og-image")} label={copy.fields.seo.ogImage.label} error={shown.og_image}>
            {(control) => (
              <Input
                {...control}
                ref={refFor("og_image")}
                type="url"
                inputMode="url"
                placeholder={copy.fields.seo.ogImage.placeholder}
                value={values.og_image}
                onChange={(event) => set("og_image", event.target.value)}
              />
            )}
          </Field>
          <Field
            id={fieldId("canonical-url")}
            label={copy.fields.seo.canonicalUrl.label}
            hint={copy.fields.seo.canonicalUrl.hint}
            error={shown.canonical_url}
          >
            {(control) => (
              <Input
                {...control}
                ref={refFor("canonical_url")}
                type="url"
                inputMode="url"
                placeholder={copy.fields.seo.canonicalUrl.placeholder}
                value={values.canonical_url}
                onChange={(event) => set("canonical_url", event.target.value)}
              />
            )}
          </Field>
          <div className="flex items-center gap-3">
            <Switch
              id={fieldId("noindex")}
              checked={values.noindex}
              onCheckedChange={(checked) => set("noindex", checked)}
            />
            <Label htmlFor={fieldId("noindex")}>{copy.fields.seo.noindex}</Label>
          </div>
        </div>
      </details>
      <DialogFooter>
        {footerStart}
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

/**
 * The author select's choices: every staff account with a profile, plus the post's current
 * author or the signed-in user when they have none (the byline then names the site).
 */
function authorChoices(
  authors: readonly AuthorChoice[],
  selected: string,
  currentUserId: string,
  copy: typeof AdminCopy.dialog.fields.author,
): AuthorChoice[] {
  const choices = [...authors];
  for (const id of [currentUserId, selected]) {
    if (id && !choices.some((choice) => choice.value === id)) {
      choices.unshift({ value: id, label: copy.noProfile(id === currentUserId ? copy.you : id.slice(0, 8)) });
    }
  }
  return choices;
}
