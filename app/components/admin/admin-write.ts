import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "sonner";
import { dataErrorOf, errorNotice, type ErrorNotice, type ErrorTexts } from "~/lib/data-result";

/** A success toast of the admin's copy. */
export function showDone(done: { title: string; description: string }) {
  toast.success(done.title, { description: done.description });
}

/** A failure as docs/product.md §8 says to show it (app/lib/data-result.ts decides what). */
export function showError(notice: ErrorNotice | null) {
  if (notice) toast.error(notice.title, { description: notice.description });
}

/**
 * A write from an admin list (delete a post or an image; a lead's status, note, delete or
 * Reenviar): its toast on success, the screen's error texts on failure, and the list reloaded
 * either way (the mutation stays pending until it has).
 */
export function useAdminWrite<V>(
  run: (variables: V) => Promise<void>,
  { done, failure, reload }: { done: { title: string; description: string }; failure: ErrorTexts; reload: QueryKey },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => showDone(done),
    onError: (error) => showError(errorNotice(dataErrorOf(error), failure)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reload }),
  });
}
