// `npm start`: build when there is no build or when the build is older than the app's sources
// (e.g. after a `git pull`); then run the production server. The build does not depend on
// SITE_URL or the site's settings: the server renders the pages that show them when it starts and
// when they change (docs/decisions/076-site-settings-at-runtime.md), so neither costs a rebuild.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, readConfig } from "../server/config.ts";
import { BUILD_DIR, BUILD_INFO_FILE, type BuildInfo } from "./build-info.ts";

const BUILD_INPUTS = ["app", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestSourceMtime(): number {
  let newest = 0;
  for (const input of BUILD_INPUTS) {
    if (!existsSync(input)) continue;
    const files = statSync(input).isDirectory()
      ? readdirSync(input, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [input];
    for (const file of files) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

function upToDate(): boolean {
  if (!existsSync(`${BUILD_DIR}/server/index.js`) || !existsSync(BUILD_INFO_FILE)) return false;
  try {
    const info = JSON.parse(readFileSync(BUILD_INFO_FILE, "utf8")) as BuildInfo;
    return Date.parse(info.builtAt) >= newestSourceMtime();
  } catch {
    return false;
  }
}

// A bad setting stops here, before a build that would be wasted.
try {
  readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

if (!upToDate()) {
  console.log("Building the site (no build yet, or sources changed)...");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

process.env.NODE_ENV = "production";
await import("../server/main.ts");
