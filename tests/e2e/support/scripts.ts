import { expect, type Page } from "@playwright/test";

/**
 * Follows the scripts a page fetches (a script fetched twice counts twice) and returns a function
 * that reads their sources, as [url, source] pairs in the order they came. The sources come from
 * the server, not the browser: a body asked of the browser after the page has moved on is gone,
 * and taking it for empty would let any check of what a script contains pass.
 */
export function collectScripts(page: Page): () => Promise<[url: string, source: string][]> {
  const urls: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) urls.push(response.url());
  });
  const sources = new Map<string, Promise<string>>();
  const read = (url: string) => {
    const known = sources.get(url);
    if (known) return known;
    const source = page.request.get(url).then(async (res) => {
      expect(res.status(), url).toBe(200);
      return res.text();
    });
    sources.set(url, source);
    return source;
  };
  return () => Promise.all(urls.map(async (url): Promise<[string, string]> => [url, await read(url)]));
}
