// `npm start`: build when there is no build, or when it was made for another SITE_URL
// (prerendered pages carry canonical URLs), then run the production server.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { ConfigError, readConfig } from "../server/config.ts";
import { BUILD_DIR, BUILD_INFO_FILE, type BuildInfo } from "./build-info.ts";

function builtFor(siteUrl: string): boolean {
  if (!existsSync(`${BUILD_DIR}/server/index.js`) || !existsSync(BUILD_INFO_FILE)) return false;
  try {
    return (JSON.parse(readFileSync(BUILD_INFO_FILE, "utf8")) as BuildInfo).siteUrl === siteUrl;
  } catch {
    return false;
  }
}

let siteUrl: string;
try {
  siteUrl = readConfig().siteUrl;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

if (!builtFor(siteUrl)) {
  console.log(`Building the site for ${siteUrl} (first start, or SITE_URL changed)...`);
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

process.env.NODE_ENV = "production";
await import("../server/main.ts");
