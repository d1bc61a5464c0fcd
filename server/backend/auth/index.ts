// The embedded auth service: the subset of GoTrue (Supabase Auth) that supabase-js uses, mounted
// at /auth/v1. Wire shapes follow docs/supabase-wire.md §2; each handler names the GoTrue behaviour
// it copies. Password hashing (bcrypt) always runs outside database transactions: PGlite has
// one connection, and a hash inside a transaction would stall every other request.
import { Hono } from "hono";
import type { Context } from "hono";
import { declaresMoreThan } from "../../../app/lib/bounded-body.ts";
import type { RateLimitersOptions } from "../../http/rate-limits.ts";
import { createBucketLimiter } from "../shared-rate-limits.ts";
import type { Database } from "../db/types.ts";
import { loadSigningKeys } from "../keys.ts";
import type { SigningKeys } from "../keys.ts";
import { DEFAULT_ACCOUNT_THROTTLE, createAccountThrottle, createSharedAccountThrottle } from "./account-throttle.ts";
import type { AccountThrottleLimits } from "./account-throttle.ts";
import { registerAdminRoutes } from "./admin.ts";
import {
  AUTH_PREFIX,
  AUTH_RATE_LIMIT_BUCKETS,
  MAX_BODY_BYTES,
  authenticate,
  checkNewPassword,
  isAal2,
  isPlainObject,
  rateLimit,
  readBody,
  requestMeta,
  setAuditAddress,
  sitePath,
} from "./context.ts";
import type { AuthContext } from "./context.ts";
import { API_VERSION, API_VERSION_HEADER, authErrorResponse, authErrors } from "./errors.ts";
import { registerMfaRoutes } from "./mfa.ts";
import { pkceGrant, registerOidcRoutes } from "./oidc.ts";
import type { OidcSettings } from "./oidc.ts";
import { RECOVERY_LINK_SECONDS, registerEmailLinkRoutes, signupWithConfirmation } from "./email-links.ts";
import type { AccountMail } from "./email-links.ts";
import { requestEmailChange, sendEmailChange } from "./email-change.ts";
import type { Queryable } from "../db/types.ts";
import {
  DEFAULT_JWT_EXPIRY,
  DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL,
  createSession,
  rotateRefreshToken,
  tokenResponse,
} from "./sessions.ts";
import type { TokenResponse } from "./sessions.ts";
import {
  createPasswordHasher,
  findUserByEmail,
  findUserById,
  insertUser,
  listFactors,
  normalizeEmail,
  serializeUser,
  updateUser,
} from "./users.ts";
import type { UserRow } from "./users.ts";

export type { SigningKeys } from "../keys.ts";
export { AUTH_PREFIX } from "./context.ts";
export type { AccountThrottleLimits } from "./account-throttle.ts";
export type { OidcSettings } from "./oidc.ts";

export interface CreateAuthOptions {
  db: Database;
  /** Where the signing key file lives; without it the key is kept in auth.signing_keys. */
  dataDir?: string;
  /** The site's canonical origin: the token issuer is `<siteUrl>/auth/v1`. */
  siteUrl: string;
  /** Milliseconds since the epoch; tests move time instead of sleeping. */
  now?: () => number;
  /** bcrypt cost; 10 like GoTrue. Tests may lower it explicitly. */
  bcryptCost?: number;
  /** Per-IP limits replacing some of server/http/rate-limits.ts's table (Supabase's defaults); for tests. */
  rateLimits?: RateLimitersOptions["limits"];
  /** Per-account password sign-in limit; 10 failures in 15 minutes lock for 15 (account-throttle.ts). */
  accountThrottle?: Partial<AccountThrottleLimits>;
  /**
   * The database every instance shares (DATABASE_URL): the per-address limits and the account
   * throttle are counted there. Null or absent: in this process's memory.
   */
  sharedCounts?: Database | null;
  /** Access-token lifetime in seconds (DEFAULT_JWT_EXPIRY). */
  jwtExpiry?: number;
  /** Seconds a rotated refresh token may be presented again (DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL). */
  refreshTokenReuseInterval?: number;
  /** Where internal errors go (never to the client). */
  log?: (line: string) => void;
  /** Sends the account e-mails; without it /recover, /invite and e-mail changes answer 501. */
  mail?: AccountMail;
  /**
   * GoTrue's MAILER_AUTOCONFIRM (default true): sign-up is confirmed at once. False (a real mail
   * server is configured) e-mails a confirmation link instead, and needs `mail`.
   */
  mailerAutoconfirm?: boolean;
  /** Company sign-in: the OpenID Connect providers and the e-mail domains allowed (oidc.ts). */
  oidc?: OidcSettings;
}

