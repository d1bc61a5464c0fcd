import { HiddenHeading } from "~/components/ui/hidden-heading";
import type { Stat } from "~/content/types";
import { cn } from "~/lib/utils";

/** Figures with their labels as a description list (value read after its label's context). */
export function StatList({ title, items, className }: { title: string; items: Stat[]; className?: string }) {
  return (
    <section
      aria-label={title}
      className={cn("border-y border-border bg-background px-4 py-12 sm:px-6 lg:px-8", className)}
    >
      <HiddenHeading>{title}</HiddenHeading>
      <dl
        className={cn(
          "mx-auto grid max-w-5xl gap-8 text-center",
          items.length === 3 ? "sm:grid-cols-3" : "grid-cols-2 md:grid-cols-4",
        )}
      >
        {items.map((stat) => (
          <StatItem key={stat.label} stat={stat} />
        ))}
      </dl>
    </section>
  );
}

/**
 * One figure of a description list: the label is the <dt> and comes first in the DOM, the value
 * shows above it. `boxed` is the case studies' bordered result; otherwise the larger figure of
 * a stats band.
 */
export function StatItem({ stat, boxed = false }: { stat: Stat; boxed?: boolean }) {
  return (
    <div className={cn("flex flex-col-reverse", boxed ? "rounded-xl border border-border p-4" : "gap-1")}>
      <dt className="text-sm text-muted-foreground">{stat.label}</dt>
      <dd className={cn("text-3xl font-extrabold text-primary", !boxed && "sm:text-4xl")}>{stat.value}</dd>
    </div>
  );
}
