import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useFocusAfterRemoval } from "~/components/ui/use-focus-after-removal";
import { deleteImage, listImages, listUnusedImages, removeUnusedImages, type UploadedImage } from "~/lib/admin/images";
import { adminKeys } from "~/lib/admin/keys";
import { can } from "~/lib/admin-role";
import { dataErrorOf, errorNotice, screenErrorTexts } from "~/lib/data-result";
import type { AdminPanelProps } from "../admin-view";
import { showDone, showError, useAdminWrite } from "../admin-write";
import { deleteQuestion, ImageList } from "./image-list";

/**
 * "Imagens": the uploads with their original names and the posts that show each one; the bin
 * deletes one, and "Remover imagens sem uso" the uploads the database reports unused for a day.
 */
/**
 * "Remover imagens sem uso": busy while it works, so the focus stays; once nothing is left unused
 * its banner goes, and the focus moves to the tab's panel rather than the page's top.
 */
function CleanupButton(props: { busy: boolean; onClick: () => void; children: ReactNode }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusAfterRemoval(ref);
  return (
    <Button ref={ref} variant="outline" busy={props.busy} onClick={props.onClick}>
      <Trash2 aria-hidden="true" />
      {props.children}
    </Button>
  );
}

export function ImagesPanel({ client, copy, active, role }: AdminPanelProps) {
  // Deleting (one image or the unused ones) is an editor's: a writer lists and uploads.
  const mayDelete = can(role, "can_publish_posts");
  const queryClient = useQueryClient();
  const images = useQuery({
    queryKey: adminKeys.images,
    queryFn: () => listImages(client),
    // Only while its tab is open: the other tabs do not need the bucket's listing.
    enabled: active,
  });
  const unused = useQuery({
    queryKey: [...adminKeys.images, "unused"],
    queryFn: () => listUnusedImages(client),
    enabled: active && mayDelete,
  });
  const remove = useAdminWrite((image: UploadedImage) => deleteImage(client, image), {
    done: copy.toasts.imageDeleted,
    failure: screenErrorTexts.imageWrite(copy),
    reload: adminKeys.images,
  });
  const cleanup = useMutation({
    // The names shown and confirmed, never a new listing: the count asked about is the most that goes.
    mutationFn: (names: readonly string[]) => removeUnusedImages(client, names),
    onSuccess: (count, names) => showDone(copy.images.cleanup.done(count, names.length - count)),
    onError: (error) => showError(errorNotice(dataErrorOf(error), screenErrorTexts.imageWrite(copy))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.images }),
  });
  const unusedCount = unused.data?.length ?? 0;
  return (
    <div className="flex flex-col gap-6">
      {unusedCount > 0 ? (
        <section
          aria-labelledby="imagens-sem-uso"
          className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border bg-card p-4"
        >
          <div className="min-w-0 flex-1 basis-64">
            <h2 id="imagens-sem-uso" className="font-semibold">
              {copy.images.cleanup.title}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{copy.images.cleanup.description(unusedCount)}</p>
          </div>
          <CleanupButton
            busy={cleanup.isPending}
            onClick={() => {
              const names = unused.data ?? [];
              if (window.confirm(copy.images.cleanup.confirm(names.length))) cleanup.mutate(names);
            }}
          >
            {cleanup.isPending ? copy.images.cleanup.busy : copy.images.cleanup.button(unusedCount)}
          </CleanupButton>
        </section>
      ) : null}
      <ImageList
        images={images.data}
        unused={new Set(unused.data ?? [])}
        loading={images.isPending}
        failed={images.isError}
        copy={copy.images}
        removeTooltip={copy.list.remove}
        onDelete={
          mayDelete
            ? (image) => {
                if (window.confirm(deleteQuestion(image, copy.images))) remove.mutate(image);
              }
            : undefined
        }
      />
    </div>
  );
}
