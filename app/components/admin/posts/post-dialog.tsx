import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { clearDraft, DRAFT_IDLE_MS, loadDraft, sameInput, saveDraft, type StoredDraft } from "~/lib/admin/post-draft";
import type { BlogPost } from "~/lib/blog-types";
import { formatShortDateTime } from "~/lib/format";
import { POST_FIELDS, postInput, slugify, validatePost, type PostField, type PostInput } from "~/lib/posts";
import { ContentField, type ContentMode } from "./content-field";
import { ImageDrop, type UploadImage } from "./image-drop";
import { TagsField } from "./tags-field";

// The previews are loaded when first opened, so the admin's first load does not carry them.
const SharePreviews = lazy(() => import("./share-previews").then((module) => ({ default: module.SharePreviews })));

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
  /** Closes the editor; the form's guard has already asked about unsaved changes. */
  onClose: () => void;
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
  /** Where focus goes when the editor closes: the control that opened it. */
  returnFocus: () => void;
  /**
   * Actions on the post beside the title (for a saved post: its history, a visitor's view, a
   * preview link…); each is its own component, mounted by the editor's owner.
   */
  headerActions?: ReactNode;
  /** False for a writer (autor): no author, "Publicar post" or date; the database refuses them anyway. */
  canPublish?: boolean;
  /** Before the footer's buttons: a writer's "Enviar para revisão" (./review-request.tsx). */
  footerStart?: ReactNode;
}

/**
 * The post editor (docs/product.md §2, §4, §5; docs/admin.md): full screen, the Markdown and its
 * rendering beside a settings panel. The parent mounts a fresh form for every opening (a `key`),
 * so closing always resets it; closing with unsaved changes asks first, and the work in progress
 * is kept in the browser until it is saved or discarded.
 */
export function PostDialog(props: PostDialogProps) {
  const { open, post, copy, onClose, returnFocus, headerActions } = props;
  const form = usePostForm(props);
  const [confirming, setConfirming] = useState(false);
  useLeaveGuard(open && form.dirty);

  // Esc, the close button, a click outside and "Cancelar" all come here.
  const requestClose = () => {
    if (form.dirty) setConfirming(true);
    else onClose();
  };
  const discard = () => {
    clearDraft(window.localStorage, form.postId);
    setConfirming(false);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) requestClose();
      }}
    >
      <DialogContent
        closeLabel={copy.close}
        layout="full-screen"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <div className="flex shrink-0 flex-wrap items-start gap-3 border-b border-border px-4 py-3 pr-14 sm:px-6">
          <DialogHeader className="min-w-0 flex-1">
            <DialogTitle>{post ? copy.editTitle : copy.createTitle}</DialogTitle>
            <DialogDescription className="mt-1 text-sm">
              {post ? copy.editDescription : copy.createDescription}
            </DialogDescription>
          </DialogHeader>
          {headerActions ? <div className="flex flex-wrap items-center gap-2">{headerActions}</div> : null}
        </div>
        <PostForm {...props} form={form} onCancel={requestClose} />
        <DiscardDialog open={confirming} copy={copy.discard} onKeep={() => setConfirming(false)} onDiscard={discard} />
      </DialogContent>
    </Dialog>
  );
}

