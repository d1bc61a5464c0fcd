import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A placeholder block; motion stops for users who ask for reduced motion. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
