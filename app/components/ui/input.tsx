import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const fieldClass =
  "flex w-full rounded-md border border-border bg-background px-3 py-2 text-base text-foreground placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, "h-10", className)} {...props} />;
}
