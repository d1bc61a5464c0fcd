import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { adminKeys } from "~/lib/admin/keys";
import { can } from "~/lib/admin-role";
import {
  countNewMessages,
  deleteMessage,
  listAttributionOptions,
  listMessages,
  resendDelivery,
  saveMessageNote,
  setMessageStatus,
  type MessageFilters,
} from "~/lib/admin/leads";
import type { ContactMessage, LeadDelivery } from "~/lib/blog-types";
import { screenErrorTexts } from "~/lib/data-result";
import type { AdminContext, AdminPanelProps } from "../admin-view";
import { useAdminWrite } from "../admin-write";
import { CsvExportButton } from "./csv-export";
import { MessageFilterBar } from "./message-filters";
import { MessagesList } from "./messages-list";

/** Beside "Mensagens": how many leads nobody has handled yet. */
export function NewLeadsBadge({ client, copy }: AdminContext) {
  const newCount = useQuery({
    queryKey: [...adminKeys.messages, "new-count"],
    queryFn: () => countNewMessages(client),
  });
  return newCount.data ? (
    <span className="ml-2 rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground">
      {copy.tabs.newCount(newCount.data)}
    </span>
  ) : null;
}

/** Every write to a lead (status, note, delete, Reenviar): its toast, and the inbox reloaded. */
function useLeadWrites({ client, copy }: AdminContext) {
  const options = (done: { title: string; description: string }) => ({
    done,
    failure: screenErrorTexts.messageWrite(copy),
    reload: adminKeys.messages,
  });
  return {
    changeStatus: useAdminWrite(
      ({ message, status }: { message: ContactMessage; status: string }) =>
        setMessageStatus(client, message.id, status),
      options(copy.toasts.statusChanged),
    ),
    saveNote: useAdminWrite(
      ({ message, note }: { message: ContactMessage; note: string }) => saveMessageNote(client, message.id, note),
      options(copy.toasts.noteSaved),
    ),
    remove: useAdminWrite(
      (message: ContactMessage) => deleteMessage(client, message.id),
      options(copy.toasts.messageDeleted),
    ),
    resend: useAdminWrite(
      (delivery: LeadDelivery) => resendDelivery(client, delivery.id),
      options(copy.toasts.deliveryResent),
    ),
  };
}

/**
 * "Mensagens": the leads, 50 a page, narrowed by status, subject, source, campaign and search
 * (docs/product.md).
 */
export function MessagesPanel(props: AdminPanelProps) {
  const { client, session, copy, role } = props;
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<MessageFilters>({});
  const messages = useQuery({
    queryKey: [...adminKeys.messages, page, filters],
    queryFn: () => listMessages(client, page, filters),
    // The page on screen stays until the next one arrives, instead of flashing "Carregando...".
    placeholderData: keepPreviousData,
  });
  const attribution = useQuery({
    queryKey: [...adminKeys.messages, "attribution-options"],
    queryFn: () => listAttributionOptions(client),
  });
  const writes = useLeadWrites(props);
  const filterBy = useCallback((key: keyof MessageFilters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value || undefined }));
    setPage(1);
  }, []);
  // listMessages falls back to the last page when the one asked for is gone (its last lead was
  // deleted); what it returned is the page on screen.
  const shownPage = messages.isPlaceholderData ? page : (messages.data?.page ?? page);

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <MessageFilterBar filters={filters} copy={copy.messages} attribution={attribution.data} onChange={filterBy} />
        <CsvExportButton session={session} filters={filters} copy={copy} />
      </div>
      <MessagesList
        messages={messages.data?.messages}
        deliveries={messages.data?.deliveries}
        onResend={(delivery) => writes.resend.mutate(delivery)}
        loading={messages.isPending}
        failed={messages.isError}
        filtered={Object.values(filters).some(Boolean)}
        copy={copy.messages}
        userId={session.user.id}
        pagination={
          messages.data
            ? {
                page: shownPage,
                pageCount: messages.data.pageCount,
                total: messages.data.total,
                busy: messages.isPlaceholderData,
                onPageChange: setPage,
              }
            : undefined
        }
        onStatusChange={(message, status) => writes.changeStatus.mutate({ message, status })}
        onSaveNote={(message, note) => writes.saveNote.mutateAsync({ message, note })}
        // Sales work the leads; deleting one (LGPD) is an admin's.
        onDelete={
          can(role, "is_admin")
            ? (message) => {
                if (window.confirm(copy.messages.confirmDelete)) writes.remove.mutate(message);
              }
            : undefined
        }
      />
    </>
  );
}
