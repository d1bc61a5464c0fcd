import { CaseStudyList } from "~/components/site/cases/case-study-list";
import { CtaSection } from "~/components/site/cta-section";
import { PageHero } from "~/components/site/page-hero";
import { caseStudies, casesCta, casesHero, casesMeta, casesUi } from "~/content/cases";
import { pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
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

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...casesMeta,
    path: "/casos-de-sucesso",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Início", path: "/" },
        { name: casesMeta.breadcrumb, path: "/casos-de-sucesso" },
      ]),
    ],
  });
