import { cn } from "~/lib/utils";

/**
 * A brand's initials in a coloured square, standing in for a logo we do not ship: "lg" on the
 * case studies, "md" on the integration cards. Decorative: the name is always written beside it.
 */
export function Monogram({ initials, size }: { initials: string; size: "md" | "lg" }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center",
        size === "lg"
          ? "size-14 rounded-xl bg-primary text-lg font-extrabold text-primary-foreground"
          : "size-12 rounded-lg bg-accent text-sm font-bold text-primary",
      )}
    >
      {initials}
    </span>
  );
}
