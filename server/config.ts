// The one place that reads the process environment, for the server and the operator commands
// (server/cli/admin.ts) alike. Each value is validated at start; a bad value stops the process
// with a one-line English message naming the variable, because the reader is an operator, not a
// visitor. A default that the module it configures also needs (when tests or scripts call it
// without the server) is that module's constant, imported here, never written twice.
import { join } from "node:path";
import { DEFAULT_ACCOUNT_THROTTLE } from "./backend/auth/account-throttle.ts";
import { OIDC_PROVIDER_NAMES } from "./backend/auth/oidc.ts";
import type { OidcSettings } from "./backend/auth/oidc.ts";
import { DEFAULT_JWT_EXPIRY, DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL } from "./backend/auth/sessions.ts";
import { DEFAULT_STORAGE_MAX_BYTES } from "./backend/storage/upload.ts";
import { DEFAULT_RETRY } from "./leads/delivery.ts";
import { checkWebhookUrl } from "./leads/webhook.ts";

export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Canonical origin of the site, without a trailing slash. */
  siteUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Set together: the app talks to a hosted Supabase project instead of the embedded backend. */
  supabaseUrl: string | undefined;
  supabaseAnonKey: string | undefined;
  /** Required with supabaseUrl: the server's own writes (lead forms). Never sent to browsers. */
  supabaseServiceRoleKey: string | undefined;
  /** How many reverse proxies sit in front of the server (0: trust no X-Forwarded-For). */
  trustProxy: number;
  /** AUTH_ACCOUNT_MAX_FAILURES: failed sign-ins per account that lock it (0: no per-account limit). */
  authAccountMaxFailures: number;
  /** AUTH_ACCOUNT_LOCKOUT_MINUTES: the window those failures are counted in, and how long the lock lasts. */
  authAccountLockoutMinutes: number;
  /** ADMIN_REQUIRE_MFA=1: every staff account enrols a second factor, and row-level security asks for it. */
  adminRequireMfa: boolean;
  /** ADMIN_EMAIL: the address of the admin account the first start creates (undefined: admin@omnia.example). */
  adminEmail: string | undefined;
  /** JWT_EXPIRY: access-token lifetime in seconds, 300 to 604800 (GoTrue's JWT_EXP, 3600). */
  jwtExpirySeconds: number;
  /** REFRESH_TOKEN_REUSE_INTERVAL: seconds a rotated refresh token may come back (GoTrue's default 10). */
  refreshTokenReuseSeconds: number;
  /** REST_MAX_ROWS: most rows one embedded REST read returns (undefined: the backend's 1000). */
  restMaxRows: number | undefined;
  /** REST_SCHEMAS: the schemas REST requests may name, the default first (undefined: public). */
  restSchemas: string[] | undefined;
  /** SHUTDOWN_TIMEOUT_MS: how long a stopping server lets requests in flight finish. */
  shutdownTimeoutMs: number;
  /** LOG_FORMAT: one JSON line per request ("json", for machines) or readable lines ("pretty"). */
  logFormat: "json" | "pretty";
  /** PAGE_CACHE_MAX_MB: memory for rendered blog pages and feeds (0 turns the cache off). */
  pageCacheMaxBytes: number;
  /**
   * RENDER_CONCURRENCY: cacheable pages rendered at once when the cache has no copy; 0, no limit.
   * 2 on the embedded database, whose work shares the renders' thread; no limit otherwise.
   */
  renderConcurrency: number;
  /** LOG_LEVEL: "info" logs every request; "warn" keeps only problems (e.g. under test runners). */
  logLevel: LogLevel;
  /** Outgoing e-mail (server/mail/mailer.ts). */
  mail: MailConfig;
  /** Where each new lead is delivered (server/leads/delivery.ts). */
  leads: LeadsConfig;
  /** Scheduled backups (server/backup/schedule.ts). */
  backups: BackupsConfig;
  /** STORAGE_DIR: uploaded objects' bytes (default DATA_DIR/storage; shared by instances on PostgreSQL). */
  storageDir: string;
  /** STORAGE_MAX_BYTES: the largest upload (default 5 MB). */
  storageMaxBytes: number;
  /** BUILD_DIR: the production build to serve (default ./build; test runs build side by side). */
  buildDir: string;
  /** Cookieless analytics (server/analytics/). */
  analytics: AnalyticsConfig;
  /** Company sign-in (AUTH_OIDC_*, AUTH_SSO_ALLOWED_DOMAINS); undefined: none configured. */
  oidc: OidcSettings | undefined;
}

