import { lazy, Suspense, useState } from "react";
import { Outlet, isRouteErrorResponse, useMatches } from "react-router";
import { DEMO_SECTION_ID, DemoSection } from "~/components/site/demo/demo-section";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { SiteShell } from "~/components/site/site-shell";
import { UnexpectedErrorScreen } from "~/components/site/error-screen";
import { notFoundCopy } from "~/content/errors";
import type { Route } from "./+types/layout";

/**
 * The demo form and its copy load as a separate chunk in the browser: the section is below
 * the fold on every page, so it must not weigh on the initial JavaScript (budget: 110 KB
 * brotli for /). On the server the chunk is loaded before the first render, so the form is
 * rendered inline in the HTML (a working plain POST form without JavaScript); the browser
 * keeps that HTML until the chunk arrives and hydrates it (ADR 033). `import.meta.env.SSR`
 * is a build-time constant: the client bundle has no top-level await and no static edge
 * to the form.
 */
async function loadDemoForm() {
  const [form, content] = await Promise.all([import("~/components/site/demo/demo-form"), import("~/content/demo")]);
  return function DemoFormWithCopy() {
    return <form.DemoForm id={DEMO_SECTION_ID} copy={content.demoFormCopy} />;
  };
}

const ServerDemoForm = import.meta.env.SSR ? await loadDemoForm() : null;
const LazyDemoForm = lazy(async () => ({ default: await loadDemoForm() }));

/** The toast region, loaded only once a screen that toasts (handle.toasts) is visited. */
const LazyToaster = lazy(async () => ({ default: (await import("~/components/ui/toaster")).Toaster }));

interface SiteHandle {
  hideDemoSection?: boolean;
  toasts?: boolean;
}

function DemoFormSlot() {
  return ServerDemoForm ? <ServerDemoForm /> : <LazyDemoForm />;
}

export default function SiteLayout() {
  // Every page ends with the demo request section, unless it shows the form itself
  // (handle.hideDemoSection, e.g. /solicitar-demo).
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
              <Suspense fallback={null}>
                <DemoFormSlot />
              </Suspense>
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
