import { join } from "node:path";
import {
  ADMIN_INITIAL_JS_BUDGET_BYTES,
  ANALYTICS_JS_BUDGET_BYTES,
  APP_BUNDLE_MARKERS,
  initialScriptPaths,
  initialScriptSources,
  measureScripts,
  PUBLIC_PAGE_WITH_ANALYTICS_JS_BUDGET_BYTES,
} from "../../scripts/js-size.ts";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";
import { publicRoutes } from "./support/public-routes";
import { collectScripts } from "./support/scripts";

// Byte budgets are deterministic, so they are tests (docs/architecture.md, "Budgets"); timings
// live in `npm run bench`. Public pages ship no React, no router and no supabase-js, only
// their enhancement modules (docs/decisions/048-public-pages-without-app-bundle.md) and the
// analytics' script (docs/decisions/073-cookieless-analytics.md).
const clientDir = join(process.env.BUILD_DIR ?? "build", "client");
const allMarkers = Object.values(APP_BUNDLE_MARKERS).flat();

test("every public page's JavaScript is its enhancement modules and the analytics, at most 6 KB after brotli", async ({
  request,
}) => {
  const routes = await publicRoutes(request);
  expect(routes.map((route) => route.page)).toEqual(expect.arrayContaining(["/", "/blog", "/blog/:slug", "*"]));
  for (const route of routes) {
    const response = await request.get(route.url);
    expect(response.status(), route.url).toBe(route.status);
    const html = await response.text();
    // Exactly one module file per enhancement the registry names: no entry, no modulepreload.
    const paths = initialScriptPaths(html);
    expect(paths.map((path) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(path)?.[1]).toSorted(), route.url).toEqual(
      [...route.scripts].toSorted(),
    );
    expect(html, route.url).not.toContain('rel="modulepreload"');
    const { files, totalBrotli } = measureScripts(html, clientDir);
    test.info().annotations.push({ type: "JS (brotli bytes)", description: `${route.url}: ${totalBrotli}` });
    expect(totalBrotli, `${route.url}\n${files.map((f) => `${f.path} ${f.brotli}`).join("\n")}`).toBeLessThanOrEqual(
      PUBLIC_PAGE_WITH_ANALYTICS_JS_BUDGET_BYTES,
    );
    // Everything the analytics add: one deferred module script (never delaying the first paint).
    // A page the analytics do not count (a preview, whose URL is a secret) loads none.
    const analytics = files.filter((file) => /\/analytics-[\w-]{8}\.js$/.test(file.path));
    if (!route.scripts.includes("analytics")) {
      expect(analytics, route.url).toEqual([]);
      expect(html, route.url).not.toContain("data-analytics");
    } else {
      expect(analytics, route.url).toHaveLength(1);
      expect(analytics[0]!.brotli, route.url).toBeLessThanOrEqual(ANALYTICS_JS_BUDGET_BYTES);
      expect(html, route.url).toContain(
        `<script type="module" src="${analytics[0]!.path}" data-analytics=""></script>`,
      );
    }
    const sources = initialScriptSources(html, clientDir);
    for (const marker of allMarkers) expect(sources.includes(marker), `${route.url} contains ${marker}`).toBe(false);
  }
});

test("the blog, a post, the footer's documents and the not-found page load the analytics only", async ({ request }) => {
  const routes = await publicRoutes(request);
  const analyticsOnly = ["/blog", "/blog/:slug", "/documentacao", "/ajuda", "/privacidade", "/termos", "/lgpd", "*"];
  for (const route of routes.filter((entry) => analyticsOnly.includes(entry.page))) {
    const html = await (await request.get(route.url)).text();
    expect(initialScriptPaths(html), route.url).toEqual([expect.stringMatching(/^\/assets\/analytics-[\w-]{8}\.js$/)]);
    expect(html, route.url).toContain('data-client="enhanced" data-scripts="analytics"');
  }
});

test("a page without behaviour carries its stylesheet; pages with scripts link the cached file", async ({
  request,
}) => {
  // ADR 058: nothing holds a script-free page's DOMContentLoaded until a linked stylesheet
  // arrives, and Chromium lays out a page with a form at that event, unstyled. The analytics'
  // script changes nothing there: such a page still carries it (ADR 073).
  const stylesheet = /<link rel="stylesheet" href="\/assets\/[\w-]+\.css"\/>/;
  const inline = /<style>[\s\S]*--color-primary:[\s\S]*<\/style>/;
  for (const route of await publicRoutes(request)) {
    const html = await (await request.get(route.url)).text();
    const carries = route.scripts.every((name) => name === "analytics");
    expect({ links: stylesheet.test(html), inline: inline.test(html) }, route.url).toEqual({
      links: !carries,
      inline: carries,
    });
  }
  expect(stylesheet.test(await (await request.get("/auth")).text()), "/auth").toBe(true);
});

/** The stylesheets a page links, in order. */
const stylesheetLinks = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" href="(\/assets\/[\w-]+\.css)"\/>/g)].map((match) => match[1]!);

