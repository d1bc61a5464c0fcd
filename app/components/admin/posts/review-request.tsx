import { Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { adminKeys } from "~/lib/admin/keys";
import { requestReview } from "~/lib/admin/posts";
import type { AppSupabaseClient } from "~/lib/database.types";
import type { BlogPost } from "~/lib/blog-types";
import { useAdminWrite } from "../admin-write";

/**
 * "Enviar para revisão": a writer (autor), who cannot publish, marks their saved draft for the
 * editors, whose list then says "Em revisão". The database allows it on the writer's own drafts
 * only (supabase/migrations/20260101001910_staff_roles.sql).
 */
export function ReviewRequestButton({
  client,
  copy,
  post,
  onSent,
}: {
  client: AppSupabaseClient;
  copy: typeof AdminCopy;
  post: BlogPost;
  onSent: () => void;
}) {
  const send = useAdminWrite(() => requestReview(client, post.id), {
    done: copy.review.done,
    failure: { title: copy.toasts.errorTitle, byKind: { forbidden: copy.review.forbidden } },
    reload: adminKeys.posts,
  });
  if (post.published || post.review_requested_at) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={send.isPending}
      onClick={() => send.mutate(undefined, { onSuccess: onSent })}
    >
      <Send aria-hidden="true" />
      {send.isPending ? copy.review.sending : copy.review.send}
    </Button>
  );
}
