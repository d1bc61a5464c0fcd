import { join } from "node:path";
import { sitePages } from "../../app/content/pages.ts";
import {
  HOME_JS_BUDGET_BYTES,
  initialScriptSources,
  measureScripts,
  PUBLIC_PAGE_JS_BUDGET_BYTES,
} from "../../scripts/js-size.ts";
import { expect, test } from "./fixtures";

// Byte budgets are deterministic, so they are tests (docs/architecture.md, "Budgets"); timings
// live in `npm run bench`.
const clientDir = join(process.env.BUILD_DIR ?? "build", "client");

test("the initial JavaScript of / is at most 110 KB after brotli", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const { files, totalBrotli } = measureScripts(html, clientDir);
  expect(files.length).toBeGreaterThan(0);
  expect(totalBrotli, files.map((f) => `${f.path} ${f.brotli}`).join("\n")).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
});

test("every public page's initial JavaScript is within the public-page budget", async ({ request }) => {
  // The registry's pages with one URL (/blog among them), and one post found from /blog.
  const blog = await (await request.get("/blog")).text();
  const post = blog.match(/href="(\/blog\/[^"/?#]+)"/)?.[1];
  expect(post, "a post linked from /blog").toBeDefined();
  const paths = [...sitePages.map((page) => page.path), post ?? ""];
  expect(paths).toContain("/blog");

  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const { files, totalBrotli } = measureScripts(html, clientDir);
    expect(files.length, path).toBeGreaterThan(0);
    test.info().annotations.push({ type: "initial JS (brotli bytes)", description: `${path}: ${totalBrotli}` });
    expect(totalBrotli, `${path}\n${files.map((f) => `${f.path} ${f.brotli}`).join("\n")}`).toBeLessThanOrEqual(
      PUBLIC_PAGE_JS_BUDGET_BYTES,
    );
    // No public page (/blog and the posts included) ships supabase-js; blog.spec.ts checks the
    // lazily loaded chunks in the browser too.
    const sources = initialScriptSources(html, clientDir);
    for (const marker of ["GoTrueClient", "PostgrestClient"]) {
      expect(sources.includes(marker), `${path} contains ${marker}`).toBe(false);
    }
  }
});

test("the home page's initial JavaScript holds no data client, query cache or Markdown renderer", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const sources = initialScriptSources(html, clientDir);
  for (const marker of ["GoTrueClient", "PostgrestClient", "supabase", "QueryClient", "marked", "sanitize-html"]) {
    expect(sources, `found "${marker}"`).not.toContain(marker);
  }
});
