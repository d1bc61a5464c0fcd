import { FaqSection } from "~/components/site/faq-section";
import { PageHero } from "~/components/site/page-hero";
import { ComparisonTable, PlanCards } from "~/components/site/pricing/plan-cards";
import { Section } from "~/components/site/section";
import { HiddenHeading } from "~/components/ui/hidden-heading";
import { plans, pricingCards, pricingComparison, pricingFaq, pricingHero, pricingMeta } from "~/content/pricing";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import { faqPageJsonLd, productJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/precos";

export default function PricingPage() {
  const { trialNote, annualNote, ...hero } = pricingHero;
  return (
    <>
      <PageHero {...hero}>
        <p className="mt-6 inline-flex flex-col gap-1 rounded-xl bg-background px-5 py-3 text-sm font-semibold shadow-sm sm:flex-row sm:gap-3">
          <span>{trialNote}</span>
          <span>{annualNote}</span>
        </p>
      </PageHero>
      <section aria-labelledby="planos" className="px-4 pt-8 pb-16 sm:px-6 lg:px-8">
        <HiddenHeading id="planos">{pricingCards.title}</HiddenHeading>
        <PlanCards
          plans={plans}
          perMonth={pricingCards.perMonth}
          priceLabel={pricingCards.priceLabel}
          includes={pricingCards.includes}
        />
      </section>
      <Section id="comparacao" title={pricingComparison.title} subtitle={pricingComparison.subtitle} tone="muted">
        <ComparisonTable plans={plans} {...pricingComparison} />
      </Section>
      <FaqSection id="faq-precos" {...pricingFaq} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  return pageMetaFor(
    "/precos",
    {
      ...pricingMeta,
      jsonLd: [
        ...plans.map((plan) =>
          productJsonLd(
            { name: `Omnia ${plan.name}`, description: plan.description, monthlyPrice: plan.price, path: "/precos" },
            site,
          ),
        ),
        faqPageJsonLd(pricingFaq.items),
      ],
    },
    site,
  );
};
