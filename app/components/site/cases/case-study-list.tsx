import { Quote } from "lucide-react";
import type { CaseStudy } from "~/content/cases";
import { Monogram } from "../monogram";
import { StatItem } from "../stat-list";

export interface CaseStudyUi {
  industryLabel: string;
  challengeTitle: string;
  solutionTitle: string;
  resultsTitle: string;
}

export function CaseStudyList({ items, ui }: { items: CaseStudy[]; ui: CaseStudyUi }) {
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-16 sm:px-6 lg:px-8">
      {items.map((item, index) => {
        const headingId = `caso-${index + 1}`;
        return (
          <article
            key={item.company}
            aria-labelledby={headingId}
            className="overflow-hidden rounded-2xl border border-border bg-background shadow-sm"
          >
            <header className="flex items-center gap-4 border-b border-border bg-muted p-6">
              <Monogram initials={item.logoInitials} size="lg" />
              <div>
                <h2 id={headingId} className="text-2xl font-bold">
                  {item.company}
                </h2>
                <p className="text-sm text-muted-foreground">
                  <span className="sr-only">{ui.industryLabel}: </span>
                  {item.industry}
                </p>
              </div>
            </header>
            <div className="grid gap-8 p-6 lg:grid-cols-[3fr_2fr]">
              <div className="space-y-6">
                <div>
                  <h3 className="font-semibold text-primary">{ui.challengeTitle}</h3>
                  <p className="mt-2 leading-relaxed">{item.challenge}</p>
                </div>
                <div>
                  <h3 className="font-semibold text-primary">{ui.solutionTitle}</h3>
                  <p className="mt-2 leading-relaxed">{item.solution}</p>
                </div>
                <figure className="rounded-xl bg-accent p-5">
                  <Quote aria-hidden="true" className="size-6 text-primary" />
                  <blockquote className="mt-2 text-lg leading-relaxed font-medium">{item.testimonial}</blockquote>
                  <figcaption className="mt-3 text-sm">
                    <span className="font-semibold">{item.author.name}</span>
                    <span className="text-muted-foreground">, {item.author.role}</span>
                  </figcaption>
                </figure>
              </div>
              <div>
                <h3 className="font-semibold text-primary">{ui.resultsTitle}</h3>
                <dl className="mt-3 grid gap-4">
                  {item.results.map((result) => (
                    <StatItem key={result.label} stat={result} boxed />
                  ))}
                </dl>
              </div>
            </div>
          </article>
        );
      })}
    </div>
  );
}
