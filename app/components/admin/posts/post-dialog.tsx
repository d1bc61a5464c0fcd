import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { adminCopy as AdminCopy } from "~/content/admin";
import {
  clearDraft,
  DRAFT_IDLE_MS,
  forgetDraft,
  newSession,
  offeredDrafts,
  sameInput,
  saveDraft,
  setAsideDraft,
  standingRefusals,
  valuesAfterSave,
  type FieldRefusal,
  type OfferedDraft,
} from "~/lib/admin/post-draft";
import type { BlogPost } from "~/lib/blog-types";
import {
  POST_FIELDS,
  postInput,
  slugify,
  validatePost,
  withTypedTag,
  type PostField,
  type PostInput,
} from "~/lib/posts";
import type { ContentMode } from "./content-field";
import { holdSession, openSessions } from "./editor-sessions";
import { useTrackedUpload } from "../use-tracked-upload";
import { useLeaveGuard } from "../unsaved-work";
import type { UploadImage } from "./image-drop";
import type { PostFormControls, PostFormErrors } from "./post-form-controls";
import { type AuthorChoice, PostSettingsPanel } from "./post-settings-panel";
import { PostWritingArea } from "./post-writing-area";

export type { AuthorChoice } from "./post-settings-panel";
export type { PostFormErrors } from "./post-form-controls";

/** How a save went: the saved post, or the fields the server refused (a taken slug…), if any. */
export type SaveOutcome = { ok: true; post: BlogPost } | { ok: false; errors: PostFormErrors };

/** What the footer's extra actions (a writer's "Enviar para revisão") may ask of the form. */
export interface PostFormActions {
  /**
   * Saves what is on screen when it differs from the saved post; false when the form refused
   * (a field in error, an image uploading) or the save failed, the form or a toast saying why.
   */
  saveFirst: () => Promise<boolean>;
  /** Closes the editor, unless it holds changes made since (an upload included): they stay. */
  closeIfSaved: () => void;
}

export interface PostDialogProps {
  open: boolean;
  /** The post being edited, or null to create one; the saved post once a save succeeds. */
  post: BlogPost | null;
  copy: typeof AdminCopy.dialog;
  saving: boolean;
  /** Closes the editor; the form's guard has already asked about unsaved changes. */
  onClose: () => void;
  /** Saves the values; failures are told (toasts) by the owner, refused fields placed by the form. */
  onSubmit: (input: PostInput) => Promise<SaveOutcome>;
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
  renderFooterStart?: (actions: PostFormActions) => ReactNode;
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
  // The control the discard question came from: "Continuar editando" returns there, since the
  // question, opened without a trigger, would otherwise leave the focus on the page's body.
  const askedFrom = useRef<HTMLElement | null>(null);
  const discarding = useRef(false);
  useLeaveGuard(open && form.dirty);

  // Esc, the close button, a click outside and "Cancelar" all come here.
  const requestClose = () => {
    if (form.dirty) {
      askedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setConfirming(true);
    } else onClose();
  };
  const keepEditing = () => {
    const target = askedFrom.current;
    askedFrom.current = null;
    // Discarding closes the editor too; its own close returns the focus to the opener.
    if (discarding.current) return;
    if (target?.isConnected && target !== document.body) target.focus();
    else form.focusTitle();
  };
  // Only this session's copy: other sessions' copies stay where they are.
  const discard = () => {
    discarding.current = true;
    clearDraft(window.localStorage, form.postId, form.session);
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
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          form.focusTitle();
        }}
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
        <ConfirmDialog
          question={
            confirming
              ? { title: copy.discard.title, description: copy.discard.description, action: copy.discard.confirm }
              : null
          }
          cancel={copy.discard.keep}
          destructive
          onAnswer={(confirmed) => (confirmed ? discard() : setConfirming(false))}
          onClosed={keepEditing}
        />
      </DialogContent>
    </Dialog>
  );
}

type PostFormState = ReturnType<typeof usePostForm>;

/**
 * The form's state: the values, their errors (app/lib/posts.ts decides them, the copy words them),
 * the controls to focus when a submit fails, and the work in progress kept in the browser.
 */
