import { ExternalLink } from "lucide-react";
import { IntegrationCategories } from "~/components/site/integrations/integration-grid";
import { PageHero } from "~/components/site/page-hero";
import { Button } from "~/components/ui/button";
import {
  integrationCategories,
  integrationsApi,
  integrationsHero,
  integrationsMeta,
  integrationsUi,
} from "~/content/integrations";
import { pageMetaFor } from "~/lib/page-meta";
import type { Route } from "./+types/integracoes";

export default function IntegrationsPage() {
  return (
    <>
      <PageHero {...integrationsHero} />
      <IntegrationCategories categories={integrationCategories} ui={integrationsUi} />
      <section aria-labelledby="api" className="bg-muted px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="api" className="text-3xl font-bold tracking-tight">
            {integrationsApi.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{integrationsApi.text}</p>
          <Button asChild size="lg" className="mt-8">
            <a href={integrationsApi.href} target="_blank" rel="noopener noreferrer">
              {integrationsApi.linkLabel}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">{integrationsApi.newTabHint}</span>
            </a>
          </Button>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => pageMetaFor("/integracoes", integrationsMeta);
