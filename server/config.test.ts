import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.ts";

describe("readConfig", () => {
  it("has working defaults", () => {
    expect(readConfig({})).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      siteUrl: "http://localhost:3000",
      dataDir: ".data",
      databaseUrl: undefined,
      supabaseUrl: undefined,
      trustProxy: 0,
      shutdownTimeoutMs: 10_000,
      logFormat: "json",
      logLevel: "info",
      pageCacheMaxBytes: 64 * 1024 * 1024,
      adminRequireMfa: false,
      adminEmail: undefined,
      jwtExpirySeconds: 3600,
      refreshTokenReuseSeconds: 10,
    });
  });

  it("reads the mail and lead delivery settings, and refuses bad ones with the variable's name", () => {
    expect(readConfig({}).leads).toMatchObject({ notifyEmails: [], confirmVisitor: true, webhookUrl: undefined });
    const config = readConfig({
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      MAIL_FROM: "Omnia <no-reply@omnia.com.br>",
      LEADS_NOTIFY_EMAIL: "vendas@omnia.com.br, gerente@omnia.com.br",
      LEADS_CONFIRM_VISITOR: "0",
      LEADS_WEBHOOK_URL: "https://crm.example.com/hooks/omnia",
      LEADS_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      LEADS_RETENTION_DAYS: "365",
    });
    expect(config.mail).toEqual({
      smtpUrl: "smtps://user:pass@smtp.example.com:465",
      from: "Omnia <no-reply@omnia.com.br>",
    });
    expect(config.leads).toMatchObject({
      notifyEmails: ["vendas@omnia.com.br", "gerente@omnia.com.br"],
      confirmVisitor: false,
      retentionDays: 365,
      retryDelaySeconds: 30,
    });
    const refused: [Record<string, string>, RegExp][] = [
      [{ SMTP_URL: "http://smtp.example.com" }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
      [{ LEADS_NOTIFY_EMAIL: "vendas@omnia.com.br, nope" }, /LEADS_NOTIFY_EMAIL must be e-mail addresses/],
      [{ LEADS_WEBHOOK_URL: "https://crm.example.com/" }, /LEADS_WEBHOOK_SECRET is missing/],
      [{ LEADS_WEBHOOK_URL: "https://crm.example.com/", LEADS_WEBHOOK_SECRET: "plain" }, /Standard Webhooks secret/],
      [
        { LEADS_WEBHOOK_URL: "https://127.0.0.1/", LEADS_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
        /private or reserved address/,
      ],
      [
        {
          LEADS_WEBHOOK_URL: "http://169.254.169.254/",
          LEADS_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        },
        /must use https/,
      ],
      [{ LEADS_RETENTION_DAYS: "0" }, /LEADS_RETENTION_DAYS must be a whole number of days/],
      [{ LEADS_CONFIRM_VISITOR: "no" }, /LEADS_CONFIRM_VISITOR must be 0 or 1/],
    ];
    for (const [env, message] of refused) expect(() => readConfig(env)).toThrow(message);
  });

  it("keeps uploads under DATA_DIR/storage unless STORAGE_DIR says otherwise, up to STORAGE_MAX_BYTES", () => {
    expect(readConfig({})).toMatchObject({ storageDir: ".data/storage", storageMaxBytes: 5 * 1024 * 1024 });
    expect(readConfig({ DATA_DIR: "/var/lib/omnia" }).storageDir).toBe("/var/lib/omnia/storage");
    expect(readConfig({ STORAGE_DIR: "/mnt/shared/omnia", STORAGE_MAX_BYTES: "2097152" })).toMatchObject({
      storageDir: "/mnt/shared/omnia",
      storageMaxBytes: 2_097_152,
    });
    expect(() => readConfig({ STORAGE_MAX_BYTES: "5MB" })).toThrow(/STORAGE_MAX_BYTES must be a whole number of bytes/);
  });

  it("serves ./build unless BUILD_DIR names another build", () => {
    expect(readConfig({}).buildDir).toBe("build");
    expect(readConfig({ BUILD_DIR: "build-e2e" }).buildDir).toBe("build-e2e");
  });

  it("reads the backup schedule, off unless BACKUP_DIR is set", () => {
    expect(readConfig({}).backups).toEqual({ dir: undefined, intervalHours: 24, keep: 14 });
    expect(
      readConfig({ BACKUP_DIR: "/var/backups/omnia", BACKUP_INTERVAL_HOURS: "6", BACKUP_KEEP: "28" }).backups,
    ).toEqual({
      dir: "/var/backups/omnia",
      intervalHours: 6,
      keep: 28,
    });
    expect(() => readConfig({ BACKUP_KEEP: "0" })).toThrow(
      /BACKUP_KEEP must be a whole number from 1 to 10000, got "0"/,
    );
    expect(() => readConfig({ BACKUP_INTERVAL_HOURS: "daily" })).toThrow(
      /BACKUP_INTERVAL_HOURS must be a whole number of hours/,
    );
  });

  it("derives the default site URL from PORT and normalises SITE_URL to an origin", () => {
    expect(readConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    expect(readConfig({ SITE_URL: "https://omnia.com.br/" }).siteUrl).toBe("https://omnia.com.br");
  });

  it.each([
    [{ PORT: "abc" }, /PORT must be a whole number/],
    [{ PORT: "70000" }, /PORT must be a whole number/],
    [{ HOST: "http://x" }, /HOST must be a host name/],
    [{ SITE_URL: "omnia.com.br" }, /SITE_URL must be an absolute http\(s\) URL/],
    [{ SITE_URL: "ftp://omnia.com.br" }, /SITE_URL must use http or https/],
    [{ SITE_URL: "https://omnia.com.br/blog" }, /SITE_URL must be an origin/],
    [{ DATABASE_URL: "mysql://u:secret@h/db" }, /DATABASE_URL must start with postgres/],
    [{ TRUST_PROXY: "yes" }, /TRUST_PROXY must be the number of reverse proxies/],
    [{ SUPABASE_URL: "https://x.supabase.co" }, /SUPABASE_ANON_KEY is missing/],
    [{ SUPABASE_ANON_KEY: "key" }, /SUPABASE_URL is missing/],
    [{ SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k" }, /SUPABASE_SERVICE_ROLE_KEY is missing/],
    [
      { SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k", SUPABASE_SERVICE_ROLE_KEY: " " },
      /SUPABASE_SERVICE_ROLE_KEY is missing/,
    ],
    [
      { SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k", SUPABASE_SERVICE_ROLE_KEY: "k" },
      /SUPABASE_SERVICE_ROLE_KEY must be the project's service_role/,
    ],
    [
      {
        SUPABASE_URL: "https://x.supabase.co",
        SUPABASE_ANON_KEY: "k",
        SUPABASE_SERVICE_ROLE_KEY: "s",
        DATABASE_URL: "postgres://h/db",
      },
      /not both/,
    ],
  ])("rejects %o with a one-line message naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it("takes a hosted Supabase project with both keys", () => {
    expect(
      readConfig({
        SUPABASE_URL: "https://x.supabase.co/",
        SUPABASE_ANON_KEY: "anon",
        SUPABASE_SERVICE_ROLE_KEY: "service",
      }),
    ).toMatchObject({
      supabaseUrl: "https://x.supabase.co",
      supabaseAnonKey: "anon",
      supabaseServiceRoleKey: "service",
    });
  });

  it("stops a hosted start without the service-role key in one line, without echoing a key", () => {
    const env = { SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "anon-secret-value" };
    expect(() => readConfig(env)).toThrow(/^SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is missing[^\n]*$/);
    expect(() => readConfig(env)).toThrow(/^(?!.*anon-secret-value)/);
  });

  it("never echoes a database password in its error", () => {
    expect(() => readConfig({ DATABASE_URL: "mysql://user:hunter2@host/db" })).toThrow(/^(?!.*hunter2)/);
  });

  it("reads REST_SCHEMAS, refusing the backend's own schemas and malformed lists", () => {
    expect(readConfig({}).restSchemas).toBeUndefined();
    expect(readConfig({ REST_SCHEMAS: "public, api" }).restSchemas).toEqual(["public", "api"]);
    for (const bad of ["auth", "public,storage", "pg_catalog", "public,public", "Public", "a b", "public,"]) {
      expect(() => readConfig({ REST_SCHEMAS: bad })).toThrow(/^REST_SCHEMAS must be a comma-separated list/);
    }
  });

  it("reads REST_MAX_ROWS (the embedded REST row cap), leaving the backend's default when unset", () => {
    expect(readConfig({}).restMaxRows).toBeUndefined();
    expect(readConfig({ REST_MAX_ROWS: "250" }).restMaxRows).toBe(250);
    for (const bad of ["0", "-5", "1e3", "ten", "1000001", "99999999999999999999"]) {
      expect(() => readConfig({ REST_MAX_ROWS: bad })).toThrow(
        /^REST_MAX_ROWS must be a whole number from 1 to 1000000/,
      );
    }
  });
});

describe("readConfig: the per-account sign-in throttle", () => {
  it("defaults to 10 failures and 15 minutes, and takes 0 to turn it off", () => {
    expect(readConfig({})).toMatchObject({ authAccountMaxFailures: 10, authAccountLockoutMinutes: 15 });
    expect(readConfig({ AUTH_ACCOUNT_MAX_FAILURES: "0", AUTH_ACCOUNT_LOCKOUT_MINUTES: "60" })).toMatchObject({
      authAccountMaxFailures: 0,
      authAccountLockoutMinutes: 60,
    });
  });

  it.each([
    [{ AUTH_ACCOUNT_MAX_FAILURES: "ten" }, /^AUTH_ACCOUNT_MAX_FAILURES must be a whole number from 0 .* got "ten"\.$/],
    [{ AUTH_ACCOUNT_MAX_FAILURES: "-1" }, /^AUTH_ACCOUNT_MAX_FAILURES must be/],
    [{ AUTH_ACCOUNT_MAX_FAILURES: "5000" }, /^AUTH_ACCOUNT_MAX_FAILURES must be/],
    [{ AUTH_ACCOUNT_LOCKOUT_MINUTES: "0" }, /^AUTH_ACCOUNT_LOCKOUT_MINUTES must be a whole number of minutes/],
    [{ AUTH_ACCOUNT_LOCKOUT_MINUTES: "1.5" }, /^AUTH_ACCOUNT_LOCKOUT_MINUTES must be/],
    [{ AUTH_ACCOUNT_LOCKOUT_MINUTES: "100000" }, /^AUTH_ACCOUNT_LOCKOUT_MINUTES must be/],
  ])("rejects %o in one line naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("readConfig: company sign-in (OpenID Connect)", () => {
  const google = { AUTH_OIDC_GOOGLE_CLIENT_ID: "id.apps", AUTH_OIDC_GOOGLE_CLIENT_SECRET: "s3cret" };

  it("is off without providers, and reads Google (known issuer) and Entra (tenant issuer)", () => {
    expect(readConfig({}).oidc).toBeUndefined();
    expect(
      readConfig({
        ...google,
        AUTH_OIDC_AZURE_CLIENT_ID: "app-id",
        AUTH_OIDC_AZURE_CLIENT_SECRET: "value",
        AUTH_OIDC_AZURE_ISSUER: "https://login.microsoftonline.com/tenant-id/v2.0/",
        AUTH_SSO_ALLOWED_DOMAINS: " Omnia.com.br, filial.omnia.com.br ",
      }).oidc,
    ).toEqual({
      providers: [
        { name: "google", issuer: "https://accounts.google.com", clientId: "id.apps", clientSecret: "s3cret" },
        {
          name: "azure",
          issuer: "https://login.microsoftonline.com/tenant-id/v2.0",
          clientId: "app-id",
          clientSecret: "value",
        },
      ],
      allowedDomains: ["omnia.com.br", "filial.omnia.com.br"],
    });
  });

  it.each([
    [google, /^AUTH_SSO_ALLOWED_DOMAINS is required with AUTH_OIDC_\*/],
    [{ ...google, AUTH_SSO_ALLOWED_DOMAINS: "omnia.com.br, @x" }, /^AUTH_SSO_ALLOWED_DOMAINS must be .* got "@x"\.$/],
    [
      { AUTH_OIDC_GOOGLE_CLIENT_ID: "id" },
      /^AUTH_OIDC_GOOGLE_CLIENT_ID and AUTH_OIDC_GOOGLE_CLIENT_SECRET must be set/,
    ],
    [{ AUTH_OIDC_AZURE_CLIENT_ID: "a", AUTH_OIDC_AZURE_CLIENT_SECRET: "b" }, /^AUTH_OIDC_AZURE_ISSUER is required/],
    [{ ...google, AUTH_OIDC_GOOGLE_ISSUER: "ftp://x" }, /^AUTH_OIDC_GOOGLE_ISSUER must use http or https/],
    [{ ...google, AUTH_OIDC_GOOGLE_ISSUER: "http://idp.example" }, /^AUTH_OIDC_GOOGLE_ISSUER must use https/],
  ])("rejects %o in one line naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("readConfig: lifecycle and logs", () => {
  // The defaults (10 s to finish requests on shutdown, JSON logs, ...) are in "has working defaults".
  it("reads the shutdown, log, cache and session settings", () => {
    expect(readConfig({ PAGE_CACHE_MAX_MB: "0" }).pageCacheMaxBytes).toBe(0);
    expect(
      readConfig({
        ADMIN_REQUIRE_MFA: "1",
        ADMIN_EMAIL: " Ana@Empresa.com.br ",
        JWT_EXPIRY: "900",
        REFRESH_TOKEN_REUSE_INTERVAL: "0",
      }),
    ).toMatchObject({
      adminRequireMfa: true,
      adminEmail: "ana@empresa.com.br",
      jwtExpirySeconds: 900,
      refreshTokenReuseSeconds: 0,
    });
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: "2500", LOG_FORMAT: "pretty", LOG_LEVEL: "warn" })).toMatchObject({
      shutdownTimeoutMs: 2500,
      logFormat: "pretty",
      logLevel: "warn",
    });
  });

  it.each([
    [{ SHUTDOWN_TIMEOUT_MS: "10s" }, /^SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds/],
    [{ SHUTDOWN_TIMEOUT_MS: "700000" }, /^SHUTDOWN_TIMEOUT_MS must be/],
    [{ PAGE_CACHE_MAX_MB: "lots" }, /^PAGE_CACHE_MAX_MB must be a whole number of megabytes from 0 \(off\) to 4096/],
    [{ LOG_FORMAT: "yaml" }, /^LOG_FORMAT must be json or pretty, got "yaml"\.$/],
    [{ ADMIN_REQUIRE_MFA: "yes" }, /^ADMIN_REQUIRE_MFA must be 0 or 1, got "yes"\.$/],
    [{ ADMIN_EMAIL: "admin" }, /^ADMIN_EMAIL must be an e-mail address, got "admin"\.$/],
    [{ ADMIN_EMAIL: "Ana <ana@empresa.com.br>" }, /^ADMIN_EMAIL must be an e-mail address/],
    [{ JWT_EXPIRY: "1h" }, /^JWT_EXPIRY must be a whole number of seconds from 300 to 604800/],
    [{ JWT_EXPIRY: "120" }, /^JWT_EXPIRY must be a whole number of seconds from 300 to 604800/],
    [{ REFRESH_TOKEN_REUSE_INTERVAL: "-1" }, /^REFRESH_TOKEN_REUSE_INTERVAL must be a whole number of seconds/],
    [{ LOG_LEVEL: "verbose" }, /^LOG_LEVEL must be one of debug, info, warn, error, silent, got "verbose"\.$/],
  ])("rejects %o in one line naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
