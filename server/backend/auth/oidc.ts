// Company sign-in through OpenID Connect, as GoTrue's external providers answer supabase-js's
// `signInWithOAuth` with flowType 'pkce' (internal/api/external.go, token_oidc.go):
//   GET /authorize?provider=…  -> the provider's login (state, nonce and PKCE of our own)
//   GET /callback?code&state   -> the ID token checked; back to redirect_to with ?code=<auth code>
//   POST /token?grant_type=pkce {auth_code, code_verifier} -> a session (aal1, amr `oauth`)
// openid-client does discovery, the code exchange and the ID token's checks (signature against the
// provider's JWKS, issuer, audience, expiry, nonce); this module decides who may sign in (ADR 080).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import * as oidc from "openid-client";
import type { Queryable } from "../db/types.ts";
import { rateLimit, readBody, requestMeta, sitePath } from "./context.ts";
import type { AuthContext } from "./context.ts";
import { authErrors } from "./errors.ts";
import { createSession, hashToken, tokenResponse } from "./sessions.ts";
import type { TokenResponse } from "./sessions.ts";
import { findUserByEmail, findUserById, insertUser, normalizeEmail, updateUser } from "./users.ts";
import type { UserRow } from "./users.ts";

/** GoTrue's provider names supabase-js sends; any issuer that publishes OpenID discovery. */
export const OIDC_PROVIDER_NAMES = ["google", "azure", "keycloak"] as const;
export type OidcProviderName = (typeof OIDC_PROVIDER_NAMES)[number];

export interface OidcProviderSettings {
  name: OidcProviderName;
  /** The issuer whose /.well-known/openid-configuration describes the provider. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How openid-client reaches providers; tests pass one that sees the traffic. */
export type OidcFetch = oidc.CustomFetch;

export interface OidcSettings {
  providers: OidcProviderSettings[];
  /** Lower-case e-mail domains whose verified addresses may sign in (AUTH_SSO_ALLOWED_DOMAINS). */
  allowedDomains: string[];
  fetch?: OidcFetch;
}

/** From /authorize to the provider's answer at /callback. */
const FLOW_SECONDS = 600;
/** From /callback to the browser's exchange: GoTrue's flow state lasts 5 minutes. */
const AUTH_CODE_SECONDS = 300;
const GOOGLE_ISSUER = "https://accounts.google.com";

interface FlowRow {
  provider: string;
  code_challenge: string;
  code_challenge_method: string;
  nonce: string;
  provider_verifier: string;
  redirect_to: string;
  expires_at: Date;
}

interface AuthCodeRow {
  user_id: string;
  code_challenge: string;
  code_challenge_method: string;
  expires_at: Date;
}

/** What the /authorize and /callback handlers share, built once when the routes are registered. */
interface OidcRoutes {
  ctx: AuthContext;
  providers: ReadonlyMap<string, OidcProviderSettings>;
  allowedDomains: ReadonlySet<string>;
  callbackUrl: string;
  configOf: (provider: OidcProviderSettings) => Promise<oidc.Configuration>;
}

export function registerOidcRoutes(app: Hono, ctx: AuthContext, settings: OidcSettings | undefined): void {
  const routes: OidcRoutes = {
    ctx,
    providers: new Map((settings?.providers ?? []).map((p) => [p.name as string, p])),
    allowedDomains: new Set(settings?.allowedDomains ?? []),
    callbackUrl: `${ctx.siteUrl}/auth/v1/callback`,
    configOf: providerConfigs(settings?.fetch),
  };
  app.get("/authorize", (c) => oidcAuthorize(routes, c));
  app.get("/callback", (c) => oidcCallback(routes, c));
}

/** Discovery once per provider and process; a failure is retried on the next sign-in. */
function providerConfigs(
  customFetch: OidcFetch | undefined,
): (provider: OidcProviderSettings) => Promise<oidc.Configuration> {
  const configs = new Map<string, Promise<oidc.Configuration>>();
  return (provider) => {
    let found = configs.get(provider.name);
    if (!found) {
      found = oidc
        .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
          // Plain http only for an http issuer (a provider on this machine, in tests).
          execute: [
            ...(provider.issuer.startsWith("http:") ? [oidc.allowInsecureRequests] : []),
            // The ID token's signature is checked against the provider's JWKS, not only TLS.
            oidc.enableNonRepudiationChecks,
          ],
          timeout: 10,
          ...(customFetch ? { [oidc.customFetch]: customFetch } : {}),
        })
        .then((config) => {
          if (customFetch) config[oidc.customFetch] = customFetch;
          return config;
        });
      found.catch(() => configs.delete(provider.name));
      configs.set(provider.name, found);
    }
    return found;
  };
}

