// What the production server (main.ts) and the development server (dev.ts) share: reading
// the configuration, starting the embedded backend (unless a hosted Supabase project is
// configured), listening, and shutting down cleanly.
import type { Server } from "node:http";
import { resolve } from "node:path";
import type { BackendAccess } from "./app.ts";
import { startBackend, type Backend, type StartBackendOptions } from "./backend/index.ts";
import { DataDirLockedError } from "./backend/db/lock.ts";
import type { Database as BackendDatabase } from "./backend/db/types.ts";
import { ConfigError, readConfig, type ServerConfig } from "./config.ts";
import { DEFAULT_RETRY, startLeadDelivery, type LeadDelivery } from "./leads/delivery.ts";
import { startBackupSchedule, type BackupSchedule } from "./backup/schedule.ts";
import { BACKUP_PREFIX, onlineBackup } from "./backup/route.ts";
import { backupWorkDir } from "./backup/work-dir.ts";
import { readStoredSigningKey } from "./backend/keys.ts";
import { checkWebhookUrl } from "./leads/webhook.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import type { SiteIdentity } from "./mail/lead-templates.ts";
import { restSettingsReader, SITE_SETTINGS_CHANNEL, SiteState } from "./http/site-state.ts";
import { PLACEHOLDER_SETTINGS, placeholderFields, type SiteSettings } from "../app/lib/site-settings.ts";
import { createAnalytics, type Analytics } from "./analytics/index.ts";
import { analyticsStore, startAnalyticsMaintenance, type AnalyticsDatabase } from "./analytics/backend.ts";

export function loadConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

export interface BackendSetup {
  access: BackendAccess;
  /** Readiness of the data layer: null when ready, else why not (server/http/health.ts). */
  unreadyReason(): Promise<string | null>;
  /**
   * LISTENs to a NOTIFY channel of the database (the page cache's invalidations); absent with a
   * hosted Supabase project, whose database this server does not connect to.
   */
  listen?: (
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect: () => void,
  ) => Promise<() => Promise<void>>;
  /** The in-process backend, when this server embeds it. */
  backend?: Backend;
  /** Delivers new leads (e-mail, webhook); with the embedded backend only. */
  leadDelivery?: LeadDelivery;
  /** Scheduled backups into BACKUP_DIR; with the embedded backend only. */
  backups?: BackupSchedule;
  /** What renders see: the origin, the site's settings (kept current) and the year. */
  site: SiteState;
  /** Cookieless analytics (server/analytics/), unless ANALYTICS=0. */
  analytics?: SiteAnalytics;
  /** One line for the start-up message. */
  description: string;
}

/**
 * setUpBackend for a server process: a data directory that another process holds (a server
 * already running on it) is the operator's to resolve, so it ends the process with that one
 * line and exit code 1 instead of a stack trace.
 */
