import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { FaqSection } from "~/components/site/faq-section";
import { PageHero } from "~/components/site/page-hero";
import { CalloutSection, CardGrid, Section } from "~/components/site/section";
import { Button } from "~/components/ui/button";
import { helpFaq, helpHero, helpMeta, helpSupport, helpTopics } from "~/content/help";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf, useSite } from "~/lib/site-context";
import { faqPageJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/ajuda";

export default function HelpPage() {
  const support = helpSupport(useSite().settings.support_email);
  return (
    <>
      <PageHero {...helpHero} />
      <Section id="topicos" title={helpTopics.title}>
        <CardGrid columns={4}>
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
        </CardGrid>
      </Section>
      <FaqSection id="faq-ajuda" {...helpFaq} />
      <CalloutSection id="suporte" title={support.title} text={support.text}>
        <Button asChild size="lg" className="mt-8">
          <Link to={support.cta.href}>{support.cta.label}</Link>
        </Button>
      </CalloutSection>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMetaFor("/ajuda", { ...helpMeta, jsonLd: [faqPageJsonLd(helpFaq.items)] }, siteOf(matches));