export interface AnalyticsConfig {
  /** ANALYTICS=0 turns them off: no script or pixel on pages, no endpoint, nothing counted. */
  enabled: boolean;
  /** ANALYTICS_RETENTION_DAYS: days raw events are kept (90); daily totals are kept for good. */
  retentionDays: number;
}

export interface BackupsConfig {
  /** BACKUP_DIR: where the server writes its scheduled backups; undefined: no schedule. */
  dir: string | undefined;
  /** BACKUP_INTERVAL_HOURS: hours between two backups (24). */
  intervalHours: number;
  /** BACKUP_KEEP: how many of the newest backups are kept (14); older ones are deleted. */
  keep: number;
}

export interface MailConfig {
  /** SMTP_URL (smtp:// or smtps://); undefined: the development outbox under DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM; undefined: `"<trade name of the site settings>" <no-reply@<SITE_URL's host>>`. */
  from: string | undefined;
}

export interface LeadsConfig {
  /** LEADS_NOTIFY_EMAIL, comma-separated; empty: no notification e-mail. */
  notifyEmails: string[];
  /** LEADS_CONFIRM_VISITOR: the visitor's "Recebemos sua mensagem" (on unless 0). */
  confirmVisitor: boolean;
  /** LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET, set together. */
  webhookUrl: string | undefined;
  webhookSecret: string | undefined;
  /** LEADS_WEBHOOK_ALLOW_PRIVATE=1: http and private addresses allowed (development, tests). */
  webhookAllowPrivate: boolean;
  /** LEADS_RETENTION_DAYS: leads older than this are deleted daily; undefined: kept. */
  retentionDays: number | undefined;
  /** LEADS_RETRY_DELAY_SECONDS: the first retry's wait (30); each next about twice as long, up to 6 h. */
  retryDelaySeconds: number;
}

const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;

function parseMail(env: Env): MailConfig {
  const smtpUrl = nonEmpty(env, "SMTP_URL");
  if (smtpUrl !== undefined) {
    let protocol = "";
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // Reported below.
    }
    if (protocol !== "smtp:" && protocol !== "smtps:") {
      throw new ConfigError(
        "SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtps://user:pass@smtp.example.com:465).",
      );
    }
  }
  return { smtpUrl, from: nonEmpty(env, "MAIL_FROM") };
}

function parseAdminEmail(env: Env): string | undefined {
  const raw = nonEmpty(env, "ADMIN_EMAIL");
  if (raw === undefined) return undefined;
  if (!EMAIL.test(raw) || raw.length > 254)
    throw new ConfigError(`ADMIN_EMAIL must be an e-mail address, got "${raw}".`);
  // Stored as the auth service stores every address.
  return raw.toLowerCase();
}

