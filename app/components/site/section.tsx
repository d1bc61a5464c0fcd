import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A page section titled by an h2, centred above its content. The heading's id names the section
 * for assistive technology (aria-labelledby), so every section is a landmark with a name.
 * `tone="muted"` alternates the background between neighbouring sections; `space="roomy"` is the
 * home page's and the FAQ's taller rhythm.
 */
export function Section({
  id,
  title,
  subtitle,
  tone = "plain",
  space = "normal",
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  tone?: "plain" | "muted";
  space?: "normal" | "roomy";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("px-4 sm:px-6 lg:px-8", space === "roomy" ? "py-20" : "py-16", tone === "muted" && "bg-muted")}
    >
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-4 text-lg text-muted-foreground">{subtitle}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The list of cards under a section's heading: three columns from tablets, or two then four. */
export function CardGrid({ columns, children }: { columns: 3 | 4; children: ReactNode }) {
  return (
    <ul
      className={cn(
        "mx-auto mt-12 grid max-w-6xl gap-6",
        columns === 3 ? "md:grid-cols-3" : "sm:grid-cols-2 lg:grid-cols-4",
      )}
    >
      {children}
    </ul>
  );
}

/**
 * A short closing panel: a heading, one paragraph and what to do next (a button), centred on
 * the muted background.
 */
export function CalloutSection({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-muted px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">{text}</p>
        {children}
      </div>
    </section>
  );
}
