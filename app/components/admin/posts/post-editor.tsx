import type { Session } from "@supabase/supabase-js";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { adminKeys } from "~/lib/admin/keys";
import { savePost } from "~/lib/admin/posts";
import type { BlogPost } from "~/lib/blog-types";
import { dataErrorOf, errorNotice, screenErrorTexts } from "~/lib/data-result";
import { uploadImage } from "~/lib/image-upload";
import type { PostInput } from "~/lib/posts";
import type { AdminContext } from "../admin-view";
import { showDone, showError } from "../admin-write";
import { PostDialog, type PostFormErrors } from "./post-dialog";

type DialogState = { open: false } | { open: true; post: BlogPost | null; key: number };

const OpenPostContext = createContext<(post: BlogPost | null) => void>(() => {});

/** Opens the post dialog: empty for a new post ("Novo Post"), filled in to edit `post`. */
export function useOpenPost(): (post: BlogPost | null) => void {
  return useContext(OpenPostContext);
}

/** "Novo Post", in the admin's header on every tab. */
export function NewPostButton({ copy }: AdminContext) {
  const openPost = useOpenPost();
  return (
    <Button onClick={() => openPost(null)}>
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
  copy,
  backend,
  children,
}: AdminContext & { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [serverErrors, setServerErrors] = useState<PostFormErrors>({});

  const openPost = useCallback((post: BlogPost | null) => {
    setServerErrors({});
    setDialog({ open: true, post, key: Date.now() });
  }, []);
  const close = () => {
    setServerErrors({});
    setDialog({ open: false });
  };

  const save = useMutation({
    mutationFn: ({ input, id }: { input: PostInput; id: string | null }) =>
      savePost(client, input, session.user.id, id),
    onSuccess: (_data, { id }) => {
      showDone(id ? copy.toasts.updated : copy.toasts.created);
      close();
    },
    onError: (error) => {
      const failure = dataErrorOf(error);
      const notice = errorNotice(failure, screenErrorTexts.savePost(copy));
      // A taken slug is said under the field as well as in the toast.
      if (failure.kind === "conflict" && notice) setServerErrors({ slug: notice.description });
      showError(notice);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.posts }),
  });

  const renderPreview = usePreview(session);
  const uploadBlogImage = useCallback(
    (file: File, onProgress: (fraction: number) => void) =>
      uploadImage({ config: backend, accessToken: session.access_token, file, onProgress }),
    [backend, session.access_token],
  );

  return (
    <OpenPostContext value={openPost}>
      {children}
      <PostDialog
        key={dialog.open ? dialog.key : "closed"}
        open={dialog.open}
        post={dialog.open ? dialog.post : null}
        copy={copy.dialog}
        saving={save.isPending}
        serverErrors={serverErrors}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        onSubmit={(input) => {
          setServerErrors({});
          save.mutate({ input, id: dialog.open && dialog.post ? dialog.post.id : null });
        }}
        renderPreview={renderPreview}
        uploadImage={uploadBlogImage}
      />
    </OpenPostContext>
  );
}
