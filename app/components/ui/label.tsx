import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A label for a form control; callers pass `htmlFor` (checked by the field components' tests). */
export function Label({ className, htmlFor, ...props }: ComponentProps<"label">) {
  return <label htmlFor={htmlFor} className={cn("text-sm leading-none font-medium", className)} {...props} />;
}
