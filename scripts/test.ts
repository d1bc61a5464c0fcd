// `npm test`: everything a change can break, in one command, ending with one line
// "N passed, N failed[, N skipped]". Steps: typecheck, lint, formatting (Prettier), unit +
// integration tests (Vitest), production build, end-to-end tests (Playwright in Chromium against
// the build). Every step runs even when an earlier one fails, so one run shows every problem.
// Skipped tests are listed with their reason; `npm test -- --require-all` (CI, which installs
// PostgreSQL, nginx and Chromium) fails when any test was skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { chromiumExecutable, chromiumIsPresent, DEBIAN_CHROMIUM } from "./chromium.ts";
import { listFailures, listSkips, summarize, type Counts } from "./test-summary.ts";

const requireAll = process.argv.includes("--require-all");

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function ensureChromium(): boolean {
  if (chromiumIsPresent()) return true;
  if (process.env.CHROME_PATH) {
    console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but no browser is there.`);
    return false;
  }
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium was not found at ${DEBIAN_CHROMIUM}. Install it with ` +
        "`sudo apt-get update && sudo apt-get install -y chromium`, or set CHROME_PATH to a Chromium binary.",
    );
    return false;
  }
  console.log(`Chromium is missing: installing Debian's chromium package with apt-get (about a minute)...`);
  const ok =
    run("apt-get update", "apt-get", ["update", "-qq"]) &&
    run("apt-get install chromium", "apt-get", ["install", "-y", "-qq", "chromium"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
  return ok && chromiumIsPresent();
}

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

rmSync("reports", { recursive: true, force: true });
mkdirSync("reports", { recursive: true });

const checks: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
function check(ok: boolean, step: string): boolean {
  if (ok) checks.passed++;
  else {
    checks.failed++;
    failedSteps.push(step);
  }
  return ok;
}

check(run("typecheck", "npm", ["run", "--silent", "typecheck"]), "typecheck (see its output above)");
check(run("lint", "npm", ["run", "--silent", "lint"]), "lint (see its output above)");
check(run("formatting", "npx", ["prettier", "--check", "."]), "formatting (run npm run format)");
run("unit and integration tests (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=reports/vitest.json",
]);
const built = check(run("production build", "npm", ["run", "--silent", "build"]), "production build");
let browserReady = false;
if (built) {
  browserReady = check(ensureChromium(), "Chromium for the end-to-end tests");
  if (browserReady) {
    console.log(`(Chromium: ${chromiumExecutable()})`);
    run("end-to-end tests (playwright)", "npx", ["playwright", "test"]);
  }
}

const vitest = readJson("reports/vitest.json");
const playwright = browserReady ? readJson("reports/playwright.json") : undefined;
const report = { vitest, playwright, expectPlaywright: browserReady, requireAll };
const skips = listSkips(report);
if (skips.length) console.log(`\nSkipped:\n${skips.join("\n")}`);
const failures = listFailures({ ...report, failedSteps });
if (failures.length) console.log(`\nFailed:\n${failures.join("\n")}`);
const line = summarize({ ...report, checks });
console.log(`\n${line.text}`);
process.exit(line.ok ? 0 : 1);
