import { FaqSection } from "~/components/site/faq-section";
import { CtaSection } from "~/components/site/cta-section";
import { FeatureCards, Hero, Pillars } from "~/components/site/home/home-sections";
import { StatList } from "~/components/site/stat-list";
import { homeStats } from "~/content/figures";
import { homeCta, homeFaq, homeFeatures, homeHero, homeMeta, homePillars } from "~/content/home";
import { organizationJsonLd, pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/home";

export default function HomePage() {
  return (
    <>
      <Hero {...homeHero} />
      <StatList {...homeStats} />
      <Pillars {...homePillars} />
      <FeatureCards {...homeFeatures} />
      <CtaSection id="cta-demo" {...homeCta} />
      <FaqSection id="faq" {...homeFaq} />
    </>
  );
}

// Not pageMetaFor: the home page has no breadcrumb, and its JavaScript (the budgeted one) must
// not pull in the structured-data helpers (ADR 036).
export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  return pageMeta({ ...homeMeta, path: "/", jsonLd: [organizationJsonLd(site)] }, site);
};
