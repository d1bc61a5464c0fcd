// Where the end-to-end tests and the benchmark find Chromium (docs/architecture.md, "Testing"):
// CHROME_PATH, else Debian's /usr/bin/chromium. Never a browser downloaded from elsewhere.
import { existsSync } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps trying to reach Google's hosts,
// which this machine's closed network refuses.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function chromiumExecutable(): string {
  return process.env.CHROME_PATH || DEBIAN_CHROMIUM;
}

export function chromiumIsPresent(): boolean {
  return existsSync(chromiumExecutable());
}
