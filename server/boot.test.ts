import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_SETTINGS } from "../app/lib/site-settings.ts";
import { keepConnectionsAlive, placeholderWarning, startupLine } from "./boot.ts";
import { readConfig } from "./config.ts";

describe("startupLine", () => {
  it("names the local address when that is the site's address", () => {
    expect(startupLine("Omnia site", readConfig({}), "embedded backend")).toBe(
      "Omnia site at http://localhost:3000 (embedded backend)",
    );
  });

  it("names SITE_URL, the address people open, and the socket it listens on when they differ", () => {
    const config = readConfig({ SITE_URL: "https://omnia.com.br", HOST: "0.0.0.0", PORT: "8080" });
    expect(startupLine("Omnia site", config, "embedded backend")).toBe(
      "Omnia site at https://omnia.com.br (listening on http://0.0.0.0:8080; embedded backend)",
    );
  });
});

describe("placeholderWarning", () => {
  it("names, in one line, the settings that still hold a .example placeholder", () => {
    expect(placeholderWarning({ ...PLACEHOLDER_SETTINGS, dpo_email: "dpo@empresa.com.br", facebook_url: null })).toBe(
      "Warning: the site settings still hold .example placeholders (email, sales_email, support_email, linkedin_url, instagram_url, youtube_url, tiktok_url); set the company's own in /admin, Configurações.",
    );
  });

  it("says nothing once the company's own values are in", () => {
    const own = {
      ...PLACEHOLDER_SETTINGS,
      dpo_email: "dpo@empresa.com.br",
      email: "oi@empresa.com.br",
      sales_email: "vendas@empresa.com.br",
      support_email: "suporte@empresa.com.br",
      linkedin_url: null,
      facebook_url: null,
      instagram_url: null,
      youtube_url: null,
      tiktok_url: null,
    };
    expect(placeholderWarning(own)).toBeNull();
  });
});

describe("keepConnectionsAlive", () => {
  it("keeps idle connections open past a proxy's 60 s, with the headers' limit above that", () => {
    const server = createServer();
    keepConnectionsAlive(server);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });
});

describe("embeddedBackendOptions", () => {
  it("stops the process, code 1, when the database is lost, for the supervisor to start it again", () => {
    const script = [
      `import { embeddedBackendOptions } from ${JSON.stringify(new URL("./boot.ts", import.meta.url).href)};`,
      `import { readConfig } from ${JSON.stringify(new URL("./config.ts", import.meta.url).href)};`,
      `embeddedBackendOptions(readConfig({}), { send: async () => {} }, () => {}).onDatabaseLost("The database thread stopped (exit 1)");`,
      `console.log("still running");`,
    ].join("\n");
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.status).toBe(1);
    expect(child.stdout).not.toContain("still running");
    expect(child.stderr).toContain(
      "The database thread stopped (exit 1): stopping the server so that its supervisor starts it again.",
    );
  });
});
