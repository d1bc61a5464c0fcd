// The embedded Supabase-compatible backend: one Hono app with each service mounted at its
// prefix, as on hosted Supabase (/auth/v1 GoTrue subset, /rest/v1 PostgREST subset,
// /storage/v1 Storage subset, all with CORS), and the services its caller adds (the server adds
// /backup/v1, server/backup/route.ts), on PGlite (dataDir) or PostgreSQL (databaseUrl).
import { join } from "node:path";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { openDatabase } from "./db/index.ts";
import type { DataDirLock } from "./db/lock.ts";
import { pendingMigrations, runMigrations } from "./db/migrate.ts";
import { startAutovacuum, type Autovacuum } from "./db/autovacuum.ts";
import type { Database } from "./db/types.ts";
import { AUTH_PREFIX, createAuth } from "./auth/index.ts";
import type { AccountThrottleLimits, OidcSettings } from "./auth/index.ts";
import type { AccountMail } from "./auth/email-links.ts";
import { REST_PREFIX, createRest } from "./rest/index.ts";
import type { VerifyJwt } from "./rest/request.ts";
import { readStoredSigningKey } from "./keys.ts";
import type { StoredSigningKey } from "./keys.ts";
import { diskBlobStore } from "./storage/blob-store.ts";
import { STORAGE_PREFIX, createStorage } from "./storage/index.ts";
import type { RenderLimits } from "./storage/render.ts";
import { DEFAULT_STORAGE_MAX_BYTES } from "./storage/upload.ts";
import { seedIfEmpty } from "./seed.ts";
import { seedImages } from "./seed-images.ts";
import type { RateLimit, RateLimitBucket } from "../http/rate-limits.ts";

export interface StartBackendOptions {
  /** PGlite data directory (ignored when databaseUrl is set). Default ./.data */
  dataDir?: string;
  /** postgres:// URL: run on PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Canonical origin of the site; the token issuer is `<siteUrl>/auth/v1`. */
  siteUrl: string;
  /** Per-account password sign-in limit (auth/account-throttle.ts); its defaults apply when absent. */
  accountThrottle?: Partial<AccountThrottleLimits>;
  /** Most rows one REST read returns to anon/authenticated (PostgREST's db-max-rows). Default 1000. */
  restMaxRows?: number;
  /** REST_SCHEMAS: the schemas REST requests may name, the default first. Default ["public"]. */
  restSchemas?: readonly string[];
  /** PGlite: create a new data directory in a child process, keeping initdb's memory out of this one. */
  initInChildProcess?: boolean;
  /** Prepared statements each database connection keeps for REST requests (ADR 088; 0: none). */
  preparedStatements?: number;
  /** PGlite: what to do if the database's thread ends while the server runs (server/boot.ts exits). */
  onDatabaseLost?: (reason: string) => void;
  /** Where uploaded objects' bytes live (STORAGE_DIR). Default <dataDir>/storage. */
  storageDir?: string;
  /** STORAGE_MAX_BYTES: the largest upload. Default 5 MB. */
  storageMaxBytes?: number;
  /** On PGlite, how long the blog must stay unchanged before its tables are analyzed again. */
  statisticsSettleMs?: number;
  /**
   * More services, each built once the database is migrated and mounted at its prefix beside
   * the Supabase ones (the server's /backup/v1, server/backup/route.ts).
   */
  services?: Record<`/${string}`, (core: BackendCore) => Hono>;
  /** Image renditions' slots, queue and deadline, and a hook called as each starts encoding (tests). */
  render?: Partial<RenderLimits> & { onEncode?: (key: string) => void };
  /** Replaces some per-address limits of RATE_LIMITS (tests use tiny ones). */
  rateLimits?: Partial<Record<RateLimitBucket, RateLimit>>;
  /** The account e-mails (server/mail/mailer.ts); without it recovery, invitations and e-mail changes answer 501. */
  mail?: AccountMail;
  /**
   * GoTrue's MAILER_AUTOCONFIRM (default true): sign-up is confirmed at once. False with a real
   * mail server (SMTP_URL): sign-up e-mails a confirmation link first.
   */
  mailerAutoconfirm?: boolean;
  /** Company sign-in through OpenID Connect providers (auth/oidc.ts). */
  oidc?: OidcSettings;
  /** ADMIN_EMAIL: the first start's admin account (default admin@omnia.example). */
  adminEmail?: string;
  /** ADMIN_REQUIRE_MFA: written into public.security_settings, which row-level security reads. */
  adminRequireMfa?: boolean;
  /** JWT_EXPIRY and REFRESH_TOKEN_REUSE_INTERVAL, in seconds (GoTrue's defaults, auth/sessions.ts). */
  jwtExpiry?: number;
  refreshTokenReuseInterval?: number;
  log?: (line: string) => void;
}

/** What a service added through `services` is built from. */
export interface BackendCore {
  db: Database;
  /** Verifies a JWT of this backend's keys and returns its claims; throws when invalid. */
  verifyJwt: VerifyJwt;
  /** The signing key as a backup keeps it; null on PostgreSQL, where the key is a row of the database. */
  storedSigningKey(): Promise<StoredSigningKey | null>;
  /** Where uploaded objects' bytes live. */
  storageDir: string;
  log: (line: string) => void;
}

