// The embedded Supabase-compatible backend: one Hono app serving /auth/v1 (GoTrue subset),
// /rest/v1 (PostgREST subset), /storage/v1 (Storage subset) and /backup/v1 (the operator's online backup) on PGlite (dataDir) or PostgreSQL (databaseUrl).
import { join } from "node:path";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { openDatabase } from "./db/index.ts";
import type { DataDirLock } from "./db/lock.ts";
import { pendingMigrations, runMigrations } from "./db/migrate.ts";
import type { Database } from "./db/types.ts";
import { createAuth } from "./auth/index.ts";
import type { AccountThrottleLimits } from "./auth/index.ts";
import type { AccountMail } from "./auth/email-links.ts";
import { createRest } from "./rest/index.ts";
import { readStoredSigningKey } from "./keys.ts";
import { createBackupRoute } from "../backup/route.ts";
import { backupWorkDir, removeBackupLeftovers } from "../backup/work-dir.ts";
import { diskBlobStore } from "./storage/blob-store.ts";
import { createStorage } from "./storage/index.ts";
import type { RenderLimits } from "./storage/render.ts";
import { seedIfEmpty } from "./seed.ts";
import { seedImages } from "./seed-images.ts";
import { createRateLimiters, type RateLimit, type RateLimitBucket, type RateLimiters } from "../http/rate-limits.ts";
import { createSharedRateLimiters } from "../http/shared-rate-limits.ts";

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
  /** PGlite: create a new data directory in a child process, keeping initdb's memory out of this one. */
  initInChildProcess?: boolean;
  /** Where uploaded objects' bytes live (STORAGE_DIR). Default <dataDir>/storage. */
  storageDir?: string;
  /**
   * Where backups are staged (server/backup/work-dir.ts). Default <dataDir>/backup-work; on
   * DATABASE_URL the server passes DATA_DIR's.
   */
  backupWorkDir?: string;
  /** STORAGE_MAX_BYTES: the largest upload. Default 5 MB. */
  storageMaxBytes?: number;
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
  /** ADMIN_EMAIL: the first start's admin account (default admin@omnia.example). */
  adminEmail?: string;
  /** ADMIN_REQUIRE_MFA: written into public.security_settings, which row-level security reads. */
  adminRequireMfa?: boolean;
  /** JWT_EXPIRY and REFRESH_TOKEN_REUSE_INTERVAL, in seconds (3600 and 10). */
  jwtExpiry?: number;
  refreshTokenReuseInterval?: number;
  log?: (line: string) => void;
}

export interface Backend {
  /** Routes under /auth/v1 and /rest/v1, with CORS. Mount with `app.route("/", backend.app)`. */
  app: Hono;
  fetch(req: Request): Promise<Response>;
  db: Database;
  anonKey: string;
  serviceRoleKey: string;
  /** Records the URL the server listens on in the data directory's lock (PGlite only), so
   *  operator commands can reach the running server instead of opening the database. */
  announceUrl(url: string): void;
  /**
   * The per-address limits (sign-in, sign-up, refresh, verification, lead forms): counted in
   * PostgreSQL on DATABASE_URL, so instances share them; in memory on PGlite.
   */
  rateLimiters: RateLimiters;
  /** Null when the database answers and every migration is applied; otherwise why not. */
  unreadyReason(): Promise<string | null>;
  close(): Promise<void>;
}

/** Blog images: 5 MB is far above a well-exported photo, and bounds a slow upload. */
export const DEFAULT_STORAGE_MAX_BYTES = 5 * 1024 * 1024;

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
    log,
  });
  const workDir = opts.backupWorkDir ?? backupWorkDir(dataDir);
  try {
    // What a backup or restore killed mid-way left (signing key, password hashes, leads): gone
    // before anything else, now that the data directory is ours.
    for (const leftover of removeBackupLeftovers(workDir)) log(`Removed ${leftover}, left by an interrupted backup.`);
    await runMigrations(db, { log });
    await db.query("UPDATE public.security_settings SET admin_require_mfa = $1", [opts.adminRequireMfa ?? false]);
    const rateLimiters = opts.databaseUrl
      ? createSharedRateLimiters(db, { limits: opts.rateLimits })
      : createRateLimiters({ limits: opts.rateLimits });
    const auth = await createAuth({
      rateLimiters,
      db,
      // On PostgreSQL the signing key lives in the database, so N instances share it.
      ...(opts.databaseUrl ? {} : { dataDir }),
      siteUrl: opts.siteUrl,
      accountThrottle: opts.accountThrottle,
      // Like the per-address limits: counted where every instance sees it.
      sharedAccountThrottle: Boolean(opts.databaseUrl),
      mail: opts.mail,
      mailerAutoconfirm: opts.mailerAutoconfirm,
      jwtExpiry: opts.jwtExpiry,
      refreshTokenReuseInterval: opts.refreshTokenReuseInterval,
      log,
    });
    const seeded = await seedIfEmpty({ db, auth, log, adminEmail: opts.adminEmail });
    const rest = createRest({
      db,
      verifyJwt: (token) => auth.keys.verify(token),
      maxRows: opts.restMaxRows,
    });
    // Migrations ran above; load the schema cache now so the first request does not pay for it.
    await rest.catalog.refresh();

    const storageDir = opts.storageDir ?? join(dataDir, "storage");
    const app = new Hono();
    app.use("/auth/v1/*", corsMiddleware);
    app.use("/rest/v1/*", corsMiddleware);
    app.use("/storage/v1/*", corsMiddleware);
    app.route("/", auth.app);
    app.route("/", rest);
    app.route(
      "/",
      createStorage({
        db,
        verifyJwt: (token) => auth.keys.verify(token),
        // On PGlite the data directory's lock makes this the only process using STORAGE_DIR; on
        // PostgreSQL another instance may be receiving an upload into the same directory.
        blobs: diskBlobStore(storageDir, { onlyUser: !opts.databaseUrl }),
        renditionsDir: join(storageDir, ".renditions"),
        maxBytes: opts.storageMaxBytes ?? DEFAULT_STORAGE_MAX_BYTES,
        renderLimiter: rateLimiters.renders,
        renderLimits: opts.render,
        onEncode: opts.render?.onEncode,
      }),
    );
    app.route(
      "/",
      createBackupRoute({
        db,
        verifyJwt: (token) => auth.keys.verify(token),
        signingKey: async () => (opts.databaseUrl ? null : readStoredSigningKey(dataDir)),
        storageDir,
        workDir,
      }),
    );

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
      announceUrl: (url: string) => lock?.setUrl(url),
      rateLimiters,
      unreadyReason: () => databaseUnreadyReason(db),
      close: () => db.close(),
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
