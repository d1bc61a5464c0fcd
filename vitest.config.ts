import { defineConfig } from "vitest/config";

// A separate config from vite.config.ts: unit and integration tests need neither the React
// Router plugin nor Tailwind, and must not collect the Playwright specs in tests/e2e.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.{ts,mjs}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
