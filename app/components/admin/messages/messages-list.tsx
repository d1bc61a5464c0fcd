import type { ReactNode } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { ContactMessage, LeadDelivery } from "~/lib/blog-types";
import { formatShortDateTime } from "~/lib/format";
import { DeliveryList } from "./delivery-list";
import { attributionLines } from "./lead-attribution";
import { LeadProgress } from "./lead-progress";
import { RemoveButton } from "../remove-button";

export interface MessagesPagination {
  /** From 1. */
  page: number;
  pageCount: number;
  total: number;
  /** The next page is on its way (the current one stays on screen meanwhile). */
  busy: boolean;
  onPageChange: (page: number) => void;
}

export interface MessagesListProps {
  messages: ContactMessage[] | undefined;
  /** Each lead's deliveries, by lead id (none before the server has queued them). */
  deliveries?: Record<string, LeadDelivery[]>;
  loading: boolean;
  failed: boolean;
  /** A filter or search is set: an empty list says nothing matched, not that nothing came. */
  filtered?: boolean;
  copy: typeof AdminCopy.messages;
  /** The signed-in user, whose unsaved notes this tab keeps (none: not kept). */
  userId?: string;
  pagination?: MessagesPagination;
  onStatusChange: (message: ContactMessage, status: string) => void;
  onSaveNote: (message: ContactMessage, note: string) => Promise<unknown> | void;
  /** Absent for a role that works leads but may not delete them (sales): no bin then. */
  onDelete?: (message: ContactMessage) => void;
  onResend: (delivery: LeadDelivery) => void;
}

const countFormatter = new Intl.NumberFormat("pt-BR");

/**
 * Above the list, so a keyboard user can page on without tabbing through 50 leads. At either
 * end the button is aria-disabled rather than disabled: a disabled button would drop the focus
 * of whoever just pressed it.
 */
function Pagination({ pagination, copy }: { pagination: MessagesPagination; copy: typeof AdminCopy.messages }) {
  const { page, pageCount, total, onPageChange } = pagination;
  const atFirst = page <= 1;
  const atLast = page >= pageCount;
  return (
    <nav aria-label={copy.pagination.label} className="flex flex-wrap items-center justify-between gap-3">
      <PageButton target={atFirst ? null : page - 1} onPageChange={onPageChange}>
        <ChevronLeft aria-hidden="true" />
        {copy.pagination.previous}
      </PageButton>
      <p className="text-sm text-muted-foreground">
        <span aria-live="polite">
          {copy.pagination.pageOf(countFormatter.format(page), countFormatter.format(pageCount))}
        </span>
        {" · "}
        {copy.pagination.total(countFormatter.format(total))}
      </p>
      <PageButton target={atLast ? null : page + 1} onPageChange={onPageChange}>
        {copy.pagination.next}
        <ChevronRight aria-hidden="true" />
      </PageButton>
    </nav>
  );
}

/** "Anterior" or "Próxima": goes to `target`, or stays put (aria-disabled) when it is null. */
function PageButton({
  target,
  onPageChange,
  children,
}: {
  target: number | null;
  onPageChange: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-background"
      aria-disabled={target === null || undefined}
      onClick={() => {
        if (target !== null) onPageChange(target);
      }}
    >
      {children}
    </Button>
  );
}

/** Leads from the contact and demo forms, newest first, a page at a time (docs/product.md, "Leads are not lost"). */
export function MessagesList({
  messages,
  loading,
  failed,
  filtered,
  copy,
  userId,
  pagination,
  onStatusChange,
  onSaveNote,
  onDelete,
  deliveries,
  onResend,
}: MessagesListProps) {
  if (loading) return <p className="py-8 text-muted-foreground">{copy.loading}</p>;
  if (failed) return <p className="py-8 text-destructive">{copy.loadError}</p>;
  if (!messages || messages.length === 0) {
    return <p className="py-8 text-muted-foreground">{filtered ? copy.noMatches : copy.empty}</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      {pagination && pagination.pageCount > 1 ? <Pagination pagination={pagination} copy={copy} /> : null}
      <ul className="flex flex-col gap-4" aria-label={copy.label} aria-busy={pagination?.busy || undefined}>
        {messages.map((message) => {
          const details: [string, string][] = [
            [copy.email, message.email],
            [copy.company, message.company || copy.none],
            [copy.phone, message.phone || copy.none],
            [copy.subject, copy.subjects[message.subject] ?? message.subject],
            [copy.plan, message.plan ? (copy.plans[message.plan] ?? message.plan) : copy.none],
            [copy.page, message.page || copy.none],
            ...attributionLines(message.attribution, copy),
            [copy.received, formatShortDateTime(message.created_at)],
          ];
          return (
            <li key={message.id} className="rounded-lg border border-border p-4">
              <article aria-label={`${copy.from} ${message.name}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 className="font-semibold">{message.name}</h2>
                    <p className={message.handled_at ? "text-sm text-success" : "text-sm text-muted-foreground"}>
                      {copy.statuses[message.status] ?? message.status}
                      {message.handled_at ? ` · ${copy.handled(formatShortDateTime(message.handled_at))}` : null}
                    </p>
                  </div>
                  {onDelete ? (
                    <div className="flex gap-1">
                      <RemoveButton
                        tooltip={copy.remove}
                        label={copy.removeLabel(message.name)}
                        onClick={() => onDelete(message)}
                      />
                    </div>
                  ) : null}
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  {details.map(([term, value]) => (
                    <div key={term} className="flex gap-2">
                      <dt className="text-muted-foreground">{term}:</dt>
                      <dd className="wrap-anywhere">{value}</dd>
                    </div>
                  ))}
                </dl>
                {message.message ? <p className="mt-3 text-sm whitespace-pre-wrap">{message.message}</p> : null}
                <LeadProgress
                  message={message}
                  copy={copy}
                  userId={userId}
                  onStatusChange={onStatusChange}
                  onSaveNote={onSaveNote}
                />
                <DeliveryList
                  deliveries={deliveries?.[message.id] ?? []}
                  leadName={message.name}
                  copy={copy.deliveries}
                  onResend={onResend}
                />
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