/** GET /authorize: keeps the flow's state, nonce and PKCE, then sends the browser to the provider. */
async function oidcAuthorize(routes: OidcRoutes, c: Context): Promise<Response> {
  const { ctx } = routes;
  const provider = routes.providers.get(c.req.query("provider") ?? "");
  if (!provider) throw authErrors.providerDisabled();
  await rateLimit(ctx.limiters.signInSignUp, c);
  const challenge = readChallenge(c);
  // GoTrue's GetReferrer: a redirect_to outside the site becomes the site itself.
  const redirectTo = `${ctx.siteUrl}${sitePath(ctx, c.req.query("redirect_to"))}`;
  const config = await routes.configOf(provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const now = ctx.tokens.now();
  await ctx.db.transaction(async (tx) => {
    await tx.query("DELETE FROM omnia_internal.oidc_flows WHERE expires_at < $1", [new Date(now)]);
    await tx.query(
      `INSERT INTO omnia_internal.oidc_flows
         (state_hash, provider, nonce, provider_verifier, code_challenge, code_challenge_method, redirect_to, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        hashToken(state),
        provider.name,
        nonce,
        verifier,
        challenge.value,
        challenge.method,
        redirectTo,
        new Date(now + FLOW_SECONDS * 1000),
      ],
    );
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: routes.callbackUrl,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  if (c.req.query("skip_http_redirect") === "true") return c.json({ url: url.href });
  return c.redirect(url.href, 302);
}

/** GET /callback: checks the provider's answer and sends the browser back to redirect_to with an auth code. */
async function oidcCallback(routes: OidcRoutes, c: Context): Promise<Response> {
  const { ctx } = routes;
  const state = c.req.query("state");
  if (!state) throw authErrors.badOAuthCallback("OAuth state parameter missing");
  // Deleted as it is read: a state (and the provider's code with it) is good once.
  const { rows } = await ctx.db.query<FlowRow>(
    `DELETE FROM omnia_internal.oidc_flows WHERE state_hash = $1
     RETURNING provider, code_challenge, code_challenge_method, nonce, provider_verifier, redirect_to, expires_at`,
    [hashToken(state)],
  );
  const flow = rows[0];
  const provider = flow ? routes.providers.get(flow.provider) : undefined;
  if (!flow || !provider || new Date(flow.expires_at).getTime() < ctx.tokens.now()) {
    throw authErrors.badOAuthState();
  }
  const back = (params: Record<string, string>) => c.redirect(withQuery(flow.redirect_to, params), 302);
  const refused = (code: string, description: string) =>
    back({ error: "access_denied", error_code: code, error_description: description });

  const providerError = c.req.query("error");
  if (providerError) {
    return back({
      error: providerError,
      error_code: "bad_oauth_callback",
      error_description: c.req.query("error_description") ?? "OAuth callback contains an error",
    });
  }
  const claims = await exchangeProviderCode(routes, c, provider, flow, state);
  if (!claims) {
    return back({
      error: "server_error",
      error_code: "bad_oauth_callback",
      error_description: "Unable to exchange external code",
    });
  }

  const email = normalizeEmail(claims["email"]);
  if (!email || !emailVerified(provider, claims)) {
    return refused("provider_email_needs_verification", `Unverified email with ${provider.name}`);
  }
  if (!domainAllowed(provider, claims, email, routes.allowedDomains)) {
    return refused("email_address_not_authorized", "Email address is not authorized to sign in");
  }
  const code = randomBytes(32).toString("base64url");
  const signedIn = await storeAuthCode(ctx, provider, flow, claims, email, code);
  if (signedIn === "banned") return refused("user_banned", "User is banned");
  if (!signedIn) return refused("email_exists", "A user with this email address has already been registered");
  return back({ code });
}

/**
 * The provider's code for its tokens, with the ID token's checks; null (after logging why) when
 * the exchange or a check fails, which /callback answers as GoTrue does.
 */
async function exchangeProviderCode(
  routes: OidcRoutes,
  c: Context,
  provider: OidcProviderSettings,
  flow: FlowRow,
  state: string,
): Promise<oidc.IDToken | null> {
  try {
    const config = await routes.configOf(provider);
    const current = new URL(routes.callbackUrl);
    current.search = new URL(c.req.url).search;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.provider_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const found = tokens.claims();
    if (!found) throw new Error("no ID token");
    return found;
  } catch (error) {
    routes.ctx.log(`auth: ${provider.name} sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * The account for the verified address and, unless it is banned, an auth code for it that carries
 * the browser's PKCE challenge. Null when the address was taken in between.
 */
async function storeAuthCode(
  ctx: AuthContext,
  provider: OidcProviderSettings,
  flow: FlowRow,
  claims: oidc.IDToken,
  email: string,
  code: string,
): Promise<UserRow | "banned" | null> {
  const now = ctx.tokens.now();
  return ctx.db.transaction(async (tx) => {
    const user = await userFor(tx, provider, claims, email, new Date(now));
    if (!user) return null;
    if (user.banned_until && new Date(user.banned_until).getTime() > now) return "banned" as const;
    await tx.query("DELETE FROM omnia_internal.oidc_auth_codes WHERE expires_at < $1", [new Date(now)]);
    await tx.query(
      `INSERT INTO omnia_internal.oidc_auth_codes
         (code_hash, user_id, provider, code_challenge, code_challenge_method, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        hashToken(code),
        user.id,
        provider.name,
        flow.code_challenge,
        flow.code_challenge_method,
        new Date(now + AUTH_CODE_SECONDS * 1000),
      ],
    );
    return user;
  });
}

/** The browser's PKCE challenge, as GoTrue's /authorize reads it (s256 or plain, 43-128 characters). */
function readChallenge(c: Context): { value: string; method: "s256" | "plain" } {
  const value = c.req.query("code_challenge");
  const method = (c.req.query("code_challenge_method") ?? "").toLowerCase();
  if (!value) throw authErrors.validation("PKCE flow required: code_challenge is missing");
  if (method !== "s256" && method !== "plain") {
    throw authErrors.validation("code challenge method not supported: use s256 or plain");
  }
  if (value.length < 43 || value.length > 128) {
    throw authErrors.validation("code challenge has to be between 43 and 128 characters");
  }
  return { value, method };
}

/** Appends parameters to a URL's query (GoTrue's PKCE redirects carry them there, not in the fragment). */
function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/**
 * Google and most issuers send `email_verified`; Microsoft Entra sends none, but its optional
 * claim `xms_edov` says the address's domain is verified by the tenant that owns it.
 */
function emailVerified(provider: OidcProviderSettings, claims: oidc.IDToken): boolean {
  return claims["email_verified"] === true || (provider.name === "azure" && claims["xms_edov"] === true);
}

/**
 * The address's domain must be one the operator listed. A Google account can carry any address
 * it verified, so with Google the Workspace domain (`hd`) must be that domain too.
 */
function domainAllowed(
  provider: OidcProviderSettings,
  claims: oidc.IDToken,
  email: string,
  allowed: ReadonlySet<string>,
): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (!allowed.has(domain)) return false;
  return provider.issuer.replace(/\/+$/, "") !== GOOGLE_ISSUER || claims["hd"] === domain;
}

/**
 * The account of a verified company address: the existing one (its providers list gains this
 * provider; an unconfirmed one is confirmed and loses its password), or a new confirmed account without a password and without any role, which an
 * admin grants (docs/admin.md). Null only if the address was taken in between.
 */
async function userFor(
  tx: Queryable,
  provider: OidcProviderSettings,
  claims: oidc.IDToken,
  email: string,
  now: Date,
): Promise<UserRow | null> {
  const identity = {
    iss: claims.iss,
    sub: claims.sub,
    provider_id: claims.sub,
    ...(typeof claims["name"] === "string" ? { full_name: claims["name"], name: claims["name"] } : {}),
  };
  let existing = await findUserByEmail(tx, email);
  if (existing && !existing.email_confirmed_at) {
    // Whoever registered the address never proved it; the provider just did. Their password goes,
    // so an account prepared in advance cannot be entered with it afterwards.
    await tx.query(
      "UPDATE auth.users SET email_confirmed_at = $2, encrypted_password = NULL, updated_at = $2 WHERE id = $1",
      [existing.id, now],
    );
    existing = await findUserById(tx, existing.id);
  }
  if (existing) {
    const app = existing.raw_app_meta_data ?? {};
    const known = Array.isArray(app["providers"]) ? app["providers"].filter((p) => typeof p === "string") : [];
    if (known.includes(provider.name)) return existing;
    return updateUser(tx, existing, { appMetadata: { providers: [...known, provider.name] } }, now);
  }
  return insertUser(tx, {
    email,
    passwordHash: null,
    confirmedAt: now,
    userMetadata: identity,
    appMetadata: { provider: provider.name, providers: [provider.name] },
    now,
  });
}

/** Whether the verifier the browser kept answers the challenge it sent to /authorize (RFC 7636). */
function verifierMatches(verifier: string, row: AuthCodeRow): boolean {
  const computed =
    row.code_challenge_method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  const a = Buffer.from(computed);
  const b = Buffer.from(row.code_challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GoTrue's PKCE grant: the auth code from /callback and the verifier of its challenge give a
 * session. The code is spent by the first attempt, right or wrong, so it cannot be guessed at.
 */
export async function pkceGrant(ctx: AuthContext, c: Context): Promise<TokenResponse> {
  await rateLimit(ctx.limiters.signInSignUp, c);
  const body = await readBody(c);
  const authCode = body["auth_code"];
  const verifier = body["code_verifier"];
  if (typeof authCode !== "string" || authCode === "" || typeof verifier !== "string" || verifier === "") {
    throw authErrors.validation("invalid request: both auth code and code verifier should be non-empty");
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AuthCodeRow>(
      `DELETE FROM omnia_internal.oidc_auth_codes WHERE code_hash = $1
       RETURNING user_id::text AS user_id, code_challenge, code_challenge_method, expires_at`,
      [hashToken(authCode)],
    );
    const row = rows[0];
    if (!row) return { error: authErrors.flowStateNotFound() };
    if (new Date(row.expires_at).getTime() < ctx.tokens.now()) return { error: authErrors.flowStateExpired() };
    if (!verifierMatches(verifier, row)) return { error: authErrors.badCodeVerifier() };
    const user = await findUserById(tx, row.user_id);
    if (!user) return { error: authErrors.flowStateNotFound() };
    if (user.banned_until && new Date(user.banned_until).getTime() > ctx.tokens.now()) {
      return { error: authErrors.userBanned() };
    }
    const session = await createSession(tx, ctx.tokens, user.id, "oauth", requestMeta(c));
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return { response: await tokenResponse(tx, ctx.tokens, fresh, session.sessionId, session.refreshToken) };
  });
  // Thrown after the commit, so a spent code stays spent.
  if ("error" in outcome) throw outcome.error;
  return outcome.response;
}
