import { Outlet, isRouteErrorResponse, useMatches } from "react-router";
import { DemoForm } from "~/components/site/demo/demo-form";
import { DEMO_SECTION_ID, DemoSection } from "~/components/site/demo/demo-section";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { SiteShell } from "~/components/site/site-shell";
import { UnexpectedErrorScreen } from "~/components/site/error-screen";
import { demoFormCopy } from "~/content/demo";
import { notFoundCopy } from "~/content/errors";
import type { Route } from "./+types/layout";

interface SiteHandle {
  hideDemoSection?: boolean;
}

export default function SiteLayout() {
  return (
    <SiteShell demoSection={useDemoSection()}>
      <Outlet />
    </SiteShell>
  );
}

/**
 * A page that answers 404 (an unknown blog post, say) keeps the shell, demo section included, and
 * shows the not-found page; anything else is unexpected.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const demoSection = useDemoSection();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell demoSection={demoSection}>
        <title>{notFoundCopy.metaTitle}</title>
        <meta name="robots" content="noindex" />
        <NotFoundScreen />
      </SiteShell>
    );
  }
  return <UnexpectedErrorScreen error={error} />;
}

/**
 * Every page ends with the demo request section, unless it shows the form itself
 * (handle.hideDemoSection, e.g. /solicitar-demo). The form is plain server-rendered HTML (ADR 049,
 * which supersedes ADR 033's lazy chunk): it works as is without JavaScript, and the pages that
 * load the "lead-form" enhancement module get fetch, toasts and focus on top.
 */
function useDemoSection() {
  const handles = useMatches().map((match) => (match.handle ?? {}) as SiteHandle);
  if (handles.some((handle) => handle.hideDemoSection)) return undefined;
  return (
    <DemoSection>
      <DemoForm id={DEMO_SECTION_ID} copy={demoFormCopy} />
    </DemoSection>
  );
}
