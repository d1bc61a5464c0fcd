import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export interface PageHeroProps {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
  className?: string;
}

/** The opening of an inner page: its one h1, with a short lead paragraph. */
export function PageHero({ eyebrow, title, subtitle, children, className }: PageHeroProps) {
  return (
    <section
      className={cn("bg-gradient-to-b from-accent to-background px-4 pt-16 pb-12 sm:px-6 sm:pt-20 lg:px-8", className)}
    >
      <div className="mx-auto max-w-3xl text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {subtitle ? <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}