export interface Auth {
  /** Every route, relative to where it is mounted: `app.route(AUTH_PREFIX, auth.app)`. */
  app: Hono;
  keys: SigningKeys;
}

/**
 * The auth app on a migrated database: its tables come from the migration runner's internal
 * migrations (server/backend/db/migrations, ADR 015), so call runMigrations first.
 */
export async function createAuth(opts: CreateAuthOptions): Promise<Auth> {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((line: string) => console.error(line));
  const keys = await loadSigningKeys({ db: opts.db, dataDir: opts.dataDir, now });
  const siteUrl = opts.siteUrl.replace(/\/+$/, "");
  const throttleLimits = { ...DEFAULT_ACCOUNT_THROTTLE, ...opts.accountThrottle };
  const mailerAutoconfirm = opts.mailerAutoconfirm ?? true;
  if (!mailerAutoconfirm && !opts.mail) throw new Error("createAuth: mailerAutoconfirm false needs mail");
  const ctx: AuthContext = {
    db: opts.db,
    keys,
    siteUrl,
    tokens: {
      keys,
      issuer: `${siteUrl}${AUTH_PREFIX}`,
      jwtExpiry: opts.jwtExpiry ?? DEFAULT_JWT_EXPIRY,
      reuseInterval: opts.refreshTokenReuseInterval ?? DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL,
      now,
    },
    hasher: createPasswordHasher(opts.bcryptCost ?? 10),
    log,
    limiters: Object.fromEntries(
      AUTH_RATE_LIMIT_BUCKETS.map((bucket) => [
        bucket,
        createBucketLimiter(bucket, { shared: opts.sharedCounts ?? null, limits: opts.rateLimits, now }),
      ]),
    ) as AuthContext["limiters"],
    accountThrottle: opts.sharedCounts
      ? createSharedAccountThrottle(opts.sharedCounts, throttleLimits, now)
      : createAccountThrottle(throttleLimits, now),
    challengeExpiry: 300,
    mail: opts.mail,
    mailerAutoconfirm,
  };

  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    c.header(API_VERSION_HEADER, API_VERSION);
  });
  // A body declared too large is refused on every route, whether or not it reads one; readBody
  // counts the rest as they arrive.
  app.use("*", async (c, next) => {
    if (c.req.raw.body && declaresMoreThan(c.req.raw, MAX_BODY_BYTES)) throw authErrors.requestTooLarge();
    await next();
  });
  app.onError((error, c) => authErrorResponse(c, error, log));
  app.notFound((c) => authErrorResponse(c, authErrors.notFound(), log));

  registerPublicRoutes(app, ctx, new Set(opts.oidc?.providers.map((p) => p.name)));
  registerOidcRoutes(app, ctx, opts.oidc);
  registerSessionRoutes(app, ctx);
  registerMfaRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerEmailLinkRoutes(app, ctx);
  // Last: unknown auth paths (e.g. /otp, /magiclink: not offered) answer in GoTrue's error shape
  // also when this app is mounted into another one, whose notFound would otherwise apply.
  app.all("*", () => {
    throw authErrors.notFound();
  });
  return { app, keys };
}

