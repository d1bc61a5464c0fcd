import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { Button } from "./button";

export interface ConfirmQuestion {
  title: string;
  description: string;
  /** The button that goes ahead. */
  action: string;
}

/**
 * A question before an action that loses or gives much: an alertdialog whose safe answer
 * (`cancel`) has the focus, as WAI-ARIA's alert dialog pattern advises. Escape, the overlay and
 * `cancel` answer no; `onClosed` says where the focus goes back to once it has closed.
 */
export function ConfirmDialog({
  question,
  cancel,
  destructive = false,
  onAnswer,
  onClosed,
}: {
  /** Null: closed. */
  question: ConfirmQuestion | null;
  cancel: string;
  destructive?: boolean;
  onAnswer: (confirmed: boolean) => void;
  onClosed: () => void;
}) {
  return (
    <AlertDialogPrimitive.Root
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialogPrimitive.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-background p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <AlertDialogPrimitive.Title className="text-lg font-bold break-words">
            {question?.title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-muted-foreground">
            {question?.description}
          </AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline">{cancel}</Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button
                variant={destructive ? "destructive" : "default"}
                onClick={(event) => {
                  // The answer closes it (onAnswer), not Radix: the "no" path must not run too.
                  event.preventDefault();
                  onAnswer(true);
                }}
              >
                {question?.action}
              </Button>
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
