import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { adminKeys } from "~/lib/admin/keys";
import { saveSettings, settingsQuery } from "~/lib/admin/settings";
import { dataErrorOf, errorNotice, screenErrorTexts } from "~/lib/data-result";
import { uploadImage } from "~/lib/image-upload";
import { fieldOfViolation, type SiteSettings } from "~/lib/site-settings";
import type { AdminPanelProps } from "../admin-view";
import { showDone, showError } from "../admin-write";
import { SettingsForm } from "./settings-form";

/**
 * "Configurações": the company's identity, contacts, social links and default SEO that every
 * public page shows (docs/admin.md). Admins only: row-level security decides, and the table's
 * CHECKs refuse what the form would. A saved change is on the site within a second.
 */
export function SettingsPanel({ client, session, copy, backend, active }: AdminPanelProps) {
  const queryClient = useQueryClient();
  // Kept mounted (unsaved edits outlive a switch of tabs), read once its tab is first shown; a
  // refetch (on focus, on coming back to the tab) never replaces what the admin has not saved.
  const settings = useQuery(settingsQuery(client, active));
  const save = useMutation({
    mutationFn: (row: Partial<SiteSettings>) => saveSettings(client, row),
    onSuccess: () => showDone(copy.settings.toasts.saved),
    onError: (error) => showError(errorNotice(dataErrorOf(error), screenErrorTexts.saveSettings(copy))),
    // The new version reaches the form, which takes it in around the unsaved edits it still holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
  });
  const uploadShareImage = useCallback(
    (file: File, onProgress: (fraction: number) => void) =>
      uploadImage({ config: backend, accessToken: session.access_token, file, onProgress, folder: "site" }),
    [backend, session.access_token],
  );

  return (
    <section aria-labelledby="configuracoes-titulo" className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 id="configuracoes-titulo" className="text-xl font-semibold">
          {copy.settings.title}
        </h2>
        <p className="text-sm text-muted-foreground">{copy.settings.description}</p>
      </div>
      {/* Once read, the form stays: a failed refetch must not take the admin's edits off screen. */}
      {settings.isPending ? (
        <output className="block">{copy.settings.loading}</output>
      ) : !settings.data ? (
        <p role="alert">{copy.settings.failed}</p>
      ) : (
        <SettingsForm
          stored={settings.data}
          userId={session.user.id}
          copy={copy.settings}
          uploadProblems={copy.dialog.upload.problems}
          saving={save.isPending}
          onSave={async (row) => {
            // Nothing changed: nothing to send (a full row would put back what others saved).
            if (Object.keys(row).length === 0) {
              showDone(copy.settings.toasts.unchanged);
              return { saved: true };
            }
            try {
              await save.mutateAsync(row);
              return { saved: true };
            } catch (error) {
              // A value the database refused: said under its field as well as in the toast.
              return { saved: false, refused: fieldOfViolation(dataErrorOf(error).message) };
            }
          }}
          uploadImage={uploadShareImage}
        />
      )}
    </section>
  );
}
