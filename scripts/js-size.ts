// Measures the JavaScript a page makes the browser load before it is interactive: every
// module script and modulepreload in its HTML, brotli-compressed at the quality we ship
// (q11, as scripts/postbuild.ts writes them). Used by the byte-budget test and `npm run bench`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

export const HOME_JS_BUDGET_BYTES = 110 * 1024;

/**
 * The cap on every public page's initial JavaScript (each page of the registry's sitemap, /blog
 * and a post). Today each ships the React app, 103–118 KB brotli (/integracoes the most); the
 * public-pages issue cuts that below 20 KB and lowers this cap to 20 KB. Until then the cap
 * sits a few KB above the largest page, so an accidental new dependency fails the test.
 */
export const PUBLIC_PAGE_JS_BUDGET_BYTES = 124 * 1024;

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