function usePostForm({
  open,
  post,
  copy,
  onSubmit,
  onClose,
  initialTags,
  tagSuggestions,
  currentUserId,
  uploadImage,
  canPublish = true,
}: PostDialogProps) {
  // What the form was opened with, then what was last saved: the editor is dirty while it differs.
  const [opening, setOpening] = useState<PostInput>(() =>
    postInput(post, { tags: initialTags, authorId: currentUserId }),
  );
  const [values, setValues] = useState<PostInput>(opening);
  // A new post's slug is derived from its title; an existing post keeps its address.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [errors, setErrors] = useState<PostFormErrors>({});
  // The last save's refusals (a taken slug), each shown while its field holds the refused value.
  const [refusals, setRefusals] = useState<Partial<Record<PostField, FieldRefusal>>>({});
  const [mode, setMode] = useState<ContentMode | null>(null);
  const refs = useRef<Partial<Record<PostField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [seoOpen, setSeoOpen] = useState(false);
  const postId = post?.id ?? null;
  const uploads = useTrackedUpload(uploadImage);
  // A tag typed but not yet added: a save adds it, so it is unsaved work like any field.
  const [typedTag, setTypedTag] = useState("");
  const changed = !sameInput(values, opening) || typedTag.trim() !== "";
  // An image still uploading is a change too: closing would drop it without a word.
  const dirty = changed || uploads.uploading;

  // The state as last rendered, for what runs after a save or a review request has come back.
  const latest = useRef({ values, opening, postId, dirty });
  useLayoutEffect(() => {
    latest.current = { values, opening, postId, dirty };
  }, [values, opening, postId, dirty]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const saving = useRef(false);

  // This opening's name: its copy has a slot of its own, which no other tab writes or offers while
  // this one is open (it holds a lock named after it).
  const [session] = useState(newSession);
  // Copies left by closed or crashed tabs, newest first, offered one at a time until recovered or
  // dismissed. Storing this session's work (below) never overwrites them.
  const [offers, setOffers] = useState<OfferedDraft[]>([]);
  // Whose they are: a new post's stay in its slot once the post is saved (then they are hidden).
  const [offersOf] = useState(postId);
  const [offerOpening] = useState(opening);
  useEffect(() => {
    if (!open) return;
    const release = holdSession(session);
    let current = true;
    void openSessions().then((sessions) => {
      if (!current) return;
      sessions.add(session);
      setOffers(offeredDrafts(window.localStorage, offersOf, offerOpening, sessions));
    });
    return () => {
      current = false;
      release();
    };
  }, [open, session, offersOf, offerOpening]);

  // After a few seconds without changes, keep the work: a typed tag among the tags, where a save
  // would add it.
  useEffect(() => {
    if (!open || !changed) return;
    const tags = withTypedTag(values.tags, typedTag, tagSuggestions, canPublish) ?? values.tags;
    const timer = setTimeout(() => saveDraft(window.localStorage, postId, session, { ...values, tags }), DRAFT_IDLE_MS);
    return () => clearTimeout(timer);
  }, [open, changed, postId, session, values, typedTag, tagSuggestions, canPublish]);

  const set = <K extends keyof PostInput>(key: K, value: PostInput[K]) => {
    const derivesSlug = key === "title" && !slugEdited;
    setValues((current) => {
      const next = { ...current, [key]: value };
      if (derivesSlug) next.slug = slugify(String(value));
      return next;
    });
    // Editing a field clears its error; so does the slug the title fills in.
    setErrors((current) => ({ ...current, [key]: undefined, ...(derivesSlug ? { slug: undefined } : {}) }));
  };

  const recover = () => {
    const [offer] = offers;
    if (!offer) return;
    const storage = window.localStorage;
    // The work it replaces is set aside in its turn, offered at the next opening.
    if (changed) setAsideDraft(storage, offersOf, values);
    forgetDraft(storage, offersOf, offer);
    saveDraft(storage, postId, session, offer.values);
    setValues(offer.values);
    setSlugEdited(post !== null || offer.values.slug !== slugify(offer.values.title));
    setOffers([]);
    focusAfterOffer();
  };
  const dismissOffer = () => {
    const [offer, ...older] = offers;
    if (!offer) return;
    forgetDraft(window.localStorage, offersOf, offer);
    setOffers(older);
    if (older.length === 0) focusAfterOffer();
  };
  // The offer's buttons go with it, and the dialog would keep the focus on itself: the form's
  // first field takes it, once the offer has left the page.
  const focusAfterOffer = () => requestAnimationFrame(() => refs.current.title?.focus());

  /**
   * Checks the values as app/lib/posts.ts does; on a problem, shows it and focuses the first field.
   * `tagRefused`: the typed tag could not be added (a writer's new name), as "Adicionar tag" says.
   */
  const check = (input: PostInput, tagRefused: boolean): boolean => {
    const dateIncomplete = refs.current.published_at?.validity.badInput ?? false;
    const problems = validatePost(input, { dateIncomplete });
    const found: PostFormErrors = {};
    for (const field of POST_FIELDS) {
      const problem = problems[field];
      if (problem) found[field] = copy.validation[problem];
    }
    if (tagRefused) found.tags = copy.fields.tags.notExisting;
    setErrors(found);
    const first = POST_FIELDS.find((field) => found[field]);
    if (!first) return true;
    if (first === "content" && mode === "preview") setMode("write");
    if (SEO_FIELDS.includes(first)) setSeoOpen(true);
    // After the tab switch has rendered the textarea.
    requestAnimationFrame(() => refs.current[first]?.focus());
    return false;
  };

  /**
   * Saves the values on screen. The form stays editable meanwhile (locked, it would swallow
   * keystrokes and drop the focus): what is typed during the save stays, unsaved, over the saved
   * post (the new baseline), and is stored at once; only a form with nothing new closes. Resolves
   * with whether anything changed meanwhile, or null when nothing was saved.
   */
  const save = async (): Promise<{ editedMeanwhile: boolean } | null> => {
    // The footer says why: the image's URL is not in the values yet.
    if (uploads.uploading || saving.current) return null;
    // A tag typed but not added is added now, as "Adicionar tag" would, or refused as it would.
    const tags = withTypedTag(values.tags, typedTag, tagSuggestions, canPublish);
    const submitted = tags ? { ...values, tags } : values;
    if (tags && typedTag.trim()) {
      setValues((current) => ({ ...current, tags }));
      setTypedTag("");
    }
    if (!check(submitted, tags === null)) return null;
    const submittedId = postId;
    saving.current = true;
    let outcome: SaveOutcome;
    try {
      outcome = await onSubmit(submitted);
    } finally {
      saving.current = false;
    }
    // Closed meanwhile ("Descartar alterações"): nothing left to update.
    if (!mounted.current) return null;
    if (!outcome.ok) {
      const refused: Partial<Record<PostField, FieldRefusal>> = {};
      for (const field of POST_FIELDS) {
        const message = outcome.errors[field];
        if (message) refused[field] = { message, value: submitted[field] };
      }
      setRefusals(refused);
      return null;
    }
    const saved = postInput(outcome.post, { tags: submitted.tags, authorId: currentUserId });
    const live = latest.current.values;
    const storage = window.localStorage;
    clearDraft(storage, submittedId, session);
    setRefusals({});
    setOpening(saved);
    setValues((current) => valuesAfterSave(submitted, saved, current));
    // A saved post keeps its address; a new post's offers belong to the next "Novo Post".
    setSlugEdited(true);
    if (outcome.post.id !== submittedId) setOffers([]);
    const editedMeanwhile = !sameInput(live, submitted);
    if (editedMeanwhile) saveDraft(storage, outcome.post.id, session, valuesAfterSave(submitted, saved, live));
    return { editedMeanwhile };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save().then((result) => {
      if (result && !result.editedMeanwhile) onClose();
    });
  };

  const actions: PostFormActions = {
    saveFirst: async () => {
      if (uploads.uploading) return false;
      if (!changed) return true;
      return (await save()) !== null;
    },
    closeIfSaved: () => {
      const now = latest.current;
      if (!mounted.current || now.dirty) return;
      clearDraft(window.localStorage, now.postId, session);
      onClose();
    },
  };

  /** Keeps each control's element, so that a failed submit can focus the first field in error. */
  const refFor = (field: PostField) => (node: HTMLInputElement | HTMLTextAreaElement | null) => {
    refs.current[field] = node;
  };

  // The form's own errors first, then the server's refusals that still stand.
  const shownErrors: PostFormErrors = standingRefusals(refusals, values);
  for (const field of POST_FIELDS) {
    const message = errors[field];
    if (message) shownErrors[field] = message;
  }

  return {
    postId,
    session,
    values,
    dirty,
    errors: shownErrors,
    mode,
    setMode,
    set,
    typedTag,
    typeTag: (text: string) => {
      setTypedTag(text);
      // A refusal of the typed tag is about the old text.
      setErrors((current) => ({ ...current, tags: undefined }));
    },
    editSlug: () => setSlugEdited(true),
    submit,
    actions,
    uploadImage: uploads.upload,
    uploading: uploads.uploading,
    refFor,
    /** Título: where the editor opens, rather than on its first button (Histórico). */
    focusTitle: () => refs.current.title?.focus(),
    seoOpen,
    setSeoOpen,
    offer: offers[0] ?? null,
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
  renderPreview,
  tagSuggestions,
  authors,
  currentUserId,
  canPublish = true,
  renderFooterStart,
  form,
  onCancel,
}: PostDialogProps & { form: PostFormState; onCancel: () => void }) {
  const id = useId();
  const controls: PostFormControls = {
    copy,
    values: form.values,
    errors: form.errors,
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
          typedTag={form.typedTag}
          onTypeTag={form.typeTag}
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
        start={renderFooterStart?.(form.actions)}
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * Cancel and save, after what the owner adds (a writer's "Enviar para revisão"). While an image
 * uploads or a save is under way, save stays focusable (the focus is not lost) but refuses; the
 * footer says why, the button says "Salvando...".
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
        aria-disabled={uploading || saving || undefined}
        aria-describedby={waitId}
        className="aria-disabled:cursor-progress"
      >
        {saving ? copy.saving : editing ? copy.update : copy.create}
      </Button>
    </div>
  );
}
