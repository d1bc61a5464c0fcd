import { useMutation } from "@tanstack/react-query";
import { Eye, Link2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { createPreviewLink, type PreviewLink } from "~/lib/admin/revisions";
import { dataErrorOf, errorNotice } from "~/lib/data-result";
import type { AppSupabaseClient } from "~/lib/database.types";
import { formatShortDateTime } from "~/lib/format";
import { showDone, showError } from "../admin-write";

interface PreviewProps {
  client: AppSupabaseClient;
  postId: string;
  copy: typeof AdminCopy;
}

/**
 * "Visualizar": the saved post as its public page renders it, in a new tab, through a link of
 * its own that lasts an hour (drafts and scheduled posts included). The tab opens on the click,
 * before the link exists, so that browsers do not take it for an unrequested pop-up.
 */
export function ViewPostButton({ client, postId, copy }: PreviewProps) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const tab = window.open("", "_blank");
    if (!tab) {
      showError({ title: copy.toasts.errorTitle, description: copy.revisions.popupBlocked });
      return;
    }
    tab.opener = null;
    setBusy(true);
    try {
      const link = await createPreviewLink(client, postId, "view", window.location.origin);
      tab.location.href = link.url;
    } catch (error) {
      tab.close();
      showError(errorNotice(dataErrorOf(error), { title: copy.toasts.errorTitle }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" title={copy.revisions.previewHint} disabled={busy} onClick={open}>
      <Eye aria-hidden="true" />
      {copy.revisions.preview}
    </Button>
  );
}

/**
 * "Copiar link de prévia": a link a reviewer without an account opens for 7 days. It is copied
 * when the browser lets the page write the clipboard, and shown either way.
 */
export function PreviewLinkButton({ client, postId, copy }: PreviewProps) {
  const [link, setLink] = useState<PreviewLink | null>(null);
  const fieldId = useId();
  const make = useMutation({
    mutationFn: () => createPreviewLink(client, postId, "share", window.location.origin),
    onSuccess: async (made) => {
      setLink(made);
      try {
        await navigator.clipboard.writeText(made.url);
        showDone(copy.revisions.linkCopied);
      } catch {
        showDone(copy.revisions.linkReady);
      }
    },
    onError: (error) => showError(errorNotice(dataErrorOf(error), { title: copy.toasts.errorTitle })),
  });
  return (
    <>
      <Button type="button" variant="outline" size="sm" disabled={make.isPending} onClick={() => make.mutate()}>
        <Link2 aria-hidden="true" />
        {copy.revisions.copyLink}
      </Button>
      {link ? (
        <div className="flex w-full flex-col gap-1">
          <label htmlFor={fieldId} className="text-sm font-medium">
            {copy.revisions.linkLabel}
          </label>
          <input
            id={fieldId}
            readOnly
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-9 w-full rounded-md border border-border bg-muted px-2 font-mono text-xs"
          />
          <p className="text-xs text-muted-foreground">
            {copy.revisions.linkValidUntil(formatShortDateTime(link.expiresAt))}
          </p>
        </div>
      ) : null}
    </>
  );
}
