import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import type { authCopy as AuthCopy } from "~/content/auth";
import { SSO_RETURN_PARAMS, type SsoProvider } from "~/lib/sso";

/**
 * "Entrar com Google" (and each other configured provider): supabase-js's OAuth sign-in with
 * PKCE. The provider sends the browser back to this page with a code the client exchanges
 * for a session, keeping the page's own query (its `next`).
 */
export function SsoButtons({
  client,
  providers,
  copy,
  disabled,
}: {
  client: SupabaseClient | null;
  providers: readonly SsoProvider[];
  copy: typeof AuthCopy;
  disabled: boolean;
}) {
  const [leaving, setLeaving] = useState(false);
  if (providers.length === 0) return null;
  const start = async (provider: SsoProvider) => {
    if (!client) return;
    setLeaving(true);
    const back = new URL(window.location.href);
    for (const name of SSO_RETURN_PARAMS) back.searchParams.delete(name);
    back.hash = "";
    const { error } = await client.auth.signInWithOAuth({ provider, options: { redirectTo: back.href } });
    if (error) {
      setLeaving(false);
      toast.error(copy.toasts.errorTitle, { description: copy.sso.refused.other });
    }
  };
  return (
    <div className="flex w-full flex-col gap-3">
      <p className="text-center text-xs text-muted-foreground uppercase">{copy.sso.divider}</p>
      {providers.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant="outline"
          className="w-full"
          disabled={disabled || leaving || !client}
          onClick={() => void start(provider)}
        >
          {copy.sso.providers[provider]}
        </Button>
      ))}
    </div>
  );
}

/** The pt-BR sentence for a return from the provider without a session (by GoTrue's error_code). */
export function ssoRefusal(copy: typeof AuthCopy, errorCode: string | null): string {
  const refused = copy.sso.refused;
  return errorCode && errorCode in refused && errorCode !== "other"
    ? refused[errorCode as keyof typeof refused]
    : refused.other;
}

/**
 * Whether the page opened as a return from the provider with a code (supabase-js exchanges it
 * for the session). A return with an error is said once, then dropped from the address.
 */
export function useSsoReturn(copy: typeof AuthCopy): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const [withCode] = useState(() => searchParams.has("code"));
  const error = searchParams.get("error");
  const errorCode = searchParams.get("error_code");
  useEffect(() => {
    if (!error && !errorCode) return;
    toast.error(copy.toasts.errorTitle, { description: ssoRefusal(copy, errorCode) });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of SSO_RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [copy, error, errorCode, setSearchParams]);
  return withCode;
}
