// The one place that reads the process environment. Each value is validated at boot; a bad
// value stops the process with a one-line English message naming the variable, because the
// reader is an operator, not a visitor.

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
  supabaseServiceRoleKey: string | undefined;
  /** How many reverse proxies sit in front of the server (0: trust no X-Forwarded-For). */
  trustProxy: number;
}

type Env = Record<string, string | undefined>;

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
    supabaseServiceRoleKey: nonEmpty(env, "SUPABASE_SERVICE_ROLE_KEY"),
    trustProxy: parseTrustProxy(env),
  };
}
