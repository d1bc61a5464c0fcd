import { CtaSection } from "~/components/site/cta-section";
import { FeatureTabs } from "~/components/site/features/feature-tabs";
import { PageHero } from "~/components/site/page-hero";
import { featureTabs, featuresCta, featuresHero, featuresMeta } from "~/content/features";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
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

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/recursos", featuresMeta, siteOf(matches));