function parseLeads(env: Env): LeadsConfig {
  const notifyEmails = (nonEmpty(env, "LEADS_NOTIFY_EMAIL") ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  const invalid = notifyEmails.find((address) => !EMAIL.test(address));
  if (invalid !== undefined) {
    throw new ConfigError(`LEADS_NOTIFY_EMAIL must be e-mail addresses separated by commas, got "${invalid}".`);
  }
  const webhookUrl = nonEmpty(env, "LEADS_WEBHOOK_URL");
  const webhookSecret = nonEmpty(env, "LEADS_WEBHOOK_SECRET");
  if (webhookUrl && !webhookSecret)
    throw new ConfigError("LEADS_WEBHOOK_URL is set but LEADS_WEBHOOK_SECRET is missing.");
  if (webhookSecret && !webhookUrl)
    throw new ConfigError("LEADS_WEBHOOK_SECRET is set but LEADS_WEBHOOK_URL is missing.");
  if (webhookSecret && !/^whsec_[A-Za-z0-9+/]{24,}={0,2}$/.test(webhookSecret)) {
    throw new ConfigError(
      "LEADS_WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64 (24+ bytes).",
    );
  }
  if (webhookUrl) {
    try {
      checkWebhookUrl(webhookUrl, nonEmpty(env, "LEADS_WEBHOOK_ALLOW_PRIVATE") === "1");
    } catch (error) {
      throw new ConfigError(error instanceof Error ? error.message : String(error));
    }
  }
  const confirm = nonEmpty(env, "LEADS_CONFIRM_VISITOR") ?? "1";
  if (confirm !== "0" && confirm !== "1")
    throw new ConfigError(`LEADS_CONFIRM_VISITOR must be 0 or 1, got "${confirm}".`);
  const allowPrivate = nonEmpty(env, "LEADS_WEBHOOK_ALLOW_PRIVATE") ?? "0";
  if (allowPrivate !== "0" && allowPrivate !== "1") {
    throw new ConfigError(`LEADS_WEBHOOK_ALLOW_PRIVATE must be 0 or 1, got "${allowPrivate}".`);
  }
  const retention = nonEmpty(env, "LEADS_RETENTION_DAYS");
  return {
    notifyEmails,
    confirmVisitor: confirm === "1",
    webhookUrl,
    webhookSecret,
    webhookAllowPrivate: allowPrivate === "1",
    retentionDays:
      retention === undefined
        ? undefined
        : parseWholeNumber(env, "LEADS_RETENTION_DAYS", 0, [1, 36_500], "a whole number of days from 1 to 36500"),
    retryDelaySeconds: parseWholeNumber(
      env,
      "LEADS_RETRY_DELAY_SECONDS",
      DEFAULT_RETRY.delaySeconds,
      [1, 3600],
      "a whole number of seconds from 1 to 3600",
    ),
  };
}

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Env = Record<string, string | undefined>;

function parseFlag(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (raw !== "0" && raw !== "1") throw new ConfigError(`${name} must be 0 or 1, got "${raw}".`);
  return raw === "1";
}

function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(env: Env): number {
  const raw = nonEmpty(env, "PORT");
  if (raw === undefined) return 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, got "${raw}".`);
  }
  return port;
}

function parseHost(env: Env): string {
  const host = nonEmpty(env, "HOST") ?? "127.0.0.1";
  // A host name or an IPv4/IPv6 literal; anything with a scheme, path or space is a mistake.
  if (!/^[A-Za-z0-9.\-:[\]]+$/.test(host)) {
    throw new ConfigError(`HOST must be a host name or IP address (e.g. 127.0.0.1 or 0.0.0.0), got "${host}".`);
  }
  return host;
}

function parseHttpUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${name} must use http or https, got "${url.protocol}".`);
  }
  return url;
}

function parseSiteUrl(env: Env, port: number): string {
  const raw = nonEmpty(env, "SITE_URL");
  if (raw === undefined) return `http://localhost:${port}`;
  const url = parseHttpUrl("SITE_URL", raw);
  if (url.pathname !== "/" || url.search || url.hash) {
    throw new ConfigError(
      `SITE_URL must be an origin without path, query or fragment (e.g. https://omnia.com.br), got "${raw}".`,
    );
  }
  return url.origin;
}

function parseTrustProxy(env: Env): number {
  const raw = nonEmpty(env, "TRUST_PROXY");
  if (raw === undefined) return 0;
  if (!/^\d$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of reverse proxies in front of the server (0 to 9), got "${raw}".`,
    );
  }
  return Number(raw);
}

// Like PostgREST's db-max-rows; the embedded backend caps anon and authenticated reads with it.
// The upper bound catches typos (an extra zero or three) and keeps the value a safe integer.
function parseRestMaxRows(env: Env): number | undefined {
  const raw = nonEmpty(env, "REST_MAX_ROWS");
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 1_000_000) {
    throw new ConfigError(`REST_MAX_ROWS must be a whole number from 1 to 1000000, got "${raw}".`);
  }
  return value;
}

// Like PostgREST's db-schemas: Accept-Profile/Content-Profile may name these, the first is the
// default. The backend's own schemas hold credentials and bookkeeping that no request may name.
const INTERNAL_SCHEMAS = ["auth", "storage", "omnia_internal", "information_schema"];
const exposableSchema = (n: string) =>
  /^[a-z_][a-z0-9_]{0,62}$/.test(n) && !INTERNAL_SCHEMAS.includes(n) && !n.startsWith("pg_");

function parseRestSchemas(env: Env): string[] | undefined {
  const raw = nonEmpty(env, "REST_SCHEMAS");
  if (raw === undefined) return undefined;
  const names = raw.split(",").map((s) => s.trim());
  if (names.length > 16 || !names.every(exposableSchema) || new Set(names).size !== names.length) {
    throw new ConfigError(
      `REST_SCHEMAS must be a comma-separated list of up to 16 distinct lowercase schema names, none of ${INTERNAL_SCHEMAS.join(", ")} or pg_*, got "${raw}".`,
    );
  }
  return names;
}

// The per-account sign-in throttle (server/backend/auth/account-throttle.ts, ADR 025). The upper
// bounds catch typos; past them the throttle would no longer slow anyone down (or lock for days).
function parseBackups(env: Env): BackupsConfig {
  return {
    dir: nonEmpty(env, "BACKUP_DIR"),
    intervalHours: parseWholeNumber(
      env,
      "BACKUP_INTERVAL_HOURS",
      24,
      [1, 8760],
      "a whole number of hours from 1 to 8760",
    ),
    keep: parseWholeNumber(env, "BACKUP_KEEP", 14, [1, 10_000], "a whole number from 1 to 10000"),
  };
}

function parseAnalytics(env: Env): AnalyticsConfig {
  return {
    enabled: parseFlag(env, "ANALYTICS", true),
    retentionDays: parseWholeNumber(
      env,
      "ANALYTICS_RETENTION_DAYS",
      90,
      [1, 3650],
      "a whole number of days from 1 to 3650",
    ),
  };
}

function parseWholeNumber(env: Env, name: string, fallback: number, range: [number, number], rule: string): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < range[0] || value > range[1]) {
    throw new ConfigError(`${name} must be ${rule}, got "${raw}".`);
  }
  return value;
}

function parseLogFormat(env: Env): "json" | "pretty" {
  const raw = nonEmpty(env, "LOG_FORMAT") ?? "json";
  if (raw !== "json" && raw !== "pretty") throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${raw}".`);
  return raw;
}

