// Prerendered pages served from memory, with the site's origin put in at start. The build
// renders them with a placeholder origin (BUILD_ORIGIN in app/content/site-config.ts) wherever
// a page names its own URL (canonical, Open Graph, JSON-LD); this module replaces it with the
// SITE_URL the server was started with, so one build serves any origin
// (docs/decisions/067-site-url-at-start.md), then hands each page to the document pipeline
// (document.ts) with the effort of a copy made once: brotli 11 and gzip 9, both made at start.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { DocumentPipeline, PreparedDocument } from "./document.ts";

export interface OriginSubstitution {
  /** The origin the build rendered with. */
  placeholder: string;
  /** The origin to serve: SITE_URL, without a trailing slash. */
  origin: string;
}

/** The headers of a prerendered page besides those the pipeline gives it. */
export const PRERENDERED_HEADERS: readonly [string, string][] = [
  ["Content-Type", "text/html; charset=utf-8"],
  // Pages keep their URL across deploys: always revalidate (cheap, with the ETag).
  ["Cache-Control", "public, max-age=0, must-revalidate"],
];

/** `/sobre`, `/sobre/` and `/sobre/index.html` for sobre/index.html; `/` and `/index.html` for the root. */
function pathsOf(file: string): string[] {
  const dir = file.replace(/(^|\/)index\.html$/, "");
  if (dir === file) return [`/${file}`];
  return dir === "" ? ["/", "/index.html"] : [`/${dir}`, `/${dir}/`, `/${file}`];
}

/** Every .html file of the client build, prepared and compressed, by the paths that serve it. */
export async function loadPrerenderedPages(
  root: string,
  pipeline: DocumentPipeline,
  substitution: OriginSubstitution | undefined,
): Promise<Map<string, PreparedDocument>> {
  const files = readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
  const pages = new Map<string, PreparedDocument>();
  await Promise.all(
    files.map(async (file) => {
      let text = readFileSync(file, "utf8");
      if (substitution) text = text.replaceAll(substitution.placeholder, substitution.origin);
      const page = pipeline({ text, html: true }, "once");
      await Promise.all([page.variant("br"), page.variant("gzip")]);
      for (const path of pathsOf(relative(root, file))) pages.set(path, page);
    }),
  );
  return pages;
}
