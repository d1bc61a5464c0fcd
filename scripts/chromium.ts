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

// Chromium 156 opens two omnibox-popup pages (chrome://omnibox-popup.top-chrome/) for every
// browser context, headless too, each loading a few hundred WebUI modules; with a context per
// test, every test competed with them for the cores. Chromium merges repeated --disable-features
// switches, so Playwright's own list still applies. The benchmark keeps CHROMIUM_ARGS: see
// scripts/bench/lighthouse.ts.
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"];

export function chromiumExecutable(): string {
  return process.env.CHROME_PATH || DEBIAN_CHROMIUM;
}

export function chromiumIsPresent(): boolean {
  return existsSync(chromiumExecutable());
}
