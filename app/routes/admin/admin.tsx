import { useContext } from "react";
import { UNSAFE_DataRouterDataContext as DataRouterDataContext, useLocation } from "react-router";
import { AdminGate } from "~/components/admin/admin-gate";
import { UnexpectedErrorScreen } from "~/components/site/error-screen";
import { Button } from "~/components/ui/button";
import { adminCopy } from "~/content/admin";
import { browserBackendConfig } from "~/lib/backend-config.server";
import { pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import { useBrowserSupabase } from "~/lib/use-browser-supabase";
import type { Route } from "./+types/admin";

/** The browser's backend URL and anon key, at runtime (one build serves every mode). */
export function loader({ context }: Route.LoaderArgs) {
  return browserBackendConfig(context);
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const client = useBrowserSupabase(loaderData);
  return <AdminGate client={client} copy={adminCopy} backend={loaderData} />;
}

// Its toasts are mounted by app/root.tsx; it renders in its own layout (./layout.tsx).
export const handle = { toasts: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    { title: adminCopy.metaTitle, description: adminCopy.metaDescription, path: "/admin", noindex: true },
    siteOf(matches),
  );

/**
 * A screen of the admin that fails to render shows this, in Portuguese, instead of the router's
 * English default: what happened in a sentence, no message or stack, and "Recarregar", a plain
 * link to this address (a full load, the safest way back after a failure; without the fragment,
 * which would only scroll). A failure the router itself holds, its loader's (a routing failure),
 * gets the generic failure screen, as on every route (docs/product.md §2).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation();
  const routing = Object.values(useContext(DataRouterDataContext)?.errors ?? {}).includes(error);
  if (routing) return <UnexpectedErrorScreen error={error} />;
  const copy = adminCopy.crashed;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-start justify-center gap-4 px-6 py-16">
      <title>{adminCopy.metaTitle}</title>
      <h1 className="text-2xl font-bold tracking-tight">{copy.title}</h1>
      <p className="text-muted-foreground">{copy.text}</p>
      <Button asChild>
        <a href={`${pathname}${search}`}>{copy.reload}</a>
      </Button>
    </main>
  );
}
