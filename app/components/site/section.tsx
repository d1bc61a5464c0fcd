import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A page section titled by an h2, centred above its content. The heading's id names the section
 * for assistive technology (aria-labelledby), so every section is a landmark with a name.
 * `tone` sets the background: "muted" alternates it between neighbouring sections, "primary" is
 * the closing call-to-action band. `space="roomy"` is the home page's and the FAQ's taller
 * rhythm. `actions` (buttons, links) stand centred under the subtitle; `children` below, full
 * width.
 */
export function Section({
  id,
  title,
  subtitle,
  tone = "plain",
  space = "normal",
  actions,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  tone?: "plain" | "muted" | "primary";
  space?: "normal" | "roomy";
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "px-4 sm:px-6 lg:px-8",
        space === "roomy" ? "py-20" : "py-16",
        tone === "muted" && "bg-muted",
        tone === "primary" && "bg-primary text-primary-foreground",
      )}
    >
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {subtitle ? (
          <p className={cn("mt-4 text-lg", tone === "primary" ? "text-indigo-100" : "text-muted-foreground")}>
            {subtitle}
          </p>
        ) : null}
        {actions}
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
 * A short closing panel on the muted background: a heading, one paragraph and what to do next
 * (a button) under it.
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
  return <Section id={id} title={title} subtitle={text} tone="muted" actions={children} />;
}
