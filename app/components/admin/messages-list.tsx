import { CheckCheck, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { ContactMessage } from "~/lib/blog-types";
import { formatShortDateTime } from "~/lib/format";

export interface MessagesListProps {
  messages: ContactMessage[] | undefined;
  loading: boolean;
  failed: boolean;
  copy: typeof AdminCopy.messages;
  onMarkHandled: (message: ContactMessage) => void;
  onDelete: (message: ContactMessage) => void;
}

/** Leads from the contact and demo forms, newest first (PRODUCT.md, "Leads are not lost"). */
export function MessagesList({ messages, loading, failed, copy, onMarkHandled, onDelete }: MessagesListProps) {
  if (loading) return <p className="py-8 text-muted-foreground">{copy.loading}</p>;
  if (failed) return <p className="py-8 text-destructive">{copy.loadError}</p>;
  if (!messages || messages.length === 0) return <p className="py-8 text-muted-foreground">{copy.empty}</p>;
  return (
    <ul className="flex flex-col gap-4" aria-label={copy.label}>
      {messages.map((message) => {
        const details: [string, string][] = [
          [copy.email, message.email],
          [copy.company, message.company || copy.none],
          [copy.phone, message.phone || copy.none],
          [copy.subject, copy.subjects[message.subject] ?? message.subject],
          [copy.plan, message.plan ? (copy.plans[message.plan] ?? message.plan) : copy.none],
          [copy.page, message.page || copy.none],
          [copy.received, formatShortDateTime(message.created_at)],
        ];
        return (
          <li key={message.id} className="rounded-lg border border-border p-4">
            <article aria-label={`${copy.from} ${message.name}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="font-semibold">{message.name}</h2>
                  <p className={message.handled_at ? "text-sm text-success" : "text-sm text-muted-foreground"}>
                    {message.handled_at ? copy.handled(formatShortDateTime(message.handled_at)) : copy.pending}
                  </p>
                </div>
                <div className="flex gap-1">
                  {message.handled_at ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={copy.markHandledLabel(message.name)}
                      onClick={() => onMarkHandled(message)}
                    >
                      <CheckCheck aria-hidden="true" />
                      {copy.markHandled}
                    </Button>
                  )}
                  <Tooltip label={copy.remove}>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:bg-red-50"
                      aria-label={copy.removeLabel(message.name)}
                      onClick={() => onDelete(message)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </Tooltip>
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                {details.map(([term, value]) => (
                  <div key={term} className="flex gap-2">
                    <dt className="text-muted-foreground">{term}:</dt>
                    <dd className="break-all">{value}</dd>
                  </div>
                ))}
              </dl>
              {message.message ? <p className="mt-3 text-sm whitespace-pre-wrap">{message.message}</p> : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
