import { CaseStudyList } from "~/components/site/cases/case-study-list";
import { CtaSection } from "~/components/site/cta-section";
import { PageHero } from "~/components/site/page-hero";
import { caseStudies, casesCta, casesHero, casesMeta, casesUi } from "~/content/cases";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/casos-de-sucesso";

export default function CaseStudiesPage() {
  return (
    <>
      <PageHero {...casesHero} />
      <CaseStudyList items={caseStudies} ui={casesUi} />
      <p className="mx-auto max-w-6xl px-4 pb-12 text-center text-sm text-muted-foreground sm:px-6 lg:px-8">
        {casesUi.disclaimer}
      </p>
      <CtaSection id="casos-cta" {...casesCta} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/casos-de-sucesso", casesMeta, siteOf(matches));
