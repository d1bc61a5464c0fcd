import { PageHero } from "~/components/site/page-hero";
import { Certifications, DataProtection, SecurityFeatures } from "~/components/site/security/security-sections";
import { StatList } from "~/components/site/stat-list";
import {
  securityCertifications,
  securityDataProtection,
  securityFeatures,
  securityHero,
  securityMeta,
} from "~/content/security";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/seguranca";
import { securityMetrics } from "~/content/figures";

export default function SecurityPage() {
  return (
    <>
      <PageHero {...securityHero} />
      <StatList {...securityMetrics} />
      <SecurityFeatures {...securityFeatures} />
      <Certifications {...securityCertifications} />
      <DataProtection {...securityDataProtection} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/seguranca", securityMeta, siteOf(matches));
