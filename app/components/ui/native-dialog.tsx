import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

// Invoker commands (https://html.spec.whatwg.org/multipage/form-elements.html#attr-button-command)
// are not in @types/react yet; React passes unknown lowercase attributes through unchanged.
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
    commandfor?: string;
  }
}

/** The button that opens the NativeDialog with the same `dialogId`, without JavaScript. */
export function NativeDialogTrigger({ dialogId, ...props }: ComponentProps<typeof Button> & { dialogId: string }) {
  return <Button type="button" command="show-modal" commandfor={dialogId} {...props} />;
}

/**
 * A modal dialog that needs no JavaScript (docs/decisions/050-native-html-widgets.md), for the
 * public pages; the admin keeps the Radix one (dialog.tsx). Its NativeDialogTrigger opens it
 * with `command="show-modal"`; the browser then moves focus in, traps it, makes the page
 * behind inert, closes it on Escape and, with `closedby="any"`, on a click on the backdrop,
 * and returns focus to the trigger. The title names it and the description describes it.
 */
export function NativeDialog({
  id,
  title,
  description,
  closeLabel,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  children?: ReactNode;
  className?: string;
}) {
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <dialog
      id={id}
      closedby="any"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={cn(
        "m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl border border-border bg-background p-6 text-foreground shadow-xl backdrop:bg-slate-950/60",
        className,
      )}
    >
      <h2 id={titleId} className="pr-8 text-xl font-bold">
        {title}
      </h2>
      <p id={descriptionId} className="mt-2 text-muted-foreground">
        {description}
      </p>
      {children}
      <button
        type="button"
        command="close"
        commandfor={id}
        aria-label={closeLabel}
        className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </dialog>
  );
}
