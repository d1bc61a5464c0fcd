import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumExecutable, TEST_CHROMIUM_ARGS } from "./scripts/chromium.ts";

// E2E_PORT and BUILD_DIR let two runs (e.g. two developers' worktrees) proceed side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Specs of the JavaScript-off project (and of it only). */
const NO_JAVASCRIPT_SPECS = [/no-javascript\.spec\.ts$/, /\.nojs\.spec\.ts$/];

// One fresh embedded database per run, shared with the workers through the environment so
// specs can run operator commands (npm run admin) against the same server.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "omnia-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so side-by-side runs do not delete each other's artifacts.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [[process.env.CI ? "line" : "list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumExecutable(), args: TEST_CHROMIUM_ARGS },
  },
  projects: [
    { name: "chromium", testIgnore: NO_JAVASCRIPT_SPECS },
    // The same browser with JavaScript off: public pages must work as plain HTML
    // (docs/decisions/048-public-pages-without-app-bundle.md). A spec runs here when its file is
    // no-javascript.spec.ts or ends in .nojs.spec.ts.
    { name: "no-javascript", testMatch: NO_JAVASCRIPT_SPECS, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    // The production build (npm test builds it first) and the embedded backend.
    command: "node server/main.ts",
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    // A first start creates the embedded database; on a busy 2-core machine that can take a minute.
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      // The same origin `npm start` builds for, so tests never force a rebuild.
      SITE_URL: "http://localhost:3000",
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "production",
      // As behind one reverse proxy: specs that post many forms or sign-ins give each request
      // its own X-Forwarded-For (support/visitor.ts), so per-IP limits do not couple the specs.
      TRUST_PROXY: "1",
      // One access-log line per request would bury the test report; problems are still printed.
      LOG_LEVEL: "warn",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    },
  },
});
