import { AdminGate } from "~/components/admin/admin-gate";
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
