// `npm run bench`: build, serve the production build on loopback, measure the initial JS of
// the public pages (bytes after brotli), run Lighthouse (mobile, median of N) on every public
// route, time Markdown rendering (pathological inputs, and other requests while an admin
// previews them), run the backend benchmarks (REST, sign-in, the admin's leads pages at 100,000
// leads), and write docs/benchmarks.md.
// Then the blog's dynamic pages under load (requests/s, p99, a publish's delay, SIGTERM under
// load, 10,000 posts), the editorial blog's tag, author and search pages at 10,000 posts,
// analytics (ingestion beside /blog, two instances, the dashboard at 1,000,000 events),
// backup, restore and the move to PostgreSQL of 1,000 posts and 10,000 leads, and image uploads
// and a flood of new image renditions beside page serving, then 50 concurrent sign-ins beside it;
// a change of the site settings.
//   npm run bench -- --runs 3 --cpu-slowdown 2 --only /,/precos --skip-lighthouse --skip-backend --skip-markdown --skip-leads --skip-analytics --skip-dynamic --skip-backup --skip-uploads --skip-renders --skip-sign-ins --skip-heavy-image --skip-settings --skip-editorial
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { publicPages } from "../app/content/pages.ts";
import { lighthouseMedian, type LighthouseScores } from "./bench/lighthouse.ts";
import { LONG_TASK_MS } from "./bench/main-thread.ts";
import { median } from "./bench/median.ts";
import { startServer } from "./bench/serve.ts";
import { freePort } from "../server/backend/testing/postgres-cluster.ts";
import { readStoredSigningKey } from "../server/backend/keys.ts";
import { BUILD_DIR } from "./build-info.ts";
import { chromiumIsPresent } from "./chromium.ts";
import {
  ADMIN_INITIAL_JS_BEFORE_EDITOR_BYTES,
  ADMIN_INITIAL_JS_BUDGET_BYTES,
  measureScripts,
  measureStylesheets,
  PUBLIC_PAGE_WITH_ANALYTICS_JS_BUDGET_BYTES,
} from "./js-size.ts";
import { measureAdminJs } from "./bench/admin-js.ts";
import { SERVER_RUNTIME, sectionsOf } from "./bench/section.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    // Lighthouse's default is 4; its throttling guide suggests less on a slower host.
    "cpu-slowdown": { type: "string" },
    only: { type: "string" },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-backend": { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    "skip-markdown": { type: "boolean", default: false },
    "skip-leads": { type: "boolean", default: false },
    "skip-analytics": { type: "boolean", default: false },
    "skip-dynamic": { type: "boolean", default: false },
    "skip-backup": { type: "boolean", default: false },
    "skip-uploads": { type: "boolean", default: false },
    "skip-renders": { type: "boolean", default: false },
    "skip-sign-ins": { type: "boolean", default: false },
    "skip-heavy-image": { type: "boolean", default: false },
    "skip-settings": { type: "boolean", default: false },
    "skip-editorial": { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const cpuSlowdown = values["cpu-slowdown"] === undefined ? undefined : Number(values["cpu-slowdown"]);
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error("--cpu-slowdown must be a number, at least 1");

const BENCHMARKS_FILE = "docs/benchmarks.md";

/**
 * A section's "## " heading, which names it across runs, without a trailing note in brackets
 * ("(median of 3)"), so a run with other settings replaces the section instead of adding one.
 */
const headingOf = (section: string) => (section.split("\n", 1)[0] ?? "").replace(/ \(.*\)$/, "");

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

/**
 * The previous docs/benchmarks.md's row of each page in the table under `heading`, split into
 * cells (page first), to print beside this run's numbers.
 */
function previousRows(heading: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  if (!existsSync(BENCHMARKS_FILE)) return rows;
  const section = readFileSync(BENCHMARKS_FILE, "utf8")
    .split(/\n(?=## )/)
    .find((part) => part.startsWith(heading));
  for (const line of section?.split("\n") ?? []) {
    const cells = line.split("|").map((cell) => cell.trim());
    const page = /^`([^`]+)`$/.exec(cells[1] ?? "")?.[1];
    if (page) rows.set(page, cells.slice(1, -1));
  }
  return rows;
}

if (!values["skip-build"]) execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });

// A free port: another checkout may be benchmarking on this machine at the same time.
const server = await startServer(await freePort());
const sections: string[] = [];

/**
 * Requests once every resized image a page shows, as phones ask for them (AVIF). A live site
 * keeps each resize on disk after its first request; without this the first of the Lighthouse
 * runs of a page would time the resize (about 150 ms in sharp), not the page.
 */
async function warmImages(html: string): Promise<void> {
  const urls = new Set(
    [...html.matchAll(/\/storage\/v1\/render\/image\/[^"\s,]+/g)].map((match) => match[0].replaceAll("&amp;", "&")),
  );
  await Promise.all(
    [...urls].map(async (url) => {
      const response = await fetch(`${server.origin}${url}`, { headers: { accept: "image/avif,image/webp,*/*" } });
      await response.arrayBuffer();
    }),
  );
}
try {
  // Public routes: every page of the registry that is not a React app (ADR 048), one post for
  // /blog/:slug and an unknown path for the not-found page.
  const paths = publicPages.flatMap((page) => (/[:*]/.test(page.path) ? [] : [page.path]));
  const blog = await fetch(`${server.origin}/blog`);
  if (blog.ok) {
    const post = /href="(\/blog\/[^"#?]+)"/.exec(await blog.text())?.[1];
    if (post) paths.push(post);
  }
  const NOT_FOUND_PATH = "/esta-pagina-nao-existe";
  paths.push(NOT_FOUND_PATH);
  const selected = values.only ? values.only.split(",") : paths;

  // The previous run's numbers, printed beside this run's (posts and the not-found URL may differ).
  const previousJs = previousRows("## Initial JavaScript per page");
  const previousLighthouse = previousRows("## Lighthouse");
  const sizeRows: string[] = [];
  for (const path of selected) {
    const html = await (await fetch(`${server.origin}${path}`)).text();
    await warmImages(html);
    const { files, totalBrotli } = measureScripts(html, join(BUILD_DIR, "client"));
    const css = measureStylesheets(html, join(BUILD_DIR, "client"));
    // The table had page, files, raw, brotli before ADR 048; page, files, brotli, … since.
    const old = previousJs.get(path);
    const before = (old?.length === 4 ? old[3] : old?.[2])?.replace(" **over budget**", "") ?? "–";
    // Rows written before the CSS column have four cells: no CSS to compare with.
    const cssBefore = old && old.length >= 5 ? old[4] : "–";
    const status = totalBrotli <= PUBLIC_PAGE_WITH_ANALYTICS_JS_BUDGET_BYTES ? "" : " **over budget**";
    sizeRows.push(
      `| \`${path}\` | ${files.length} | ${kb(totalBrotli)}${status} | ${before} | ${kb(css.totalBrotli)} | ${cssBefore} |`,
    );
    console.log(`JS of ${path}: ${totalBrotli} bytes brotli, CSS ${css.totalBrotli}`);
  }
  sections.push(
    [
      "## Initial JavaScript per page",
      "",
      `Module scripts and modulepreloads referenced by each page's HTML, and its stylesheets, brotli q11. Budget for every public page, the analytics included: ${kb(PUBLIC_PAGE_WITH_ANALYTICS_JS_BUDGET_BYTES)} of JavaScript (asserted by tests/e2e/budget.spec.ts). "Before": the previous run's JavaScript and CSS.`,
      "",
      "| page | files | brotli | before | CSS brotli | CSS before |",
      "|---|---|---|---|---|---|",
      ...sizeRows,
    ].join("\n"),
  );

  // The admin's initial JavaScript (issue #37): one row, against main's before the editor.
  const admin = await measureAdminJs(server.origin, BUILD_DIR);
  const adminBefore = previousRows("## Admin initial JavaScript").get("/admin")?.[2] ?? "–";
  const adminStatus = admin.totalBrotli <= ADMIN_INITIAL_JS_BUDGET_BYTES ? "" : " **over budget**";
  console.log(`JS of /admin: ${admin.totalBrotli} bytes brotli`);
  sections.push(
    [
      "## Admin initial JavaScript",
      "",
      `What the /admin document loads before any interaction (entry, route chunks, modulepreloads), brotli q11. Budget: ${kb(ADMIN_INITIAL_JS_BUDGET_BYTES)}, 10 % over the ${kb(ADMIN_INITIAL_JS_BEFORE_EDITOR_BYTES)} before the full-screen editor (asserted by tests/e2e/budget.spec.ts). "Before": the previous run.`,
      "",
      "| page | files | brotli | before |",
      "|---|---|---|---|",
      `| \`/admin\` | ${admin.files.length} | ${kb(admin.totalBrotli)}${adminStatus} | ${adminBefore} |`,
    ].join("\n"),
  );

  if (!values["skip-lighthouse"]) {
    if (!chromiumIsPresent()) throw new Error("Chromium not found: install Debian's chromium or set CHROME_PATH.");
    const rows: LighthouseScores[] = [];
    // Lighthouse does not score a page answered 404 (it reports 0 with "the page returned
    // 404"); the not-found page's bytes are measured above, and its axe checks run in tests.
    for (const path of selected.filter((selectedPath) => selectedPath !== NOT_FOUND_PATH)) {
      const scores = await lighthouseMedian(`${server.origin}${path}`, runs, cpuSlowdown);
      console.log(
        `lighthouse ${path}: perf ${scores.performance} a11y ${scores.accessibility} bp ${scores.bestPractices} seo ${scores.seo}`,
      );
      rows.push({ ...scores, url: path });
    }
    const indexes = rows.map((r) => r.benchmarkIndex);
    const middleIndex = Math.round(median(indexes));
    const noindexRows = publicPages
      .filter((page) => "noindex" in page && page.noindex && rows.some((row) => row.url === page.path))
      .map((page) => `\`${page.path}\``);
    sections.push(
      [
        `## Lighthouse, mobile (median of ${runs})`,
        "",
        cpuSlowdown === undefined
          ? "Lighthouse 13 default mobile preset (simulated throttling, CPU slowdown 4x) against the production server on loopback."
          : `Lighthouse 13 mobile preset (simulated throttling) with a CPU slowdown of ${cpuSlowdown}x instead of its default 4x, against the production server on loopback.`,
        "",
        // Lighthouse's guide places a benchmarkIndex of 1000-1500 in its low-end desktop class,
        // where 2x (not 4x) emulates its mid-tier phone; timings here depend on it.
        `This machine's CPU/Memory power (Lighthouse's benchmarkIndex), median of the runs: ${middleIndex} (${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))} across routes). Lighthouse's [throttling guide](https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md#cpu-throttling) calibrates its 4x slowdown on a desktop of 1500–2000 and suggests 2x on one of 1000–1500.`,
        "",
        `TBT: the median, and in brackets the lowest and highest of the ${runs} runs. Before: the previous run's performance, LCP, TBT and CLS.`,
        "",
        `Main thread: the page's tasks of ${LONG_TASK_MS} ms or more, from its navigation to its load event, in Lighthouse's trace (medians of the runs): the thread's CPU time in them, of their wall-clock length. The simulation slows down the wall-clock length, so time a task spent waiting for a core on this machine counts as the page's work (scripts/bench/main-thread.ts, ADR 058).`,
        "",
        ...(noindexRows.length > 0
          ? [
              `SEO below 100 on ${noindexRows.join(", ")} is by design: the page registry (app/content/pages.ts) keeps such a page out of search results (robots noindex), and Lighthouse's "Page is blocked from indexing" audit counts that against it.`,
              "",
            ]
          : []),
        "| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | main thread | before |",
        "|---|---|---|---|---|---|---|---|---|---|",
        ...rows.map((r) => {
          const old = previousLighthouse.get(r.url ?? "");
          // A TBT cell holds its range since 2026-11-26; "before" keeps the median only.
          const before = old ? [old[1], old[5], old[6]?.replace(/ \(.*\)$/, ""), old[7]].join(" / ") : "–";
          const [lowest, highest] = r.tbtRangeMs.map(Math.round);
          const mainThread = r.mainThread
            ? `${Math.round(r.mainThread.cpuMs)} of ${Math.round(r.mainThread.wallMs)} ms`
            : "–";
          return `| \`${r.url}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms (${lowest}–${highest}) | ${r.cls.toFixed(3)} | ${mainThread} | ${before} |`;
        }),
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

if (!values["skip-backend"]) sections.push(...sectionsOf("scripts/bench/backend.ts", SERVER_RUNTIME));

if (!values["skip-dynamic"]) {
  const { benchDynamicPages } = await import("./bench/dynamic.ts");
  sections.push(await benchDynamicPages());
}

if (!values["skip-settings"]) {
  const { benchSiteSettings } = await import("./bench/settings.ts");
  sections.push(await benchSiteSettings());
}

if (!values["skip-editorial"]) {
  // In a process of its own: its load generator reads 16 KB pages at 15,000 a second, and in this
  // process, grown by the sections before it, that reading cost enough to lower the ratios it
  // reports by a sixth (0.69–0.81 here against 0.83–0.89 alone, the same server).
  sections.push(...sectionsOf("scripts/bench/editorial.ts"));
}

if (!values["skip-leads"]) sections.push(...sectionsOf("scripts/bench/leads.ts", SERVER_RUNTIME));

if (!values["skip-analytics"]) sections.push(...sectionsOf("scripts/bench/analytics.ts", SERVER_RUNTIME));

if (!values["skip-backup"]) {
  const { benchBackup } = await import("./bench/backup.ts");
  sections.push(await benchBackup());
}

if (!values["skip-uploads"]) {
  const { benchUploads } = await import("./bench/uploads.ts");
  sections.push(await benchUploads());
}

if (!values["skip-renders"]) {
  const { benchRenderFlood } = await import("./bench/renders.ts");
  sections.push(await benchRenderFlood());
}

if (!values["skip-sign-ins"]) {
  const { benchSignIns } = await import("./bench/sign-ins.ts");
  sections.push(await benchSignIns());
}

if (!values["skip-heavy-image"] && chromiumIsPresent()) {
  const { benchHeavyImage } = await import("./bench/heavy-image.ts");
  sections.push(await benchHeavyImage(runs));
}

const today = new Date().toISOString().slice(0, 10);
const header = [
  "# Benchmarks",
  "",
  `Written by \`npm run bench\` on ${today} (${cpus().length} cores, Node ${process.version}).`,
  "Timings vary between runs on a shared machine; byte sizes do not. Servers, and the sections that",
  "open the database in their own process, run with the server's V8 flags (server/runtime-settings.ts).",
].join("\n");
writeFileSync(BENCHMARKS_FILE, `${[header, ...keepSkippedSections(sections)].join("\n\n")}\n`);
console.log("wrote docs/benchmarks.md");
