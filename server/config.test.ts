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
    });
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
    [{ SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k", DATABASE_URL: "postgres://h/db" }, /not both/],
  ])("rejects %o with a one-line message naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it("never echoes a database password in its error", () => {
    expect(() => readConfig({ DATABASE_URL: "mysql://user:hunter2@host/db" })).toThrow(/^(?!.*hunter2)/);
  });
});
