import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { nodeWorkers } from "./scripts/node-worker-plugin.ts";

// The build does not depend on SITE_URL or the site's settings: the server renders the pages that
// show them (docs/decisions/067-site-url-at-start.md, 076-site-settings-at-runtime.md).

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), nodeWorkers()],
  worker: { format: "es" },
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and React Router load together (in /auth and /admin): one chunk instead of a
            // handful of small ones saves each file's compression overhead.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|@react-router[\\/]\w+|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            // The site shell (header, footer, their copy and primitives), which both apps render.
            {
              name: "shell",
              test: /app[\\/](components[\\/]site[\\/](site-|logo|social-icon|error-screen|not-found-screen)|components[\\/]ui[\\/]button|content[\\/](navigation|pages|site-config|errors)|lib[\\/](utils|seo|motion))|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context)|class-variance-authority|clsx|@radix-ui[\\/]react-(slot|compose-refs)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
