import { lazy, Suspense, useState } from "react";
import { Outlet, isRouteErrorResponse, useMatches } from "react-router";
import { DemoForm } from "~/components/site/demo/demo-form";
import { DEMO_SECTION_ID, DemoSection } from "~/components/site/demo/demo-section";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { SiteShell } from "~/components/site/site-shell";
import { UnexpectedErrorScreen } from "~/components/site/error-screen";
import { demoFormCopy } from "~/content/demo";
import { notFoundCopy } from "~/content/errors";
import type { Route } from "./+types/layout";

/**
 * The React toast region, for the screens that are React apps in the browser (/auth, /admin:
 * handle.toasts). Public pages run no React; their lead forms toast through
 * app/enhance/toast.ts (docs/decisions/049-lead-forms-without-react.md).
 */
const LazyToaster = lazy(async () => ({ default: (await import("~/components/ui/toaster")).Toaster }));

interface SiteHandle {
  hideDemoSection?: boolean;
  toasts?: boolean;
}

export default function SiteLayout() {
  // Every page ends with the demo request section, unless it shows the form itself
  // (handle.hideDemoSection, e.g. /solicitar-demo). The form is plain server-rendered HTML
  // (ADR 049, which supersedes ADR 033's lazy chunk): it works as is without JavaScript, and
  // the pages that load the "lead-form" enhancement module get fetch, toasts and focus on top.
  const handles = useMatches().map((match) => (match.handle ?? {}) as SiteHandle);
  const hideDemo = handles.some((handle) => handle.hideDemoSection);
  // Once mounted, the toaster stays: a toast fired just before a navigation (sign-in, then
  // redirect to /) must still be seen on the next page.
  const wantsToasts = handles.some((handle) => handle.toasts);
  const [toasterMounted, setToasterMounted] = useState(wantsToasts);
  if (wantsToasts && !toasterMounted) setToasterMounted(true);
  return (
    <>
      <SiteShell
        demoSection={
          hideDemo ? undefined : (
            <DemoSection>
              <DemoForm id={DEMO_SECTION_ID} copy={demoFormCopy} />
            </DemoSection>
          )
        }
      >
        <Outlet />
      </SiteShell>
      {toasterMounted ? (
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A page that answers 404 (an unknown blog post, say) keeps the shell and shows the
 * not-found page; anything else is unexpected.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <title>{notFoundCopy.metaTitle}</title>
        <meta name="robots" content="noindex" />
        <NotFoundScreen />
      </SiteShell>
    );
  }
  return <UnexpectedErrorScreen error={error} />;
}
