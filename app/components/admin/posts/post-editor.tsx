import type { Session } from "@supabase/supabase-js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { Button } from "~/components/ui/button";
import { adminKeys } from "~/lib/admin/keys";
import { authorsQuery, PostTagsFailure, postTagNames, savePost, tagsQuery } from "~/lib/admin/posts";
import type { BlogPost } from "~/lib/blog-types";
import { dataErrorOf, errorNotice, screenErrorTexts } from "~/lib/data-result";
import { uploadImage } from "~/lib/image-upload";
import { postProblemOf, type PostInput } from "~/lib/posts";
import type { AdminContext } from "../admin-view";
import { showDone, showError } from "../admin-write";
import { canPublish } from "~/lib/admin-role";
import { ReviewRequestButton } from "./review-request";
import type { PostFormErrors, SaveOutcome } from "./post-dialog";

// The editor is a chunk of its own, fetched once the admin has rendered (and awaited by a first
// opening that comes sooner), so the admin's first load does not carry it (issue #37).
const loadPostDialog = () => import("./post-dialog");
const PostDialog = lazy(() => loadPostDialog().then((module) => ({ default: module.PostDialog })));
// "Histórico", "Visualizar" and "Copiar link de prévia" ride with the editor's chunk, not the admin's.
const PostActions = lazy(() => import("./revisions/post-actions").then((module) => ({ default: module.PostActions })));

type DialogState = { open: false } | { open: true; post: BlogPost | null; tags: string[]; key: number };

const OpenPostContext = createContext<(post: BlogPost | null) => Promise<void>>(async () => {});

/** Opens the post dialog: empty for a new post ("Novo Post"), filled in to edit `post`. */
export function useOpenPost(): (post: BlogPost | null) => Promise<void> {
  return useContext(OpenPostContext);
}

/** "Novo Post", in the admin's header on every tab. */
export function NewPostButton({ copy }: AdminContext) {
  const openPost = useOpenPost();
  return (
    <Button onClick={() => void openPost(null)}>
      <Plus aria-hidden="true" />
      {copy.newPost}
    </Button>
  );
}

/** The preview route renders Markdown as the post page will (app/routes/admin/preview.ts). */
function usePreview(session: Session) {
  return useCallback(
    async (markdown: string, signal: AbortSignal) => {
      const response = await fetch("/admin/preview", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ markdown }),
        signal,
      });
      if (!response.ok) throw new Error(`Preview failed: ${response.status}`);
      return ((await response.json()) as { html: string }).html;
    },
    [session.access_token],
  );
}

/**
 * The post dialog and its save, around the whole screen: the header's "Novo Post" and the list's
 * pencil open it (docs/product.md §2, §4). Each opening mounts a fresh form (a `key`), so closing
 * always resets it.
 */
