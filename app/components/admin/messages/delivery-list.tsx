import { RotateCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { LeadDelivery } from "~/lib/blog-types";
import { cn } from "~/lib/utils";

const statusTone: Record<string, string> = {
  sent: "text-success",
  failed: "text-destructive",
  pending: "text-muted-foreground",
};

/**
 * How one lead went out: the sales e-mail, the visitor's confirmation and the webhook, each
 * pendente / enviado / falhou; a failure shows its error on demand and can be sent again.
 */
export function DeliveryList({
  deliveries,
  leadName,
  copy,
  onResend,
}: {
  deliveries: LeadDelivery[];
  leadName: string;
  copy: typeof AdminCopy.messages.deliveries;
  onResend: (delivery: LeadDelivery) => void;
}) {
  if (deliveries.length === 0) return null;
  return (
    // A group, not a region landmark: two leads from the same person would give two landmarks of
    // the same name. None of the tags the rule suggests (fieldset, details…) fits a status list.
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
    <div role="group" aria-label={copy.regionLabel(leadName)} className="mt-3 border-t border-border pt-3">
      <h3 className="text-sm font-semibold">{copy.label}</h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {deliveries.map((delivery) => {
          const channel = copy.channels[delivery.channel] ?? delivery.channel;
          return (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>{channel}:</span>
              <span className={cn("font-medium", statusTone[delivery.status])}>
                {copy.statuses[delivery.status] ?? delivery.status}
              </span>
              {delivery.attempts > 1 ? (
                <span className="text-muted-foreground">({copy.attempts(delivery.attempts)})</span>
              ) : null}
              {delivery.status === "failed" ? (
                <>
                  {delivery.last_error ? (
                    <details className="basis-full text-muted-foreground">
                      <summary className="w-fit cursor-pointer rounded-sm">{copy.showError}</summary>
                      <p className="mt-1 break-all">{delivery.last_error}</p>
                    </details>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={copy.resendLabel(channel, leadName)}
                    onClick={() => onResend(delivery)}
                  >
                    <RotateCw aria-hidden="true" />
                    {copy.resend}
                  </Button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
