import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { adminKeys } from "~/lib/admin/keys";
import { restoreRevision, revisionsQuery, type PostRevision } from "~/lib/admin/revisions";
import type { BlogPost } from "~/lib/blog-types";
import { dataErrorOf, errorNotice } from "~/lib/data-result";
import type { AppSupabaseClient } from "~/lib/database.types";
import { formatShortDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import { showDone, showError } from "../../admin-write";
import { LineDiff } from "./line-diff";

/** The fields a revision keeps, in the order the comparison shows them. */
const FIELDS = [
  "title",
  "excerpt",
  "content",
  "featured_image",
  "meta_title",
  "meta_description",
  "og_image",
  "canonical_url",
  "noindex",
  "tags",
] as const;

type Field = (typeof FIELDS)[number];

interface HistoryDialogProps {
  client: AppSupabaseClient;
  copy: typeof AdminCopy;
  post: BlogPost;
  tags: readonly string[];
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes once it has closed: the "Histórico" button (gone after a restore). */
  returnFocus: () => void;
  onRestored: (post: BlogPost) => void;
}

const when = (revision: PostRevision) => formatShortDateTime(revision.created_at);

/** A field's text, for the comparison: tags one per line, the switch as Sim/Não. */
function textOf(
  field: Field,
  source: BlogPost | PostRevision,
  tags: readonly string[],
  copy: typeof AdminCopy.revisions,
) {
  if (field === "tags") return tags.join("\n");
  if (field === "noindex") return source.noindex ? copy.yes : copy.no;
  return source[field] ?? "";
}

/**
 * "Histórico" (issue #37): a post's revisions, newest first, each with who saved it, when and
 * why; one chosen is compared with the current text, field by field, as a line diff, and
 * "Restaurar" puts it back (the database keeps that as a new revision).
 */
export function HistoryDialog({ client, copy, post, tags, onOpenChange, returnFocus, onRestored }: HistoryDialogProps) {
  const texts = copy.revisions;
  const queryClient = useQueryClient();
  const revisions = useQuery(revisionsQuery(client, post.id));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = revisions.data?.find((revision) => revision.id === chosenId) ?? null;

  const restore = useMutation({
    mutationFn: (revision: PostRevision) => restoreRevision(client, revision.id),
    onSuccess: (restored) => {
      showDone(texts.restored);
      onRestored(restored);
    },
    onError: (error) => showError(errorNotice(dataErrorOf(error), { title: copy.toasts.errorTitle })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.posts }),
  });

  const changed = chosen
    ? FIELDS.filter(
        (field) =>
          textOf(
            field,
            chosen,
            chosen.tags.map((tag) => tag.name),
            texts,
          ) !== textOf(field, post, tags, texts),
      )
    : [];

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={texts.close}
        className="max-w-4xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader className="mb-4">
          <DialogTitle>{texts.historyTitle}</DialogTitle>
          <DialogDescription>{texts.historyDescription}</DialogDescription>
        </DialogHeader>
        {revisions.isPending ? (
          <output className="block">{texts.loading}</output>
        ) : revisions.isError ? (
          <p role="alert">{texts.loadError}</p>
        ) : revisions.data.length === 0 ? (
          <p>{texts.empty}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
            <ol aria-label={texts.listLabel} className="flex flex-col gap-2">
              {revisions.data.map((revision, index) => (
                <li
                  key={revision.id}
                  className={cn(
                    "rounded-md border border-border p-3 text-sm",
                    revision.id === chosenId && "border-primary bg-accent",
                  )}
                >
                  <p>
                    {texts.entry(
                      texts.reasons[revision.reason] ?? revision.reason,
                      revision.created_by_email,
                      when(revision),
                    )}
                  </p>
                  {index === 0 ? <p className="text-xs text-muted-foreground">{texts.current}</p> : null}
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto px-0"
                    aria-label={texts.showLabel(when(revision))}
                    aria-pressed={revision.id === chosenId}
                    onClick={() => setChosenId(revision.id)}
                  >
                    {texts.show}
                  </Button>
                </li>
              ))}
            </ol>
            {chosen ? (
              <section aria-label={texts.compareTitle(when(chosen))} className="flex min-w-0 flex-col gap-3">
                <h3 className="font-semibold">{texts.compareTitle(when(chosen))}</h3>
                {changed.length === 0 ? (
                  <p>{texts.noChanges}</p>
                ) : (
                  <>
                    <p className="text-sm text-muted-foreground">{texts.diffLegend}</p>
                    {changed.map((field) => (
                      <div key={field} className="flex flex-col gap-1">
                        <h4 className="text-sm font-medium">{texts.fields[field]}</h4>
                        <LineDiff
                          before={textOf(
                            field,
                            chosen,
                            chosen.tags.map((tag) => tag.name),
                            texts,
                          )}
                          after={textOf(field, post, tags, texts)}
                          copy={texts}
                        />
                      </div>
                    ))}
                  </>
                )}
                <div>
                  <Button
                    type="button"
                    disabled={restore.isPending}
                    aria-label={texts.restoreLabel(when(chosen))}
                    onClick={() => {
                      if (window.confirm(texts.confirmRestore)) restore.mutate(chosen);
                    }}
                  >
                    {texts.restore}
                  </Button>
                </div>
              </section>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
