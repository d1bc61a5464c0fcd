// What the analytics add to a public page (app/root.tsx): their module script and the
// `<noscript>` pixel, both marked `data-analytics`, and the name "analytics" in <html
// data-scripts>. Pages are prerendered with them; with ANALYTICS=0 the document pipeline
// (document.ts) takes them out again, so the page is served as if they had never been there: a
// page left without scripts becomes data-client="none" and gets its stylesheet written in
// (ADR 058) like any script-free page.

const SCRIPT = /<script type="module" src="[^"]*" data-analytics=""><\/script>/g;
const PIXEL = /<noscript data-analytics="">[\s\S]*?<\/noscript>/g;
const HTML_TAG = /^(\s*<!DOCTYPE html>\s*)(<html\b[^>]*>)/i;

export function withoutAnalytics(html: string): string {
  if (!html.includes('data-analytics=""')) return html;
  const stripped = html.replace(SCRIPT, "").replace(PIXEL, "");
  return stripped.replace(HTML_TAG, (_match, doctype: string, tag: string) => {
    let rest: string[] = [];
    let updated = tag.replace(/\sdata-scripts="([^"]*)"/, (_attribute, list: string) => {
      rest = list.split(" ").filter((name) => name !== "" && name !== "analytics");
      return rest.length > 0 ? ` data-scripts="${rest.join(" ")}"` : "";
    });
    if (rest.length === 0) updated = updated.replace('data-client="enhanced"', 'data-client="none"');
    return doctype + updated;
  });
}
