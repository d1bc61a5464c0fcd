// The stylesheet of a script-free page, written into the page
// (docs/decisions/058-inline-stylesheet-on-script-free-pages.md).
//
// A page without scripts fires DOMContentLoaded as soon as its HTML is parsed, stylesheet or
// not. In Lighthouse traces Chromium laid such a page out at that event (because of the controls
// of the demo form that ends each page, as the ADR shows), unstyled while the linked file was on
// its way, then again after the first paint once it landed: on /blog an unstyled 1200-pixel
// image even widened that first layout to 1249 pixels on a 412-pixel phone. With the rules in
// the document the first layout is the only one. Measured with Lighthouse mobile
// (docs/benchmarks.md).
//
// Only pages without scripts (`data-client="none"`, app/lib/document-client.ts) are rewritten,
// and those whose only script is the analytics' (docs/decisions/073-cookieless-analytics.md): the
// analytics add their script and nothing else, so these pages still paint after the same
// requests. On pages with behaviour the module scripts already hold DOMContentLoaded until the
// file has arrived, and the file stays cached from page to page; on /auth and /admin React owns
// the <head>.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const PUBLIC_DOCUMENT =
  /^\s*<!DOCTYPE html>\s*<html\b[^>]*\bdata-client=("none"|"enhanced" data-scripts="analytics")[\s>]/i;
// One file name under /assets, as Vite writes them: nothing that could climb out of the folder.
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[\w-]+\.css)"\/>/g;

/** A stylesheet as it is written into pages, prepared once per file. */
export interface InlineStylesheet {
  /** The <style> element holding it. */
  element: string;
  /** The element as UTF-8, as it is served. */
  bytes: Uint8Array;
  /** Whether its text holds "<script", which a scan for inline scripts would stop at. */
  mentionsScript: boolean;
}

export type StylesheetReader = (href: string) => InlineStylesheet | undefined;

/**
 * Reads (once) the stylesheets of a client build by their /assets URL; undefined when absent or
 * when its text would end the <style> element early.
 */
export function stylesheetReader(clientDir: string): StylesheetReader {
  const cache = new Map<string, InlineStylesheet | undefined>();
  return (href) => {
    if (!cache.has(href)) {
      let css: string | undefined;
      try {
        css = readFileSync(join(clientDir, href), "utf8");
      } catch {
        css = undefined;
      }
      const element = `<style>${css}</style>`;
      cache.set(
        href,
        css === undefined || /<\/style/i.test(css)
          ? undefined
          : { element, bytes: new TextEncoder().encode(element), mentionsScript: /<\/?script/i.test(css) },
      );
    }
    return cache.get(href);
  };
}

/** A stylesheet link of a public page that is written in, and what takes its place. */
export interface InlinableLink {
  start: number;
  end: number;
  stylesheet: InlineStylesheet;
}

/**
 * The stylesheet links of a document that are written in, in order: each linked /assets
 * stylesheet of a public page that the reader has. None for any other document.
 */
export function inlinableLinks(html: string, read: StylesheetReader): InlinableLink[] {
  if (!PUBLIC_DOCUMENT.test(html)) return [];
  const links: InlinableLink[] = [];
  for (const match of html.matchAll(STYLESHEET_LINK)) {
    const stylesheet = read(match[1]!);
    if (stylesheet) links.push({ start: match.index, end: match.index + match[0].length, stylesheet });
  }
  return links;
}

/** The document with each link of inlinableLinks replaced by a <style> element holding its stylesheet. */
export function inlineStylesheets(html: string, read: StylesheetReader): string {
  let out = "";
  let last = 0;
  for (const link of inlinableLinks(html, read)) {
    out += html.slice(last, link.start) + link.stylesheet.element;
    last = link.end;
  }
  return last === 0 ? html : out + html.slice(last);
}
