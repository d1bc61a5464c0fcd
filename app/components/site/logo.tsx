import { cn } from "~/lib/utils";

/**
 * The Omnia mark (three converging channels) and the trade name. Decorative: the link names it.
 * A long name is cut with an ellipsis rather than push the header wider than a phone.
 */
export function Logo({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn("inline-flex max-w-full items-center gap-2 text-xl font-bold tracking-tight", className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" width="32" height="32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <circle cx="16" cy="16" r="6.5" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="16" cy="16" r="2" fill="#a5b4fc" />
      </svg>
      <span className="truncate">{name}</span>
    </span>
  );
}
