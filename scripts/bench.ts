// `npm run bench`: build, serve the production build on loopback, measure the initial JS of
// the public pages (bytes after brotli), run Lighthouse (mobile, median of N) on every public
// route, time Markdown rendering (pathological inputs, and other requests while an admin
// previews them), run the backend benchmarks (REST, sign-in, the admin's leads pages at 100,000
// leads), and write docs/benchmarks.md.
//   npm run bench -- --runs 3 --only /,/precos --skip-lighthouse --skip-backend --skip-markdown --skip-leads
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sitePages } from "../app/content/pages.ts";
import { lighthouseMedian, type LighthouseScores } from "./bench/lighthouse.ts";
import { startServer } from "./bench/serve.ts";
import { readStoredSigningKey } from "../server/backend/keys.ts";
import { BUILD_DIR } from "./build-info.ts";
import { chromiumIsPresent } from "./chromium.ts";
import { HOME_JS_BUDGET_BYTES, measureScripts } from "./js-size.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-backend": { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    "skip-markdown": { type: "boolean", default: false },
    "skip-leads": { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);

const BENCHMARKS_FILE = "docs/benchmarks.md";

/** A section's "## " heading, which names it across runs. */
const headingOf = (section: string) => section.split("\n", 1)[0] ?? "";

/**
 * The sections of this run, in the file's order, plus the previous file's sections this run
 * skipped (--skip-lighthouse and friends), each marked with the date it was measured, so a
 * partial run never drops numbers it did not measure again.
 */
function keepSkippedSections(fresh: string[]): string[] {
  if (!existsSync(BENCHMARKS_FILE)) return fresh;
  const previous = readFileSync(BENCHMARKS_FILE, "utf8");
  const measured = /on (\d{4}-\d\d-\d\d)/.exec(previous)?.[1] ?? "an earlier run";
  const old = previous
    .split(/\n(?=## )/)
    .slice(1)
    .map((section) => section.trimEnd());
  const freshHeadings = new Set(fresh.map(headingOf));
  const result: string[] = [];
  for (const section of old) {
    const heading = headingOf(section);
    if (freshHeadings.has(heading)) {
      result.push(fresh.find((s) => headingOf(s) === heading)!);
    } else {
      const note = /^_Kept from the run of /m.test(section)
        ? ""
        : `\n\n_Kept from the run of ${measured}: this run skipped it._`;
      result.push(section.replace(/^(## .*)$/m, `$1${note}`));
    }
  }
  for (const section of fresh) if (!old.some((s) => headingOf(s) === headingOf(section))) result.push(section);
  return result;
}

/**
 * An access token of the admin that the first start created: its password is printed once in
 * the server's output, and the anon key is in the data directory's key file.
 */
async function seededAdminToken(origin: string, output: string, dataDir: string): Promise<string> {
  const credentials = /Admin account created[^:]*: (\S+) \/ (\S+)/.exec(output);
  const key = await readStoredSigningKey(dataDir);
  if (!credentials || !key) throw new Error("bench: the server printed no admin credentials on its first start");
  const response = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key.anon_key, "Content-Type": "application/json" },
    body: JSON.stringify({ email: credentials[1], password: credentials[2] }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`bench: admin sign-in failed (${response.status})`);
  return body.access_token;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!values["skip-build"]) execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });

const server = await startServer(3400);
const sections: string[] = [];
try {
  // Public routes: the static pages, the blog and one post page.
  const paths = sitePages.map((page) => page.path);
  const blog = await fetch(`${server.origin}/blog`);
  if (blog.ok) {
    if (!paths.includes("/blog")) paths.push("/blog");
    const post = /href="(\/blog\/[^"#?]+)"/.exec(await blog.text())?.[1];
    if (post) paths.push(post);
  }
  const selected = values.only ? values.only.split(",") : paths;

  const sizeRows: string[] = [];
  for (const path of selected) {
    const html = await (await fetch(`${server.origin}${path}`)).text();
    const { files, totalRaw, totalBrotli } = measureScripts(html, join(BUILD_DIR, "client"));
    sizeRows.push(`| \`${path}\` | ${files.length} | ${kb(totalRaw)} | ${kb(totalBrotli)} |`);
    if (path === "/") {
      const status = totalBrotli <= HOME_JS_BUDGET_BYTES ? "within" : "OVER";
      console.log(`initial JS of /: ${totalBrotli} bytes brotli (${status} the ${kb(HOME_JS_BUDGET_BYTES)} budget)`);
    }
  }
  sections.push(
    [
      "## Initial JavaScript per page",
      "",
      `Module scripts and modulepreloads referenced by each page's HTML, brotli q11. Budget for \`/\`: ${kb(HOME_JS_BUDGET_BYTES)} (asserted by tests/e2e/budget.spec.ts).`,
      "",
      "| page | files | raw | brotli |",
      "|---|---|---|---|",
      ...sizeRows,
    ].join("\n"),
  );

  if (!values["skip-lighthouse"]) {
    if (!chromiumIsPresent()) throw new Error("Chromium not found: install Debian's chromium or set CHROME_PATH.");
    const rows: LighthouseScores[] = [];
    for (const path of selected) {
      const scores = await lighthouseMedian(`${server.origin}${path}`, runs);
      console.log(
        `lighthouse ${path}: perf ${scores.performance} a11y ${scores.accessibility} bp ${scores.bestPractices} seo ${scores.seo}`,
      );
      rows.push({ ...scores, url: path });
    }
    sections.push(
      [
        `## Lighthouse, mobile (median of ${runs})`,
        "",
        "Lighthouse 13 default mobile preset (simulated throttling) against the production server on loopback.",
        "",
        "| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |",
        "|---|---|---|---|---|---|---|---|",
        ...rows.map(
          (r) =>
            `| \`${r.url}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} |`,
        ),
      ].join("\n"),
    );
  }

  if (!values["skip-markdown"]) {
    const { benchMarkdown } = await import("./bench/markdown.ts");
    sections.push(
      await benchMarkdown(server.origin, await seededAdminToken(server.origin, server.output(), server.dataDir)),
    );
  }
} finally {
  await server.stop();
}

if (!values["skip-backend"] && existsSync("scripts/bench/backend.ts")) {
  const { benchBackend } = (await import("./bench/backend.ts")) as { benchBackend: () => Promise<string> };
  sections.push(await benchBackend());
}

if (!values["skip-leads"]) {
  const { benchLeadsPage, LEADS_PAGE_TABLE_HEADER, LEADS_PAGE_TARGET_MS } = await import("./bench/leads.ts");
  sections.push(
    [
      "## Admin leads list at 100,000 leads",
      "",
      `One page of 50, newest first, with the query the admin screen sends (supabase-js as a signed-in admin, row-level security applied), in process; median of 5. Target: under ${LEADS_PAGE_TARGET_MS} ms.`,
      "",
      ...LEADS_PAGE_TABLE_HEADER,
      ...(await benchLeadsPage()),
    ].join("\n"),
  );
}

const today = new Date().toISOString().slice(0, 10);
const header = [
  "# Benchmarks",
  "",
  `Written by \`npm run bench\` on ${today} (${cpus().length} cores, Node ${process.version}).`,
  "Timings vary between runs on a shared machine; byte sizes do not.",
].join("\n");
writeFileSync(BENCHMARKS_FILE, `${[header, ...keepSkippedSections(sections)].join("\n\n")}\n`);
console.log("wrote docs/benchmarks.md");