export interface Backend {
  /**
   * Every service at its prefix: /auth/v1, /rest/v1 and /storage/v1 with CORS, then those of
   * `services`. Mount it whole with `app.route("/", backend.app)`.
   */
  app: Hono;
  fetch(req: Request): Promise<Response>;
  db: Database;
  anonKey: string;
  serviceRoleKey: string;
  /**
   * The database every instance shares on DATABASE_URL, where per-address limits are counted
   * (server/backend/shared-rate-limits.ts); null on PGlite, whose one process counts in memory.
   */
  sharedCounts: Database | null;
  /** Records the URL the server listens on in the data directory's lock (PGlite only), so
   *  operator commands can reach the running server instead of opening the database. */
  announceUrl(url: string): void;
  /** Null when the database answers and every migration is applied; otherwise why not. */
  unreadyReason(): Promise<string | null>;
  /** PGlite's own autovacuum (ADR 105); null on PostgreSQL, which runs its own. */
  autovacuum: Autovacuum | null;
  close(): Promise<void>;
}

/** A readiness probe must answer quickly even when the database hangs. */
const READINESS_TIMEOUT_MS = 2_000;

async function databaseUnreadyReason(db: Database): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([pendingMigrations(db), timeout]);
    return pending.length > 0 ? `migrations not applied: ${pending.join(", ")}` : null;
  } catch (error) {
    return `database unreachable: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * CORS as Supabase's gateway answers it (docs/supabase-wire.md §1, §8.1): any origin (the keys are
 * bearer tokens, no cookies), every header supabase-js sends, and content-range plus
 * x-supabase-api-version exposed, without which browsers see count === null and no error.code.
 */
export const corsMiddleware = cors({
  origin: "*",
  allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  allowHeaders: [
    "apikey",
    "authorization",
    "content-type",
    "accept",
    "accept-profile",
    "content-profile",
    "prefer",
    "range",
    "x-client-info",
    "x-supabase-api-version",
    "x-retry-count",
    // storage-js uploads
    "x-upsert",
    "cache-control",
    "x-metadata",
  ],
  exposeHeaders: ["content-range", "x-supabase-api-version"],
  maxAge: 3600,
});

export async function startBackend(opts: StartBackendOptions): Promise<Backend> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const dataDir = opts.dataDir ?? "./.data";
  const db = await openDatabase({
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : { dataDir }),
    initInChildProcess: opts.initInChildProcess,
    preparedStatements: opts.preparedStatements,
    log,
    ...(opts.onDatabaseLost ? { onDatabaseLost: opts.onDatabaseLost } : {}),
  });
  try {
    await runMigrations(db, { log });
    await db.query("UPDATE public.security_settings SET admin_require_mfa = $1", [opts.adminRequireMfa ?? false]);
    // On PostgreSQL every instance counts in the database, so together they allow what one allows.
    const sharedCounts = opts.databaseUrl ? db : null;
    const auth = await createAuth({
      db,
      // On PostgreSQL the signing key lives in the database, so N instances share it.
      ...(opts.databaseUrl ? {} : { dataDir }),
      siteUrl: opts.siteUrl,
      accountThrottle: opts.accountThrottle,
      sharedCounts,
      rateLimits: opts.rateLimits,
      mail: opts.mail,
      mailerAutoconfirm: opts.mailerAutoconfirm,
      oidc: opts.oidc,
      jwtExpiry: opts.jwtExpiry,
      refreshTokenReuseInterval: opts.refreshTokenReuseInterval,
      log,
    });
    const seeded = await seedIfEmpty({ db, auth, log, adminEmail: opts.adminEmail });
    // PGlite has no autovacuum of its own (ADR 105).
    const autovacuum = opts.databaseUrl ? null : await startAutovacuum(db, { settleMs: opts.statisticsSettleMs, log });
    const verifyJwt: VerifyJwt = (token) => auth.keys.verify(token);
    const rest = createRest({ db, verifyJwt, maxRows: opts.restMaxRows, schemas: opts.restSchemas });
    // Migrations ran above; load the schema cache now so the first request does not pay for it.
    await rest.catalog.refresh();

    const storageDir = opts.storageDir ?? join(dataDir, "storage");
    const storage = createStorage({
      db,
      verifyJwt,
      // On PGlite the data directory's lock makes this the only process using STORAGE_DIR; on
      // PostgreSQL another instance may be receiving an upload into the same directory.
      blobs: diskBlobStore(storageDir, { onlyUser: !opts.databaseUrl }),
      renditionsDir: join(storageDir, ".renditions"),
      maxBytes: opts.storageMaxBytes ?? DEFAULT_STORAGE_MAX_BYTES,
      sharedCounts,
      renderRateLimit: opts.rateLimits?.renders,
      renderLimits: opts.render,
      onEncode: opts.render?.onEncode,
    });
    const core: BackendCore = {
      db,
      verifyJwt,
      storedSigningKey: async () => (opts.databaseUrl ? null : readStoredSigningKey(dataDir)),
      storageDir,
      log,
    };
    const app = new Hono();
    for (const [prefix, service] of [
      [AUTH_PREFIX, auth.app],
      [REST_PREFIX, rest],
      [STORAGE_PREFIX, storage],
    ] as const) {
      app.use(`${prefix}/*`, corsMiddleware);
      app.route(prefix, service);
    }
    for (const [prefix, build] of Object.entries(opts.services ?? {})) app.route(prefix, build(core));

    if (seeded) {
      await seedImages({
        db,
        fetch: async (request) => app.fetch(request),
        serviceRoleKey: auth.keys.serviceRoleKey,
        siteUrl: opts.siteUrl,
        log,
      });
    }

    const lock: DataDirLock | null = "lock" in db ? (db as { lock: DataDirLock }).lock : null;
    return {
      app,
      fetch: async (req: Request) => app.fetch(req),
      db,
      anonKey: auth.keys.anonKey,
      serviceRoleKey: auth.keys.serviceRoleKey,
      sharedCounts,
      announceUrl: (url: string) => lock?.setUrl(url),
      unreadyReason: () => databaseUnreadyReason(db),
      autovacuum,
      close: async () => {
        await autovacuum?.stop();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