test("public pages' stylesheet leaves the admin's classes out; the admin adds the whole file after it", async ({
  request,
}) => {
  // ADR 102: every script-free page carries its stylesheet, so the admin's classes cost each
  // visitor bytes; the admin links app/app.css whole after app/public.css.
  const [publicSheet] = stylesheetLinks(await (await request.get("/precos")).text());
  const adminSheets = stylesheetLinks(await (await request.get("/admin")).text());
  expect(adminSheets).toHaveLength(2);
  expect(adminSheets[0]).toBe(publicSheet);
  const [publicCss, wholeCss] = await Promise.all(
    [publicSheet!, adminSheets[1]!].map(async (href) => (await request.get(href)).text()),
  );
  // The editor's full-height field (app/components/admin/posts/content-field.tsx).
  const adminOnly = ".h-\\[60dvh\\]{";
  expect(wholeCss).toContain(adminOnly);
  expect(publicCss).not.toContain(adminOnly);
  expect(publicCss!.length).toBeLessThan(wholeCss!.length);
});

test.describe("in the browser", () => {
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("a public page fetches only its enhancement modules, at most 6 KB, and paints after at most 5 requests", async ({
    page,
    request,
  }) => {
    // About twenty pages, each loaded and measured in the browser.
    test.setTimeout(120_000);
    for (const route of await publicRoutes(request)) {
      const scripts = collectScripts(page);
      const response = await page.goto(route.url, { waitUntil: "load" });
      expect(response?.status(), route.url).toBe(route.status);
      await waitForHydration(page);
      const declared = await page
        .locator('script[type="module"][src]')
        .evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).src));
      expect(declared, route.url).toHaveLength(route.scripts.length);
      const fetched = new Map(await scripts());
      expect(
        [...fetched.keys()].filter((url) => !declared.includes(url)),
        `${route.url}: unexpected scripts`,
      ).toEqual([]);
      for (const [url, source] of fetched) {
        for (const marker of allMarkers) expect(source.includes(marker), `${url} contains ${marker}`).toBe(false);
      }
      const timing = await page.evaluate(async () => {
        // The load event can come before the first frame (a preloaded font and an image are all
        // the page waits for): wait for the paint, up to ten seconds, rather than read too early.
        const paint = await new Promise<PerformanceEntry | undefined>((resolve) => {
          const bound = setTimeout(() => resolve(undefined), 10_000);
          new PerformanceObserver((list, observer) => {
            const entry = list.getEntriesByName("first-contentful-paint")[0];
            if (!entry) return;
            observer.disconnect();
            clearTimeout(bound);
            resolve(entry);
          }).observe({ type: "paint", buffered: true });
        });
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const loaded = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
        return {
          // Over the wire: the server sends scripts brotli-compressed.
          scriptBytes: resources
            .filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"))
            .filter((entry) => entry.startTime <= loaded)
            .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
          firstPaint: paint?.startTime ?? null,
          // What the first paint can wait for: the stylesheet and scripts (the font aside).
          // Images never delay a paint, preloaded ones (React hoists a preload for each eager
          // card image) included, and the favicon is the browser's, not the page's; nor
          // does the analytics' beacon, sent after the first frame (which may come before the
          // first contentful one while the font loads).
          beforePaint: resources
            .filter((entry) => paint && entry.startTime < paint.startTime)
            .filter((entry) => !/\.woff2$|\/favicon\.|\/storage\/v1\/render\/image\//.test(entry.name))
            .filter((entry) => entry.initiatorType !== "img")
            .filter((entry) => entry.initiatorType !== "beacon")
            .map((entry) => new URL(entry.name).pathname),
        };
      });
      expect(timing.scriptBytes, route.url).toBeLessThanOrEqual(PUBLIC_PAGE_WITH_ANALYTICS_JS_BUDGET_BYTES);
      expect(timing.firstPaint, `${route.url} painted`).not.toBeNull();
      // The document itself is the first request.
      expect(1 + timing.beforePaint.length, `${route.url}: ${timing.beforePaint.join(", ")}`).toBeLessThanOrEqual(5);
    }
  });
});

test("/auth and /admin still load React, React Router and supabase-js, and hydrate", async ({ page }) => {
  for (const path of ["/auth", "/admin"]) {
    const scripts = collectScripts(page);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-client", "app");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // supabase-js may arrive after hydration (the session check): wait for it to be fetched.
    await expect
      .poll(async () => (await scripts()).some(([, source]) => source.includes("GoTrueClient")), { message: path })
      .toBe(true);
    const all = (await scripts()).map(([, source]) => source).join("\n");
    for (const [library, markers] of Object.entries(APP_BUNDLE_MARKERS)) {
      expect(
        markers.some((marker) => all.includes(marker)),
        `${path} loads ${library}`,
      ).toBe(true);
    }
  }
});

test("the admin's initial JavaScript stays within 10 % of what it was before the full-screen editor", async ({
  request,
}) => {
  const html = await (await request.get("/admin")).text();
  const { files, totalBrotli } = measureScripts(html, clientDir);
  test.info().annotations.push({ type: "JS (brotli bytes)", description: `/admin: ${totalBrotli}` });
  expect(totalBrotli, files.map((f) => `${f.path} ${f.brotli}`).join("\n")).toBeLessThanOrEqual(
    ADMIN_INITIAL_JS_BUDGET_BYTES,
  );
  // The editor's previews load when opened, never with the page (issue #37).
  expect(initialScriptPaths(html).filter((path) => path.includes("share-previews"))).toEqual([]);
});
