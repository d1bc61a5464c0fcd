import type { RouterContextProvider } from "react-router";
import { backendContext } from "./backend-context";
import { SSO_PROVIDERS, type SsoProvider } from "./sso";

/**
 * The company sign-in providers the backend has enabled, from GoTrue's GET /settings (the
 * embedded service or a hosted project alike), so /auth offers exactly those buttons. Any
 * failure offers none: e-mail and password still work.
 */
export async function enabledSsoProviders(context: Readonly<RouterContextProvider>): Promise<SsoProvider[]> {
  const backend = context.get(backendContext);
  try {
    const res = await backend.fetch(`${backend.url.replace(/\/+$/, "")}/auth/v1/settings`, {
      headers: { apikey: backend.anonKey },
    });
    if (!res.ok) return [];
    const body = (await res.json()) as { external?: Record<string, unknown> };
    return SSO_PROVIDERS.filter((name) => body.external?.[name] === true);
  } catch {
    return [];
  }
}