function parseLogLevel(env: Env): LogLevel {
  const raw = nonEmpty(env, "LOG_LEVEL") ?? "info";
  const level = LOG_LEVELS.find((name) => name === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${raw}".`);
  return level;
}

// Company sign-in (server/backend/auth/oidc.ts). Per provider AUTH_OIDC_<NAME>_CLIENT_ID,
// _CLIENT_SECRET and _ISSUER (Google's issuer is known; Entra's names the tenant). A provider
// without AUTH_SSO_ALLOWED_DOMAINS would admit every address it vouches for, so it is refused.
const KNOWN_ISSUERS: Partial<Record<string, string>> = { google: "https://accounts.google.com" };
const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function parseOidc(env: Env): OidcSettings | undefined {
  const providers = OIDC_PROVIDER_NAMES.flatMap((name) => {
    const prefix = `AUTH_OIDC_${name.toUpperCase()}`;
    const clientId = nonEmpty(env, `${prefix}_CLIENT_ID`);
    const clientSecret = nonEmpty(env, `${prefix}_CLIENT_SECRET`);
    const issuer = nonEmpty(env, `${prefix}_ISSUER`) ?? KNOWN_ISSUERS[name];
    if (!clientId && !clientSecret) return [];
    if (!clientId || !clientSecret) {
      throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together.`);
    }
    if (!issuer) throw new ConfigError(`${prefix}_ISSUER is required (the provider's OpenID Connect issuer URL).`);
    const url = parseHttpUrl(`${prefix}_ISSUER`, issuer);
    // Tokens and the client secret travel to the issuer: plain http only to this machine (tests).
    if (url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
      throw new ConfigError(`${prefix}_ISSUER must use https, got "${issuer}".`);
    }
    return [{ name, issuer: issuer.replace(/\/+$/, ""), clientId, clientSecret }];
  });
  const rawDomains = nonEmpty(env, "AUTH_SSO_ALLOWED_DOMAINS");
  const allowedDomains = (rawDomains ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = allowedDomains.find((d) => !DOMAIN_RE.test(d));
  if (bad !== undefined) {
    throw new ConfigError(
      `AUTH_SSO_ALLOWED_DOMAINS must be comma-separated domains (e.g. omnia.com.br), got "${bad}".`,
    );
  }
  if (providers.length === 0) return undefined;
  if (allowedDomains.length === 0) {
    throw new ConfigError(
      "AUTH_SSO_ALLOWED_DOMAINS is required with AUTH_OIDC_*: the e-mail domains that may sign in.",
    );
  }
  return { providers, allowedDomains };
}

function parseDatabaseUrl(env: Env): string | undefined {
  const raw = nonEmpty(env, "DATABASE_URL");
  if (raw === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    // Never echo the value: it usually holds a password.
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://.");
  }
  return raw;
}

export function readConfig(env: Env = process.env): ServerConfig {
  const port = parsePort(env);
  const supabaseUrl = nonEmpty(env, "SUPABASE_URL");
  const supabaseAnonKey = nonEmpty(env, "SUPABASE_ANON_KEY");
  if (supabaseUrl && !supabaseAnonKey) throw new ConfigError("SUPABASE_URL is set but SUPABASE_ANON_KEY is missing.");
  if (supabaseAnonKey && !supabaseUrl) throw new ConfigError("SUPABASE_ANON_KEY is set but SUPABASE_URL is missing.");
  if (supabaseUrl) parseHttpUrl("SUPABASE_URL", supabaseUrl);
  const supabaseServiceRoleKey = nonEmpty(env, "SUPABASE_SERVICE_ROLE_KEY");
  // The lead forms write with it (the public key may not insert leads: ADR 037), so without it
  // every lead would be lost while the site looked healthy.
  if (supabaseUrl && !supabaseServiceRoleKey) {
    throw new ConfigError(
      "SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is missing (the lead forms need it; set it on the server only).",
    );
  }
  if (supabaseUrl && supabaseServiceRoleKey === supabaseAnonKey) {
    throw new ConfigError(
      "SUPABASE_SERVICE_ROLE_KEY must be the project's service_role (secret) key, not the anon key.",
    );
  }
  const databaseUrl = parseDatabaseUrl(env);
  if (supabaseUrl && databaseUrl) {
    throw new ConfigError(
      "Set either SUPABASE_URL (hosted Supabase) or DATABASE_URL (embedded backend on PostgreSQL), not both.",
    );
  }
  return {
    port,
    host: parseHost(env),
    siteUrl: parseSiteUrl(env, port),
    dataDir: nonEmpty(env, "DATA_DIR") ?? ".data",
    databaseUrl,
    supabaseUrl: supabaseUrl?.replace(/\/+$/, ""),
    supabaseAnonKey,
    supabaseServiceRoleKey,
    trustProxy: parseTrustProxy(env),
    authAccountMaxFailures: parseWholeNumber(
      env,
      "AUTH_ACCOUNT_MAX_FAILURES",
      DEFAULT_ACCOUNT_THROTTLE.maxFailures,
      [0, 1000],
      "a whole number from 0 (no per-account limit) to 1000",
    ),
    authAccountLockoutMinutes: parseWholeNumber(
      env,
      "AUTH_ACCOUNT_LOCKOUT_MINUTES",
      DEFAULT_ACCOUNT_THROTTLE.lockoutMs / 60_000,
      [1, 1440],
      "a whole number of minutes from 1 to 1440",
    ),
    adminRequireMfa: parseFlag(env, "ADMIN_REQUIRE_MFA", false),
    adminEmail: parseAdminEmail(env),
    jwtExpirySeconds: parseWholeNumber(
      env,
      "JWT_EXPIRY",
      DEFAULT_JWT_EXPIRY,
      // supabase-js refreshes a session within 90 s of its expiry, on every tick and every
      // getSession(): a shorter token turns the client into a stream of refreshes.
      [300, 604_800],
      "a whole number of seconds from 300 to 604800",
    ),
    refreshTokenReuseSeconds: parseWholeNumber(
      env,
      "REFRESH_TOKEN_REUSE_INTERVAL",
      DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL,
      [0, 3600],
      "a whole number of seconds from 0 to 3600",
    ),
    restMaxRows: parseRestMaxRows(env),
    restSchemas: parseRestSchemas(env),
    shutdownTimeoutMs: parseWholeNumber(
      env,
      "SHUTDOWN_TIMEOUT_MS",
      10_000,
      [0, 600_000],
      "a whole number of milliseconds from 0 to 600000",
    ),
    logFormat: parseLogFormat(env),
    logLevel: parseLogLevel(env),
    pageCacheMaxBytes:
      parseWholeNumber(env, "PAGE_CACHE_MAX_MB", 64, [0, 4096], "a whole number of megabytes from 0 (off) to 4096") *
      1024 *
      1024,
    renderConcurrency: parseWholeNumber(
      env,
      "RENDER_CONCURRENCY",
      supabaseUrl || databaseUrl ? 0 : 2,
      [0, 1000],
      "a whole number from 0 (no limit) to 1000",
    ),
    mail: parseMail(env),
    leads: parseLeads(env),
    backups: parseBackups(env),
    buildDir: nonEmpty(env, "BUILD_DIR") ?? "build",
    storageDir: nonEmpty(env, "STORAGE_DIR") ?? join(nonEmpty(env, "DATA_DIR") ?? ".data", "storage"),
    storageMaxBytes: parseWholeNumber(
      env,
      "STORAGE_MAX_BYTES",
      DEFAULT_STORAGE_MAX_BYTES,
      [1024, 1024 * 1024 * 1024],
      "a whole number of bytes from 1024 to 1073741824",
    ),
    analytics: parseAnalytics(env),
    oidc: parseOidc(env),
  };
}
