import { useSearchParams } from "react-router";
import { NewPasswordForm, type AccountLinkType } from "~/components/auth/new-password-form";
import { authCopy, newPasswordCopy } from "~/content/auth";
import { browserBackendConfig } from "~/lib/backend-config.server";
import { pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import { useBrowserSupabase } from "~/lib/use-browser-supabase";
import type { Route } from "./+types/new-password";

/** The browser's backend URL and anon key, at runtime (one build serves every mode). */
export function loader({ context }: Route.LoaderArgs) {
  return browserBackendConfig(context);
}

const LINK_TYPES: readonly AccountLinkType[] = ["recovery", "invite"];

export default function NewPasswordPage({ loaderData }: Route.ComponentProps) {
  const client = useBrowserSupabase(loaderData);
  const [searchParams] = useSearchParams();
  const tokenHash = searchParams.get("token_hash");
  const type = searchParams.get("type") as AccountLinkType | null;
  const link = tokenHash && type && LINK_TYPES.includes(type) ? { tokenHash, type } : null;
  return (
    <div className="flex justify-center px-6 py-16 lg:py-24">
      <NewPasswordForm client={client} link={link} copy={newPasswordCopy} authCopy={authCopy} />
    </div>
  );
}

// A private screen, like /auth: no demo section; its toasts outlive the redirect that follows.
export const handle = { hideDemoSection: true, toasts: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: newPasswordCopy.metaTitle,
      description: newPasswordCopy.metaDescription,
      path: "/auth/nova-senha",
      noindex: true,
    },
    siteOf(matches),
  );
