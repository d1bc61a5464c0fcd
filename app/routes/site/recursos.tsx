import { CtaSection } from "~/components/site/cta-section";
import { FeatureTabs } from "~/components/site/features/feature-tabs";
import { PageHero } from "~/components/site/page-hero";
import { featureTabs, featuresCta, featuresHero, featuresMeta } from "~/content/features";
import { pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/recursos";

export default function FeaturesPage() {
  return (
    <>
      <PageHero {...featuresHero} />
      <FeatureTabs {...featureTabs} />
      <CtaSection id="recursos-cta" {...featuresCta} />
    </>
  );
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...featuresMeta,
    path: "/recursos",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Início", path: "/" },
        { name: featuresMeta.breadcrumb, path: "/recursos" },
      ]),
    ],
  });
