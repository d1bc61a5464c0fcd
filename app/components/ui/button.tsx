import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover",
        outline: "border border-border bg-background hover:bg-muted",
        secondary: "bg-accent text-accent-foreground hover:bg-indigo-100",
        ghost: "hover:bg-muted",
        destructive: "bg-destructive text-destructive-foreground hover:bg-red-800",
        inverted: "bg-white text-primary hover:bg-indigo-50",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 px-3",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a Link) with the button's styles instead of a <button>. */
    asChild?: boolean;
    /**
     * Its work is under way (a save, a sign-in): announced as unavailable and deaf to presses,
     * a form's Enter included, yet it keeps the focus, which `disabled` would drop to the page.
     */
    busy?: boolean;
  };

export function Button({ className, variant, size, asChild = false, busy = false, onClick, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), busy && "cursor-progress opacity-60", className)}
      {...props}
      aria-disabled={busy || props["aria-disabled"]}
      onClick={(event) => {
        // A form's implicit submission (Enter in a field) is a click on its submit button too.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
