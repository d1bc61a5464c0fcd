import { join } from "node:path";
import { HOME_JS_BUDGET_BYTES, initialScriptSources, measureScripts } from "../../scripts/js-size.ts";
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

test("the home page's initial JavaScript holds no data client, query cache or Markdown renderer", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const sources = initialScriptSources(html, clientDir);
  for (const marker of ["GoTrueClient", "PostgrestClient", "supabase", "QueryClient", "marked", "sanitize-html"]) {
    expect(sources, `found "${marker}"`).not.toContain(marker);
  }
});
