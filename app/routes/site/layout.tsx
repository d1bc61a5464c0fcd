import { Outlet, isRouteErrorResponse } from "react-router";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { SiteShell } from "~/components/site/site-shell";
import { UnexpectedErrorScreen } from "~/components/site/error-screen";
import { notFoundCopy } from "~/content/errors";
import type { Route } from "./+types/layout";

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
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