/** "Descartar alterações?": an alertdialog whose safe answer (keep editing) has the focus. */
function DiscardDialog({
  open,
  copy,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  copy: typeof AdminCopy.dialog.discard;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onKeep();
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-background p-6 shadow-xl">
          <AlertDialogPrimitive.Title className="text-lg font-bold">{copy.title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-muted-foreground">
            {copy.description}
          </AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline">{copy.keep}</Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button variant="destructive" onClick={onDiscard}>
                {copy.confirm}
              </Button>
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/** While there are unsaved changes, leaving the page (reload, another address, closing the tab) asks first. */
function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);
}

type PostFormState = ReturnType<typeof usePostForm>;

/**
 * The form's state: the values, their errors (app/lib/posts.ts decides them, the copy words them),
 * the controls to focus when a submit fails, and the work in progress kept in the browser.
 */
function usePostForm({ open, post, copy, onSubmit, initialTags, currentUserId }: PostDialogProps) {
  const [opening] = useState<PostInput>(() => postInput(post, { tags: initialTags, authorId: currentUserId }));
  const [values, setValues] = useState<PostInput>(opening);
  // A new post's slug is derived from its title; an existing post keeps its address.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [mode, setMode] = useState<ContentMode | null>(null);
  const refs = useRef<Partial<Record<PostField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [seoOpen, setSeoOpen] = useState(false);
  const postId = post?.id ?? null;
  const dirty = !sameInput(values, opening);

  // A copy left by a closed or crashed tab, offered until the admin recovers or dismisses it.
  // The form is mounted afresh for each opening, so reading it once is enough.
  const [offer, setOffer] = useState<StoredDraft | null>(() =>
    open ? loadDraft(window.localStorage, postId, opening) : null,
  );

  // After a few seconds without changes, keep the work; paused while an older copy is offered,
  // so typing cannot overwrite it before the admin has chosen.
  useEffect(() => {
    if (!open || offer || !dirty) return;
    const timer = setTimeout(() => saveDraft(window.localStorage, postId, values), DRAFT_IDLE_MS);
    return () => clearTimeout(timer);
  }, [open, offer, dirty, postId, values]);

  const set = <K extends keyof PostInput>(key: K, value: PostInput[K]) => {
    const derivesSlug = key === "title" && !slugEdited;
    setValues((current) => {
      const next = { ...current, [key]: value };
      if (derivesSlug) next.slug = slugify(String(value));
      return next;
    });
    // Editing a field clears its error, a server one (duplicate slug) included; so does the slug
    // the title fills in.
    setErrors((current) => ({ ...current, [key]: undefined, ...(derivesSlug ? { slug: undefined } : {}) }));
  };

  const recover = () => {
    if (!offer) return;
    setValues(offer.values);
    setSlugEdited(post !== null || offer.values.slug !== slugify(offer.values.title));
    setOffer(null);
  };
  const dismissOffer = () => {
    clearDraft(window.localStorage, postId);
    setOffer(null);
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
      if (first === "content" && mode === "preview") setMode("write");
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
    postId,
    values,
    dirty,
    errors,
    mode,
    setMode,
    set,
    editSlug: () => setSlugEdited(true),
    submit,
    refFor,
    seoOpen,
    setSeoOpen,
    offer,
    recover,
    dismissOffer,
  };
}

/** The fields inside the collapsed "SEO e compartilhamento" group. */
const SEO_FIELDS: readonly PostField[] = ["meta_title", "meta_description", "og_image", "canonical_url"];

/** Search engines cut a title and a description around these lengths: the counters' advice. */
const SEO_ADVICE = { title: 70, description: 160 } as const;

function PostForm({
  post,
  copy,
  saving,
  serverErrors,
  renderPreview,
  uploadImage,
  tagSuggestions,
  authors,
  currentUserId,
  canPublish = true,
  footerStart,
  form,
  onCancel,
}: PostDialogProps & { form: PostFormState; onCancel: () => void }) {
  const { values, errors, mode, setMode, set, editSlug, submit, refFor, seoOpen, setSeoOpen } = form;
  const [previewsOpen, setPreviewsOpen] = useState(false);
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const shown: PostFormErrors = { ...serverErrors, ...errors };
  const seo = copy.fields.seo;

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:overflow-hidden">
        <div className="flex min-w-0 flex-col gap-5 p-4 sm:p-6 lg:overflow-y-auto">
          {form.offer ? (
            <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm">{copy.recovery.text(formatShortDateTime(form.offer.savedAt))}</p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" size="sm" onClick={form.recover}>
                  {copy.recovery.recover}
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={form.dismissOffer}>
                  {copy.recovery.dismiss}
                </Button>
              </div>
            </div>
          ) : null}
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
        </div>
        <section
          aria-labelledby={fieldId("settings")}
          className="flex min-w-0 flex-col gap-5 border-t border-border p-4 sm:p-6 lg:overflow-y-auto lg:border-t-0 lg:border-l"
        >
          <h3 id={fieldId("settings")} className="font-semibold">
            {copy.settings}
          </h3>
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
          {canPublish ? (
            <>
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
          ) : null}
          <details
            open={seoOpen}
            onToggle={(event) => setSeoOpen(event.currentTarget.open)}
            className="rounded-lg border border-border p-4"
          >
            <summary className="cursor-pointer font-medium">{seo.legend}</summary>
            <div className="mt-4 flex flex-col gap-5">
              <p className="text-sm text-muted-foreground">{seo.hint}</p>
              <Field
                id={fieldId("meta-title")}
                label={seo.metaTitle.label}
                hint={seo.counter(values.meta_title.trim().length, SEO_ADVICE.title)}
                error={shown.meta_title}
              >
                {(control) => (
                  <Input
                    {...control}
                    ref={refFor("meta_title")}
                    placeholder={seo.metaTitle.placeholder}
                    value={values.meta_title}
                    onChange={(event) => set("meta_title", event.target.value)}
                  />
                )}
              </Field>
              <Field
                id={fieldId("meta-description")}
                label={seo.metaDescription.label}
                hint={seo.counter(values.meta_description.trim().length, SEO_ADVICE.description)}
                error={shown.meta_description}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    ref={refFor("meta_description")}
                    rows={3}
                    className="min-h-0"
                    placeholder={seo.metaDescription.placeholder}
                    value={values.meta_description}
                    onChange={(event) => set("meta_description", event.target.value)}
                  />
                )}
              </Field>
              <Field id={fieldId("og-image")} label={seo.ogImage.label} error={shown.og_image}>
                {(control) => (
                  <Input
                    {...control}
                    ref={refFor("og_image")}
                    type="url"
                    inputMode="url"
                    placeholder={seo.ogImage.placeholder}
                    value={values.og_image}
                    onChange={(event) => set("og_image", event.target.value)}
                  />
                )}
              </Field>
              <Field
                id={fieldId("canonical-url")}
                label={seo.canonicalUrl.label}
                hint={seo.canonicalUrl.hint}
                error={shown.canonical_url}
              >
                {(control) => (
                  <Input
                    {...control}
                    ref={refFor("canonical_url")}
                    type="url"
                    inputMode="url"
                    placeholder={seo.canonicalUrl.placeholder}
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
                <Label htmlFor={fieldId("noindex")}>{seo.noindex}</Label>
              </div>
            </div>
          </details>
          <details
            open={previewsOpen}
            onToggle={(event) => setPreviewsOpen(event.currentTarget.open)}
            className="rounded-lg border border-border p-4"
          >
            <summary className="cursor-pointer font-medium">{copy.previews.legend}</summary>
            {previewsOpen ? (
              <div className="mt-4">
                <Suspense fallback={<p className="text-sm text-muted-foreground">{copy.previews.loading}</p>}>
                  <SharePreviews values={values} copy={copy.previews} />
                </Suspense>
              </div>
            ) : null}
          </details>
        </section>
      </div>
      <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-border px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
        {footerStart}
        <Button type="button" variant="outline" onClick={onCancel}>
          {copy.cancel}
        </Button>
        <Button type="submit" disabled={saving}>
          {post ? copy.update : copy.create}
        </Button>
      </div>
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