function registerPublicRoutes(app: Hono, ctx: AuthContext, providers: ReadonlySet<string>): void {
  app.get("/health", (c) =>
    c.json({
      version: "omnia-embedded",
      name: "GoTrue",
      description: "GoTrue is a user registration and authentication API",
    }),
  );

  // GoTrue's GET /settings: what the client may offer: e-mail + password, and the configured
  // OpenID Connect providers (the /auth page shows their buttons from this).
  app.get("/settings", (c) =>
    c.json({
      external: {
        anonymous_users: false,
        email: true,
        phone: false,
        apple: false,
        azure: providers.has("azure"),
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: providers.has("google"),
        keycloak: providers.has("keycloak"),
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
      },
      disable_signup: false,
      mailer_autoconfirm: ctx.mailerAutoconfirm,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    }),
  );

  app.get("/.well-known/jwks.json", (c) => {
    c.header("Cache-Control", "public, max-age=600");
    return c.json(ctx.keys.jwks);
  });
}

function registerSessionRoutes(app: Hono, ctx: AuthContext): void {
  const { db } = ctx;

  // GoTrue's Signup. With MAILER_AUTOCONFIRM the user is confirmed at once and gets a session,
  // and a taken address answers 422 user_already_exists. Without it (a real mail server), a
  // confirmation link is e-mailed and no session is given; a taken address gets the answer a
  // new one gets (GoTrue's obfuscated user), so sign-up does not reveal accounts.
  app.post("/signup", async (c) => {
    await rateLimit(ctx.limiters.signInSignUp, c);
    const body = await readBody(c);
    if (body["phone"] !== undefined && body["email"] === undefined) {
      throw authErrors.phoneSignupDisabled();
    }
    const email = normalizeEmail(body["email"]);
    if (!email) throw authErrors.validation("Unable to validate email address: invalid format");
    if (typeof body["password"] !== "string" || body["password"] === "") {
      throw authErrors.validation("Signup requires a valid password");
    }
    const password = checkNewPassword(body["password"]);
    const data = isPlainObject(body["data"]) ? body["data"] : {};
    // Hashed whether or not the address is taken: the answer takes as long either way.
    const passwordHash = await ctx.hasher.hash(password);
    if (!ctx.mailerAutoconfirm) {
      return c.json(
        await signupWithConfirmation(ctx, { email, passwordHash, data, redirectTo: c.req.query("redirect_to") }),
      );
    }
    const nowDate = new Date(ctx.tokens.now());
    const response = await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email,
        passwordHash,
        confirmedAt: nowDate,
        userMetadata: data,
        now: nowDate,
      });
      if (!user) throw authErrors.userAlreadyExists();
      const session = await createSession(tx, ctx.tokens, user.id, "password", requestMeta(c));
      const fresh = (await findUserById(tx, user.id)) ?? user;
      return tokenResponse(tx, ctx.tokens, fresh, session.sessionId, session.refreshToken);
    });
    return c.json(response);
  });

  app.post("/token", async (c) => {
    const grantType = c.req.query("grant_type");
    if (grantType === "password") return c.json(await passwordGrant(ctx, c));
    if (grantType === "refresh_token") return c.json(await refreshGrant(ctx, c));
    if (grantType === "pkce") return c.json(await pkceGrant(ctx, c));
    if (grantType === "id_token") throw authErrors.validation("Unsupported grant type: id_token is not enabled");
    throw authErrors.validation("unsupported_grant_type");
  });

  app.get("/user", async (c) => {
    const body = await db.transaction(async (tx) => {
      const { user } = await authenticate(ctx, c, tx);
      return serializeUser(user, await listFactors(tx, user.id));
    });
    return c.json(body);
  });

  // GoTrue's UserUpdate with its secure settings: a new password needs the current one
  // (UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD; not in the hour after a recovery link, nor for an
  // account without one), and a new e-mail waits for links sent to both addresses
  // (SECURE_EMAIL_CHANGE, ./email-change.ts). `data` is user_metadata.
  app.put("/user", async (c) => {
    const body = await readBody(c);
    const auth = await db.transaction((tx) => authenticate(ctx, c, tx));
    // GoTrue's validateUserUpdateParams: the values themselves first.
    let email: string | undefined;
    if (body["email"] !== undefined && body["email"] !== "") {
      email = normalizeEmail(body["email"]) ?? undefined;
      if (!email) throw authErrors.validation("Unable to validate email address: invalid format");
    }
    const newPassword = body["password"] === undefined ? undefined : checkNewPassword(body["password"]);
    const data = body["data"];
    if (data !== undefined && !isPlainObject(data)) throw authErrors.validation("data must be an object");
    const changesEmail = email !== undefined && email !== auth.user.email;
    if ((newPassword !== undefined || changesEmail) && !isAal2(auth)) {
      const factors = await db.transaction((tx) => listFactors(tx, auth.user.id));
      if (factors.some((f) => f.status === "verified")) {
        throw authErrors.insufficientAal("AAL2 session is required to update email or password when MFA is enabled.");
      }
    }
    const nowMs = ctx.tokens.now();
    const nowDate = new Date(nowMs);
    let passwordHash: string | undefined;
    let viaRecovery = false;
    if (newPassword !== undefined) {
      viaRecovery = await db.transaction((tx) => recentRecovery(tx, auth.session.id, nowMs));
      if (auth.user.encrypted_password && !viaRecovery) {
        await checkCurrentPassword(ctx, auth.user, body["current_password"]);
      }
      if (await ctx.hasher.compare(newPassword, auth.user.encrypted_password)) {
        throw authErrors.samePassword();
      }
      passwordHash = await ctx.hasher.hash(newPassword);
    }
    if (changesEmail) await rateLimit(ctx.limiters.emailSent, c);
    const { user: updated, emailChange } = await db.transaction(async (tx) => {
      if (passwordHash) {
        // The audit log's trigger tells a reset through a recovery link from a change.
        await tx.query("select set_config('omnia.password_event', $1, true)", [
          viaRecovery ? "password.reset" : "password.changed",
        ]);
        await setAuditAddress(tx, c);
      }
      const current = (await findUserById(tx, auth.user.id)) ?? auth.user;
      const request = changesEmail && email ? await requestEmailChange(ctx, tx, current, email, nowDate) : null;
      const user = await updateUser(
        tx,
        current,
        { passwordHash, userMetadata: isPlainObject(data) ? data : undefined },
        nowDate,
      );
      if (!user) throw authErrors.userNotFoundFromJwt();
      if (passwordHash) {
        // A changed password ends every other session (someone else may have known the old one).
        await tx.query("DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2", [auth.user.id, auth.session.id]);
      }
      return { user: serializeUser(user, await listFactors(tx, user.id)), emailChange: request };
    });
    if (emailChange) sendEmailChange(ctx, emailChange, sitePath(ctx, c.req.query("redirect_to")));
    return c.json(updated);
  });

  // GoTrue's Logout: global (every session of the user), local (this one), others. 204.
  app.post("/logout", async (c) => {
    const scope = c.req.query("scope") ?? "global";
    if (scope !== "global" && scope !== "local" && scope !== "others") {
      throw authErrors.validation(`Unsupported logout scope "${scope}"`);
    }
    await db.transaction(async (tx) => {
      const { user, session } = await authenticate(ctx, c, tx);
      if (scope === "global") await tx.query("DELETE FROM auth.sessions WHERE user_id = $1", [user.id]);
      else if (scope === "local") await tx.query("DELETE FROM auth.sessions WHERE id = $1", [session.id]);
      else await tx.query("DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2", [user.id, session.id]);
    });
    return c.body(null, 204);
  });
}

