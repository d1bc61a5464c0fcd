import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { clearDraft, DRAFT_IDLE_MS, loadDraft, sameInput, saveDraft, type StoredDraft } from "~/lib/admin/post-draft";
import type { BlogPost } from "~/lib/blog-types";
import { POST_FIELDS, postInput, slugify, validatePost, type PostField, type PostInput } from "~/lib/posts";
import type { ContentMode } from "./content-field";
import { useTrackedUpload } from "../use-tracked-upload";
import type { UploadImage } from "./image-drop";
import type { PostFormControls, PostFormErrors } from "./post-form-controls";
import { type AuthorChoice, PostSettingsPanel } from "./post-settings-panel";
import { PostWritingArea } from "./post-writing-area";

export type { AuthorChoice } from "./post-settings-panel";
export type { PostFormErrors } from "./post-form-controls";

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
function usePostForm({ open, post, copy, onSubmit, initialTags, currentUserId, uploadImage }: PostDialogProps) {
  const [opening] = useState<PostInput>(() => postInput(post, { tags: initialTags, authorId: currentUserId }));
  const [values, setValues] = useState<PostInput>(opening);
  // A new post's slug is derived from its title; an existing post keeps its address.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [mode, setMode] = useState<ContentMode | null>(null);
  const refs = useRef<Partial<Record<PostField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [seoOpen, setSeoOpen] = useState(false);
  const postId = post?.id ?? null;
  const uploads = useTrackedUpload(uploadImage);
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
    // The footer says why: the image's URL is not in the values yet.
    if (uploads.uploading) return;
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
    uploadImage: uploads.upload,
    uploading: uploads.uploading,
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

/** The form: the writing area beside the settings panel, and the footer's buttons. */
function PostForm({
  post,
  copy,
  saving,
  serverErrors,
  renderPreview,
  tagSuggestions,
  authors,
  currentUserId,
  canPublish = true,
  footerStart,
  form,
  onCancel,
}: PostDialogProps & { form: PostFormState; onCancel: () => void }) {
  const id = useId();
  const controls: PostFormControls = {
    copy,
    values: form.values,
    errors: { ...serverErrors, ...form.errors },
    set: form.set,
    refFor: form.refFor,
    fieldId: (field: string) => `${id}-${field}`,
  };

  return (
    <form noValidate onSubmit={form.submit} className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:overflow-hidden">
        <PostWritingArea
          {...controls}
          offer={form.offer}
          onRecover={form.recover}
          onDismissOffer={form.dismissOffer}
          mode={form.mode}
          onModeChange={form.setMode}
          renderPreview={renderPreview}
          uploadImage={form.uploadImage}
        />
        <PostSettingsPanel
          {...controls}
          uploadImage={form.uploadImage}
          tagSuggestions={tagSuggestions}
          authors={authors}
          currentUserId={currentUserId}
          canPublish={canPublish}
          onEditSlug={form.editSlug}
          seoOpen={form.seoOpen}
          onSeoOpenChange={form.setSeoOpen}
        />
      </div>
      <PostFormFooter
        copy={copy}
        editing={post !== null}
        saving={saving}
        uploading={form.uploading}
        start={footerStart}
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * Cancel and save, after what the owner adds (a writer's "Enviar para revisão"). While an image
 * uploads, save stays focusable but refuses, and says why.
 */
function PostFormFooter({
  copy,
  editing,
  saving,
  uploading,
  start,
  onCancel,
}: {
  copy: typeof AdminCopy.dialog;
  editing: boolean;
  saving: boolean;
  uploading: boolean;
  start: ReactNode;
  onCancel: () => void;
}) {
  const waitId = useId();
  return (
    <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-border px-4 py-3 sm:flex-row sm:items-center sm:justify-end sm:px-6">
      <p id={waitId} aria-live="polite" className="text-sm text-muted-foreground sm:mr-auto">
        {uploading ? copy.waitForUpload : ""}
      </p>
      {start}
      <Button type="button" variant="outline" onClick={onCancel}>
        {copy.cancel}
      </Button>
      <Button
        type="submit"
        disabled={saving}
        aria-disabled={uploading || undefined}
        aria-describedby={waitId}
        className="aria-disabled:cursor-progress"
      >
        {editing ? copy.update : copy.create}
      </Button>
    </div>
  );
}
