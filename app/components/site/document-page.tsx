import type { DocumentPage } from "~/content/document";
import { SmartLink } from "./cta-section";
import { PageHero } from "./page-hero";

/** A long-form page (legal, documentation): hero, table of contents and titled sections. */
export function DocumentView({ page }: { page: DocumentPage }) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} subtitle={page.intro}>
        {page.updated ? <p className="mt-4 text-sm text-muted-foreground">{page.updated}</p> : null}
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
        <nav aria-label={page.tocTitle} className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold">{page.tocTitle}</p>
          <ol className="mt-3 space-y-2 text-sm">
            {page.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-muted-foreground underline-offset-4 hover:text-primary hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {page.sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="text-2xl font-bold tracking-tight">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
              {section.list ? (
                <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-muted-foreground">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {section.links ? (
                <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
                  {section.links.map((link) => (
                    <SmartLink
                      key={link.href}
                      {...link}
                      className="font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
                    />
                  ))}
                </p>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
