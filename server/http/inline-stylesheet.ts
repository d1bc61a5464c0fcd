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

/** Reads (once) the stylesheets of a client build by their /assets URL; undefined when absent. */
export function stylesheetReader(clientDir: string): (href: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (href) => {
    if (!cache.has(href)) {
      let css: string | undefined;
      try {
        css = readFileSync(join(clientDir, href), "utf8");
      } catch {
        css = undefined;
      }
      cache.set(href, css);
    }
    return cache.get(href);
  };
}

/**
 * The document with each linked /assets stylesheet replaced by a <style> element holding it, if
 * the document is a public page. A stylesheet that cannot be read, or whose text would end the
 * element early, stays a link.
 */
export function inlineStylesheets(html: string, read: (href: string) => string | undefined): string {
  if (!PUBLIC_DOCUMENT.test(html)) return html;
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}
