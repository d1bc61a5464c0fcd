import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/pages.ts";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side; the default is ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Static pages (render: "prerendered" in app/content/pages.ts) are built as files.
  prerender: prerenderPaths,
} satisfies Config;