export async function setUpBackendOrExit(config: ServerConfig): Promise<BackendSetup> {
  try {
    return await setUpBackend(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function setUpBackend(config: ServerConfig): Promise<BackendSetup> {
  if (config.supabaseUrl) {
    // readConfig already refuses this; a hand-built config must not fall through to the embedded backend.
    if (!config.supabaseAnonKey || !config.supabaseServiceRoleKey) {
      throw new ConfigError("SUPABASE_URL needs SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY.");
    }
    const access: BackendAccess = {
      url: config.supabaseUrl,
      anonKey: config.supabaseAnonKey,
      serviceRoleKey: config.supabaseServiceRoleKey,
      fetch: globalThis.fetch,
      publicUrl: config.supabaseUrl,
    };
    return {
      access,
      analytics: startAnalyticsFor(config, access, "postgres"),
      unreadyReason: () => hostedUnreadyReason(config.supabaseUrl!, config.supabaseAnonKey!),
      site: await startSiteState(config, access),
      description: `hosted Supabase at ${config.supabaseUrl}`,
    };
  }
  // The e-mails name the company as the settings do now; they are read once the backend runs.
  let site: SiteState | undefined;
  const identity: SiteIdentity = {
    get name() {
      return (site?.current().settings ?? PLACEHOLDER_SETTINGS).trade_name;
    },
    url: config.siteUrl,
  };
  const mailer = createSiteMailer(config, identity);
  const backend = await startBackend(embeddedBackendOptions(config, mailer, (line) => console.log(line), identity));
  const access: BackendAccess = {
    // Loaders call the backend in-process; the URL only has to be well-formed.
    url: config.siteUrl,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    fetch: (input, init) => backend.fetch(new Request(input, init)),
    publicUrl: null,
  };
  const listen: BackendSetup["listen"] = (channel, onMessage, onReconnect) =>
    backend.db.listen(channel, onMessage, onReconnect);
  site = await startSiteState(config, access, listen);
  const leadDelivery = await startLeadDeliveryFor(config, backend, mailer, identity, site.current().settings);
  const dataDir = resolve(config.dataDir);
  const backups = config.backups.dir
    ? startBackupSchedule({
        db: backend.db,
        dir: resolve(config.backups.dir),
        intervalHours: config.backups.intervalHours,
        keep: config.backups.keep,
        signingKey: async () => (config.databaseUrl ? null : readStoredSigningKey(dataDir)),
        storageDir: resolve(config.storageDir),
        workDir: backupWorkDir(config.dataDir),
        log: (line) => console.log(line),
      })
    : undefined;
  return {
    backend,
    leadDelivery,
    backups,
    access,
    site,
    analytics: startAnalyticsFor(config, access, backend.db.kind, backend.db),
    unreadyReason: () => backend.unreadyReason(),
    listen,
    description: config.databaseUrl
      ? "embedded backend on PostgreSQL (DATABASE_URL)"
      : `embedded backend on PGlite in ${config.dataDir}`,
  };
}

const logProblem = (line: string) => console.error(line);

/** The analytics and their upkeep, as one thing to stop. */
export interface SiteAnalytics {
  service: Analytics;
  /** Stops the upkeep and writes the events still queued. */
  stop(): Promise<void>;
}

/** Cookieless analytics through the backend (docs/decisions/073-cookieless-analytics.md), unless ANALYTICS=0. */
export function startAnalyticsFor(
  config: ServerConfig,
  access: BackendAccess,
  database: AnalyticsDatabase,
  /** The embedded backend's database, which takes the batches of events directly. */
  embedded?: BackendDatabase,
): SiteAnalytics | undefined {
  if (!config.analytics.enabled) return undefined;
  const store = analyticsStore(access, database, embedded);
  const service = createAnalytics({
    siteUrl: config.siteUrl,
    salts: (day) => store.salts(day),
    write: (batch) => store.write(batch),
    isPermanent: store.isPermanent,
    log: logProblem,
  });
  const upkeep = startAnalyticsMaintenance({
    maintain: () => store.maintain(config.analytics.retentionDays),
    log: logProblem,
  });
  return {
    service,
    async stop() {
      await upkeep.stop();
      await service.stop();
    },
  };
}

/**
 * The embedded backend's options, from the configuration: the server and the operator commands
 * that open the database themselves (server/cli/target.ts) start it the same way.
 */
export function embeddedBackendOptions(
  config: ServerConfig,
  mailer: Mailer,
  log: (line: string) => void,
  site: SiteIdentity = placeholderIdentity(config),
): StartBackendOptions {
  return {
    mail: { mailer, site },
    // As GoTrue: sign-up waits for its e-mailed link only when mail really leaves the machine;
    // with the development outbox it is confirmed at once, so a quick start needs no mail server.
    mailerAutoconfirm: !config.mail.smtpUrl,
    adminEmail: config.adminEmail,
    adminRequireMfa: config.adminRequireMfa,
    oidc: config.oidc,
    jwtExpiry: config.jwtExpirySeconds,
    refreshTokenReuseInterval: config.refreshTokenReuseSeconds,
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir),
    databaseUrl: config.databaseUrl,
    // DATA_DIR is this machine's own folder on DATABASE_URL too (the development outbox lives there).
    services: { [BACKUP_PREFIX]: onlineBackup({ workDir: backupWorkDir(config.dataDir) }) },
    siteUrl: config.siteUrl,
    accountThrottle: {
      maxFailures: config.authAccountMaxFailures,
      windowMs: config.authAccountLockoutMinutes * 60_000,
      lockoutMs: config.authAccountLockoutMinutes * 60_000,
    },
    restMaxRows: config.restMaxRows,
    restSchemas: config.restSchemas,
    storageDir: resolve(config.storageDir),
    storageMaxBytes: config.storageMaxBytes,
    initInChildProcess: true,
    // Every request would fail from then on: exit, so that the supervisor starts a new process.
    onDatabaseLost: (reason) => {
      console.error(`${reason}: stopping the server so that its supervisor starts it again.`);
      process.exit(1);
    },
    log,
  };
}

/**
 * The company's name before the settings are read. Operator commands that start the backend in
 * their own process (server/cli/target.ts) send no e-mail, so they need not read the settings.
 */
function placeholderIdentity(config: ServerConfig): SiteIdentity {
  return { name: PLACEHOLDER_SETTINGS.trade_name, url: config.siteUrl };
}

/**
 * Lead notifications (docs/decisions/053-lead-delivery.md). Without SMTP_URL the mailer writes to
 * the development outbox, and without LEADS_NOTIFY_EMAIL the sales notification goes to the site's
 * sales address there, so a newcomer sees what a lead produces. With SMTP_URL and no address,
 * no notification is sent (the inbox still has every lead).
 */
export function createSiteMailer(config: ServerConfig, site: SiteIdentity = placeholderIdentity(config)): Mailer {
  const host = new URL(config.siteUrl).hostname;
  const address = `no-reply@${host.includes(".") ? host : `${host}.localdomain`}`;
  return createMailer({
    smtpUrl: config.mail.smtpUrl,
    // Read at each message: the sender's name is the trade name as the settings say now.
    get from() {
      return config.mail.from ?? `"${site.name.replace(/["\\\r\n]/g, "")}" <${address}>`;
    },
    outboxDir: resolve(config.dataDir, "outbox"),
    // The console copy is for a person at a terminal; under LOG_LEVEL=warn (test runners) the
    // .eml files are enough.
    log: config.logLevel === "info" || config.logLevel === "debug" ? undefined : () => {},
  });
}

async function startLeadDeliveryFor(
  config: ServerConfig,
  backend: Backend,
  mailer: Mailer,
  site: SiteIdentity,
  settings: SiteSettings,
): Promise<LeadDelivery> {
  const { leads } = config;
  return startLeadDelivery({
    db: backend.db,
    databaseUrl: config.databaseUrl,
    mailer,
    site,
    notifyEmails: leads.notifyEmails.length > 0 || config.mail.smtpUrl ? leads.notifyEmails : [settings.sales_email],
    confirmVisitor: leads.confirmVisitor,
    webhook:
      leads.webhookUrl && leads.webhookSecret
        ? {
            url: checkWebhookUrl(leads.webhookUrl, leads.webhookAllowPrivate),
            secret: leads.webhookSecret,
            allowPrivate: leads.webhookAllowPrivate,
          }
        : undefined,
    retry: { ...DEFAULT_RETRY, delaySeconds: leads.retryDelaySeconds },
    retentionDays: leads.retentionDays,
    log: (line) => console.error(line),
  });
}

/** A hosted project cannot be LISTENed to: its settings are read again this often. */
const HOSTED_SETTINGS_POLL_MS = 1_000;

/**
 * The site values renders see, with the settings read now and again on every change: on the
 * database's NOTIFY where this server can LISTEN (embedded backend), else by polling.
 */
async function startSiteState(config: ServerConfig, access: BackendAccess, listen?: BackendSetup["listen"]) {
  const site = new SiteState({
    origin: config.siteUrl,
    read: restSettingsReader(access),
    log: (line) => console.error(line),
  });
  if (listen) {
    // Listening first: a change made while the first read runs is read again after it.
    await listen(
      SITE_SETTINGS_CHANNEL,
      () => void site.reload(),
      () => void site.reload(),
    );
  } else {
    setInterval(() => void site.reload(), HOSTED_SETTINGS_POLL_MS).unref();
  }
  await site.reload();
  return site;
}

/**
 * The one line `npm start` prints while the settings still hold the `.example` placeholders a
 * fresh install starts with (a warning: the site works, /readyz says ready), or null.
 */
export function placeholderWarning(settings: SiteSettings): string | null {
  const fields = placeholderFields(settings);
  if (fields.length === 0) return null;
  return `Warning: the site settings still hold .example placeholders (${fields.join(", ")}); set the company's own in /admin, Configurações.`;
}

/** A hosted project is ready when its auth service answers its health endpoint (GoTrue's /health). */
async function hostedUnreadyReason(url: string, anonKey: string): Promise<string | null> {
  try {
    const response = await fetch(`${url}/auth/v1/health`, {
      headers: { apikey: anonKey },
      signal: AbortSignal.timeout(2_000),
    });
    await response.arrayBuffer();
    return response.ok ? null : `Supabase answered ${response.status}`;
  } catch (error) {
    return `Supabase unreachable: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The address people should open is SITE_URL (the canonical origin, e.g. behind a proxy); the
 * socket the process listens on is said too when it differs, for whoever runs the proxy.
 */
export function startupLine(label: string, config: ServerConfig, description: string): string {
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const listening = `http://${host}:${config.port}`;
  const local = `http://localhost:${config.port}`;
  const sameAsSite = config.siteUrl === listening || (config.siteUrl === local && config.host === "127.0.0.1");
  return sameAsSite
    ? `${label} at ${config.siteUrl} (${description})`
    : `${label} at ${config.siteUrl} (listening on ${listening}; ${description})`;
}

/** Set when a stop signal arrives: /readyz answers 503 from then on (server/http/health.ts). */
export interface ServerState {
  stopping: boolean;
}

/**
 * Announces the server once it listens, explains a busy port, and stops gracefully: on SIGTERM
 * or SIGINT it stops accepting connections, lets requests in flight finish (up to
 * SHUTDOWN_TIMEOUT_MS, then cuts the rest), closes the database and exits 0. A second signal
 * exits at once (1), for a person pressing Ctrl+C twice.
 */
/**
 * How long an idle keep-alive connection stays open: longer than a proxy keeps its own idle
 * connections to the server (nginx's upstream `keepalive_timeout` is 60 s; deploy/nginx). Node's
 * 5 s closed connections that a proxy or client was reusing that very moment, and that request
 * failed (ECONNRESET). The headers' limit must stay above it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The connection timeouts of the site's listener (KEEP_ALIVE_TIMEOUT_MS). */
export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

export function manageServer(
  server: Server,
  config: ServerConfig,
  setup: BackendSetup,
  label: string,
  state: ServerState = { stopping: false },
): void {
  keepConnectionsAlive(server);
  server.once("listening", () => {
    console.log(startupLine(label, config, setup.description));
    // Operator commands find a running server (and do not open its database) through this.
    setup.backend?.announceUrl(`http://${config.host}:${config.port}`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") console.error(`Port ${config.port} is already in use. Set PORT to another port.`);
    else console.error(`Server error: ${error.message}`);
    process.exit(1);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (state.stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    state.stopping = true;
    console.log(`${signal}: finishing requests in flight (up to ${config.shutdownTimeoutMs} ms), then stopping.`);
    // Keep-alive connections would hold close() open: drop each one as soon as it is idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      console.error(`Requests still running after ${config.shutdownTimeoutMs} ms: closing their connections.`);
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      // Workers first (a delivery or a backup in flight finishes, queued analytics events are
      // written), then the database they use.
      const closing = Promise.all([setup.leadDelivery?.stop(), setup.backups?.stop(), setup.analytics?.stop()]).then(
        () => setup.backend?.close(),
      );
      void closing.then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Closing the database failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
    });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
