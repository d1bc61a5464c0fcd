import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/site-pages.ts";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side; the default is ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Marketing pages are static: prerendered at build time and served as files.
  prerender: prerenderPaths,
} satisfies Config;
