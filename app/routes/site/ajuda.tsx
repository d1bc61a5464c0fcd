import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { FaqSection } from "~/components/site/faq-section";
import { PageHero } from "~/components/site/page-hero";
import { SectionHeading } from "~/components/site/section-heading";
import { Button } from "~/components/ui/button";
import { helpFaq, helpHero, helpMeta, helpSupport, helpTopics } from "~/content/help";
import { pageMetaFor } from "~/lib/page-meta";
import { faqPageJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/ajuda";

export default function HelpPage() {
  return (
    <>
      <PageHero {...helpHero} />
      <section aria-labelledby="topicos" className="px-4 py-12 sm:px-6 lg:px-8">
        <SectionHeading id="topicos" title={helpTopics.title} />
        <ul className="mx-auto mt-10 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {helpTopics.items.map((topic) => (
            <li key={topic.title} className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
              <h3 className="text-lg font-bold">{topic.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{topic.description}</p>
              <Link
                to={topic.href}
                className="mt-4 inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
              >
                {topic.label}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <FaqSection id="faq-ajuda" {...helpFaq} />
      <section aria-labelledby="suporte" className="bg-muted px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="suporte" className="text-3xl font-bold tracking-tight">
            {helpSupport.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{helpSupport.text}</p>
          <Button asChild size="lg" className="mt-8">
            <Link to={helpSupport.cta.href}>{helpSupport.cta.label}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () =>
  pageMetaFor("/ajuda", { ...helpMeta, jsonLd: [faqPageJsonLd(helpFaq.items)] });
