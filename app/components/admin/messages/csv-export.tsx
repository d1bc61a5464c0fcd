import type { Session } from "@supabase/supabase-js";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { today } from "~/lib/admin/analytics";
import type { MessageFilters } from "~/lib/admin/leads";

/**
 * "Exportar CSV": the server streams the leads the filters show (app/routes/admin/export.ts);
 * the browser saves the file under its name.
 */
export function CsvExportButton({
  session,
  filters,
  copy,
}: {
  session: Session;
  filters: MessageFilters;
  copy: typeof AdminCopy;
}) {
  const exportCsv = useMutation({
    mutationFn: async () => {
      const query = new URLSearchParams(
        Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      const response = await fetch(`/admin/mensagens.csv${query.size > 0 ? `?${query}` : ""}`, {
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
      if (!response.ok) throw new Error(`Export failed: ${response.status}`);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      // Named after the day in São Paulo, as the server names it (UTC is already tomorrow from 21:00).
      link.download = copy.messages.export.fileName(today());
      link.click();
      URL.revokeObjectURL(link.href);
    },
    onError: () => toast.error(copy.toasts.errorTitle, { description: copy.messages.export.failed }),
  });
  return (
    <Button variant="outline" busy={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
      <Download aria-hidden="true" />
      {exportCsv.isPending ? copy.messages.export.busy : copy.messages.export.button}
    </Button>
  );
}
