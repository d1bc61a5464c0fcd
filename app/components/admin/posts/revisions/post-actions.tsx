import { History } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { BlogPost } from "~/lib/blog-types";
import type { AppSupabaseClient } from "~/lib/database.types";
import { PreviewLinkButton, ViewPostButton } from "../preview-link";

// The history panel and the line diff it uses load only when "Histórico" is pressed.
const HistoryDialog = lazy(async () => ({ default: (await import("./history-dialog")).HistoryDialog }));

export interface PostActionsProps {
  client: AppSupabaseClient;
  copy: typeof AdminCopy;
  /** The saved post the editor opened, and its tag names. */
  post: BlogPost;
  tags: readonly string[];
  /** A revision was put back: the editor shows the post as it is now. */
  onRestored: (post: BlogPost) => void;
}

/** "Histórico", "Visualizar" and "Copiar link de prévia", for a post that exists. */
export function PostActions({ client, copy, post, tags, onRestored }: PostActionsProps) {
  const [historyOpen, setHistoryOpen] = useState(false);
  // Opened without a Radix trigger, the history would give the focus back to nothing.
  const historyButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button ref={historyButton} type="button" variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
        <History aria-hidden="true" />
        {copy.revisions.history}
      </Button>
      <ViewPostButton client={client} postId={post.id} copy={copy} />
      <PreviewLinkButton client={client} postId={post.id} copy={copy} />
      {historyOpen ? (
        <Suspense fallback={null}>
          <HistoryDialog
            client={client}
            copy={copy}
            post={post}
            tags={tags}
            onOpenChange={setHistoryOpen}
            returnFocus={() => historyButton.current?.focus()}
            onRestored={(restored) => {
              setHistoryOpen(false);
              onRestored(restored);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