async function passwordGrant(ctx: AuthContext, c: Context): Promise<TokenResponse> {
  await rateLimit(ctx.limiters.signInSignUp, c);
  const body = await readBody(c);
  const password = typeof body["password"] === "string" ? body["password"] : "";
  if (body["email"] === undefined && body["phone"] !== undefined) {
    throw authErrors.phoneLoginDisabled();
  }
  const email = normalizeEmail(body["email"]);
  // A locked account is refused before the lookup and bcrypt: the same answer, just as fast,
  // whether the password is right, wrong, or the e-mail unknown.
  const turn = email ? await ctx.accountThrottle.begin(email) : null;
  if (email && !turn) throw authErrors.accountLocked();
  let outcome: "failed" | "succeeded" | "abandoned" = "abandoned";
  let user: UserRow | null = null;
  try {
    user = email ? await ctx.db.transaction((tx) => findUserByEmail(tx, email)) : null;
    // Always one bcrypt compare, found or not: same answer and same time for unknown e-mails.
    const ok = await ctx.hasher.compare(password, user?.encrypted_password ?? null);
    outcome = user && ok && password !== "" ? "succeeded" : "failed";
  } finally {
    await turn?.end(outcome);
  }
  if (outcome !== "succeeded" || !user) throw authErrors.invalidCredentials();
  if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
  if (user.banned_until && new Date(user.banned_until).getTime() > ctx.tokens.now()) {
    throw authErrors.userBanned();
  }
  return ctx.db.transaction(async (tx) => {
    const session = await createSession(tx, ctx.tokens, user.id, "password", requestMeta(c));
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return tokenResponse(tx, ctx.tokens, fresh, session.sessionId, session.refreshToken);
  });
}

