import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { readConfig } from "./server/config.ts";

// Prerendered pages carry canonical URLs, so the site origin is fixed at build time;
// scripts/start.mjs rebuilds when SITE_URL changes (see docs/decisions/004-site-url-at-build.md).
const { siteUrl } = readConfig();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  define: { "import.meta.env.SITE_URL": JSON.stringify(siteUrl) },
  build: { assetsInlineLimit: 0 },
});
