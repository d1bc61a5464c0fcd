import { ExternalLink } from "lucide-react";
import { IntegrationCategories } from "~/components/site/integrations/integration-grid";
import { PageHero } from "~/components/site/page-hero";
import { CalloutSection } from "~/components/site/section";
import { Button } from "~/components/ui/button";
import {
  integrationCategories,
  integrationsApi,
  integrationsHero,
  integrationsMeta,
  integrationsUi,
} from "~/content/integrations";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/integracoes";

export default function IntegrationsPage() {
  return (
    <>
      <PageHero {...integrationsHero} />
      <IntegrationCategories categories={integrationCategories} ui={integrationsUi} />
      <CalloutSection id="api" title={integrationsApi.title} text={integrationsApi.text}>
        <Button asChild size="lg" className="mt-8">
          <a href={integrationsApi.href} target="_blank" rel="noopener noreferrer">
            {integrationsApi.linkLabel}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">{integrationsApi.newTabHint}</span>
          </a>
        </Button>
      </CalloutSection>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/integracoes", integrationsMeta, siteOf(matches));