export function PostEditorProvider({
  client,
  session,
  role,
  copy,
  backend,
  children,
}: AdminContext & { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  // The form's choices: existing tags (suggestions) and the staff with an author profile.
  const tags = useQuery(tagsQuery(client));
  const authors = useQuery(authorsQuery(client));
  // One list while the tags are the same: the editor's stored copy waits for a pause in typing,
  // and a new list each render would restart that wait.
  const tagSuggestions = useMemo(() => (tags.data ?? []).map((tag) => tag.name), [tags.data]);

  // The control that opened the editor ("Novo Post", a row's pencil), which gets the focus back.
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  const openPost = useCallback(
    async (post: BlogPost | null) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // An existing post opens with its tags; without them a save would drop them.
      let names: string[] = [];
      if (post) {
        try {
          names = await queryClient.fetchQuery({
            queryKey: [...adminKeys.posts, post.id, "tags"],
            queryFn: () => postTagNames(client, post.id),
            staleTime: 0,
          });
        } catch (error) {
          showError(errorNotice(dataErrorOf(error), screenErrorTexts.savePost(copy)));
          return;
        }
      }
      setDialog({ open: true, post, tags: names, key: Date.now() });
    },
    [client, copy, queryClient],
  );
  const close = () => setDialog({ open: false });

  /**
   * A failed save, in the form's words: the toast, and the field it concerns when the form can
   * place it (a taken slug, a limit, an address), said under that field as well.
   */
  const saveFailure = (error: unknown) => {
    const failure = dataErrorOf(error);
    const known = postProblemOf(failure);
    const texts = screenErrorTexts.savePost(copy);
    const notice = known
      ? { title: texts.title, description: copy.dialog.validation[known.problem] }
      : errorNotice(failure, texts);
    const fields: PostFormErrors = {};
    if (known && notice) fields[known.field] = notice.description;
    else if (failure.kind === "conflict" && notice) fields.slug = notice.description;
    return { notice, fields };
  };

  // The dialog decides what follows a save (close, or go on editing what was typed meanwhile);
  // here the saved post replaces the one the opening (`key`) edits, so the next save updates it.
  const save = useMutation({
    mutationFn: ({ input, post }: { input: PostInput; post: BlogPost | null; key: number }) =>
      savePost(client, input, post, tags.data ?? []),
    onSuccess: (saved, { input, post, key }) => {
      showDone(post ? copy.toasts.updated : copy.toasts.created);
      setDialog((current) =>
        current.open && current.key === key ? { ...current, post: saved, tags: input.tags } : current,
      );
    },
    onError: (error, { input, key }) => {
      // The post was saved but not its tags: go on editing the saved post.
      if (error instanceof PostTagsFailure) {
        setDialog((current) =>
          current.open && current.key === key ? { ...current, post: error.post, tags: input.tags } : current,
        );
      }
      showError(saveFailure(error).notice);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.posts }),
        queryClient.invalidateQueries({ queryKey: adminKeys.tags }),
      ]),
  });

  const renderPreview = usePreview(session);
  const uploadBlogImage = useCallback(
    (file: File, onProgress: (fraction: number) => void) =>
      uploadImage({ config: backend, accessToken: session.access_token, file, onProgress }),
    [backend, session.access_token],
  );

  useEffect(() => {
    void loadPostDialog();
  }, []);

  // A writer (autor) sends their saved drafts to the editors.
  const reviewed = dialog.open && !canPublish(role) ? dialog.post : null;

  return (
    <OpenPostContext value={openPost}>
      {children}
      {dialog.open ? (
        <Suspense fallback={null}>
          <PostDialog
            key={dialog.key}
            open
            post={dialog.post}
            copy={copy.dialog}
            saving={save.isPending}
            onClose={close}
            returnFocus={returnFocus}
            onSubmit={(input) =>
              save.mutateAsync({ input, post: dialog.post, key: dialog.key }).then(
                (post): SaveOutcome => ({ ok: true, post }),
                (error: unknown): SaveOutcome => ({ ok: false, errors: saveFailure(error).fields }),
              )
            }
            renderPreview={renderPreview}
            uploadImage={uploadBlogImage}
            initialTags={dialog.tags}
            tagSuggestions={tagSuggestions}
            authors={(authors.data ?? []).map((author) => ({ value: author.user_id, label: author.name }))}
            currentUserId={session.user.id}
            canPublish={canPublish(role)}
            renderFooterStart={
              reviewed
                ? (actions) => (
                    <ReviewRequestButton
                      client={client}
                      copy={copy}
                      post={reviewed}
                      actions={actions}
                      onSent={(at) =>
                        // The button goes if the editor stays open (changes made meanwhile).
                        setDialog((current) =>
                          current.open && current.post?.id === reviewed.id
                            ? { ...current, post: { ...current.post, review_requested_at: at } }
                            : current,
                        )
                      }
                    />
                  )
                : undefined
            }
            headerActions={
              dialog.post ? (
                // A boundary of its own: a new post saved while the editor stays open shows them
                // then, and the editor must not be hidden (losing the focus) while they load.
                <Suspense fallback={null}>
                  <PostActions
                    client={client}
                    copy={copy}
                    post={dialog.post}
                    tags={dialog.tags}
                    onRestored={(restored) => void openPost(restored)}
                  />
                </Suspense>
              ) : undefined
            }
          />
        </Suspense>
      ) : null}
    </OpenPostContext>
  );
}
