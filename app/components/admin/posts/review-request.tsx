import { Send } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { adminKeys } from "~/lib/admin/keys";
import { requestReview } from "~/lib/admin/posts";
import type { AppSupabaseClient } from "~/lib/database.types";
import type { BlogPost } from "~/lib/blog-types";
import { useAdminWrite } from "../admin-write";
import type { PostFormActions } from "./post-dialog";

/**
 * "Enviar para revisão": a writer (autor), who cannot publish, marks their saved draft for the
 * editors, whose list then says "Em revisão". The database allows it on the writer's own drafts
 * only (supabase/migrations/20260101001910_staff_roles.sql). Editors review what the writer sees:
 * unsaved changes are saved first (a refused or failed save sends nothing), then the editor
 * closes unless more was typed meanwhile.
 */
export function ReviewRequestButton({
  client,
  copy,
  post,
  actions,
  onSent,
}: {
  client: AppSupabaseClient;
  copy: typeof AdminCopy;
  post: BlogPost;
  actions: PostFormActions;
  /** The request went through, at that moment (ISO 8601). */
  onSent: (at: string) => void;
}) {
  const [savingFirst, setSavingFirst] = useState(false);
  const send = useAdminWrite(() => requestReview(client, post.id), {
    done: copy.review.done,
    failure: { title: copy.toasts.errorTitle, byKind: { forbidden: copy.review.forbidden } },
    reload: adminKeys.posts,
  });
  if (post.published || post.review_requested_at) return null;
  const busy = savingFirst || send.isPending;

  const sendForReview = async () => {
    if (busy) return;
    setSavingFirst(true);
    let ready: boolean;
    try {
      ready = await actions.saveFirst();
    } finally {
      setSavingFirst(false);
    }
    if (!ready) return;
    send.mutate(undefined, {
      onSuccess: () => {
        // With changes typed meanwhile the editor stays open, and the stamp hides this button.
        actions.closeIfSaved();
        onSent(new Date().toISOString());
      },
    });
  };

  return (
    <Button
      type="button"
      variant="secondary"
      aria-disabled={busy || undefined}
      className="aria-disabled:cursor-progress"
      onClick={() => void sendForReview()}
    >
      <Send aria-hidden="true" />
      {busy ? copy.review.sending : copy.review.send}
    </Button>
  );
}
