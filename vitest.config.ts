import { defineConfig } from "vitest/config";
import { nodeWorkers } from "./scripts/node-worker-plugin.ts";

// A separate config from vite.config.ts: unit and integration tests need neither the React
// Router plugin nor Tailwind, and must not collect the Playwright specs in tests/e2e.
export default defineConfig({
  // The Markdown preview's worker (app/lib/markdown.server.ts) is found through it.
  plugins: [nodeWorkers()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.{ts,mjs}"],
    environment: "node",
    // Integration tests run real databases, servers and child processes on a 2-core CI machine,
    // beside the production build that server/acceptance.test.ts makes; their own waits (with
    // deadlines) are the assertions, and this only stops a hung test.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
