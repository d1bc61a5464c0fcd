import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side; the default is ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // No `prerender`: the pages the registry marks "prerendered" show the site's settings and the
  // year, so the server renders them at start and again when those change
  // (server/http/prerendered-pages.ts, docs/decisions/076-site-settings-at-runtime.md).
} satisfies Config;