/** Whether the session came from a recovery link within that link's lifetime (GoTrue's IsRecovery). */
async function recentRecovery(tx: Queryable, sessionId: string, nowMs: number): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM auth.mfa_amr_claims
     WHERE session_id = $1 AND authentication_method = 'recovery' AND updated_at > $2`,
    [sessionId, new Date(nowMs - RECOVERY_LINK_SECONDS * 1000)],
  );
  return rows.length > 0;
}

/**
 * "Alterar senha" proves the person at the keyboard knows the old password, not just holds a
 * session. Wrong answers count against the account's sign-in throttle: a stolen session cannot
 * guess it faster than a sign-in could.
 */
async function checkCurrentPassword(ctx: AuthContext, user: UserRow, given: unknown): Promise<void> {
  if (typeof given !== "string" || given === "") throw authErrors.currentPasswordRequired();
  const turn = await ctx.accountThrottle.begin(user.email ?? user.id);
  if (!turn) throw authErrors.accountLocked();
  let ok = false;
  try {
    ok = await ctx.hasher.compare(given, user.encrypted_password);
  } finally {
    await turn.end(ok ? "succeeded" : "failed");
  }
  if (!ok) throw authErrors.currentPasswordMismatch();
}

async function refreshGrant(ctx: AuthContext, c: Context): Promise<TokenResponse> {
  await rateLimit(ctx.limiters.refresh, c);
  const body = await readBody(c);
  const presented = body["refresh_token"];
  if (typeof presented !== "string" || presented === "") throw authErrors.validation("refresh_token required");
  const outcome = await ctx.db.transaction(async (tx) => {
    const result = await rotateRefreshToken(tx, ctx.tokens, presented, requestMeta(c));
    if (!result.ok) return result;
    const user = await findUserById(tx, result.userId);
    if (!user) return { ok: false as const, error: authErrors.userNotFoundFromJwt() };
    return {
      ok: true as const,
      response: await tokenResponse(tx, ctx.tokens, user, result.sessionId, result.refreshToken),
    };
  });
  // Thrown after the commit, so a revoked session stays revoked.
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}
