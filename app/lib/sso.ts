/** GoTrue's names of the company sign-in providers the backend may enable (server/backend/auth/oidc.ts). */
export const SSO_PROVIDERS = ["google", "azure", "keycloak"] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** What the provider's return to /auth carries that the page reads once and then drops. */
export const SSO_RETURN_PARAMS = ["code", "error", "error_code", "error_description"] as const;
