// Measures the JavaScript a page makes the browser load before it is interactive: every
// module script and modulepreload in its HTML, brotli-compressed at the quality we ship
// (q11, as scripts/postbuild.ts writes them). Used by the byte-budget test and `npm run bench`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

/**
 * The caps on every public page's JavaScript (each page of the registry that is not a React app).
 * Public pages load no React, no router and no supabase-js, only their enhancement modules
 * (docs/decisions/048-public-pages-without-app-bundle.md) and the analytics, which every page
 * carries (docs/decisions/073-cookieless-analytics.md): at most 6 KB in all, the analytics' own
 * script at most 2.5 KB. The site-wide budget of 20 KB stays far above.
 */
export const PUBLIC_PAGE_WITH_ANALYTICS_JS_BUDGET_BYTES = 6 * 1024;
export const ANALYTICS_JS_BUDGET_BYTES = 2.5 * 1024;

/**
 * The admin's initial JavaScript (what /admin loads before any interaction: entry, route chunks,
 * modulepreloads) on main before the full-screen editor (issue #37), and its cap: 10 % more. The
 * editor's heavier parts (previews, history) load on demand and are not counted.
 */
export const ADMIN_INITIAL_JS_BEFORE_EDITOR_BYTES = 235_845;
export const ADMIN_INITIAL_JS_BUDGET_BYTES = Math.round(ADMIN_INITIAL_JS_BEFORE_EDITOR_BYTES * 1.1);

/**
 * Strings that only the bundles of React, React Router and supabase-js contain (checked against
 * the built assets of /auth and /admin, which must still load them): a public page's scripts
 * must contain none of them. Bundle content, not file names, so renaming a chunk cannot hide one.
 */
export const APP_BUNDLE_MARKERS = {
  react: ["react.transitional.element", "__reactProps$", "Minified React error"],
  "react-router": ["__reactRouterContext", "React Router"],
  "supabase-js": ["GoTrueClient", "PostgrestError"],
} as const;

export interface ScriptSize {
  path: string;
  raw: number;
  brotli: number;
}

/** Same-origin /assets/*.js URLs referenced by a document (module scripts, modulepreloads, inline imports). */
export function initialScriptPaths(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) paths.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) paths.add(match[1]!);
  return [...paths].toSorted();
}

export function measureScripts(
  html: string,
  clientDir: string,
): { files: ScriptSize[]; totalRaw: number; totalBrotli: number } {
  const files = initialScriptPaths(html).map((path) => {
    const bytes = readFileSync(join(clientDir, path));
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
    return { path, raw: bytes.byteLength, brotli };
  });
  return {
    files,
    totalRaw: files.reduce((sum, file) => sum + file.raw, 0),
    totalBrotli: files.reduce((sum, file) => sum + file.brotli, 0),
  };
}

/** Contents of the initial scripts, to check that no forbidden library is on a page. */
export function initialScriptSources(html: string, clientDir: string): string {
  return initialScriptPaths(html)
    .map((path) => readFileSync(join(clientDir, path), "utf8"))
    .join("\n");
}

/**
 * The stylesheets of a document, brotli-compressed like the scripts: the files it links
 * (same-origin /assets/*.css) and what it carries in <style> elements (script-free public pages
 * get theirs inline: server/http/inline-stylesheet.ts).
 */
export function measureStylesheets(html: string, clientDir: string): { files: ScriptSize[]; totalBrotli: number } {
  const paths = [...new Set([...html.matchAll(/<link [^>]*href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1]!))];
  const sheets = [
    ...paths.map((path) => ({ path, bytes: readFileSync(join(clientDir, path)) })),
    ...[...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => ({
      path: "<style>",
      bytes: Buffer.from(match[1]!),
    })),
  ];
  const files = sheets.map(({ path, bytes }) => {
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
    return { path, raw: bytes.byteLength, brotli };
  });
  return { files, totalBrotli: files.reduce((sum, file) => sum + file.brotli, 0) };
}
