import { AuthForm } from "~/components/auth/auth-form";
import { authCopy } from "~/content/auth";
import { browserBackendConfig } from "~/lib/backend-config.server";
import { pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import { enabledSsoProviders } from "~/lib/sso-providers.server";
import { useBrowserSupabase } from "~/lib/use-browser-supabase";
import type { Route } from "./+types/auth";

/** The browser's backend URL and anon key (one build serves every mode), and the SSO providers. */
export async function loader({ context }: Route.LoaderArgs) {
  return { ...browserBackendConfig(context), ssoProviders: await enabledSsoProviders(context) };
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const client = useBrowserSupabase(loaderData);
  return (
    <div className="flex justify-center px-6 py-16 lg:py-24">
      <AuthForm client={client} copy={authCopy} ssoProviders={loaderData.ssoProviders} />
    </div>
  );
}

// A private screen: no demo request section under it; its toasts outlive the redirect that
// follows a sign-in (app/root.tsx).
export const handle = { hideDemoSection: true, toasts: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    { title: authCopy.metaTitle, description: authCopy.metaDescription, path: "/auth", noindex: true },
    siteOf(matches),
  );
