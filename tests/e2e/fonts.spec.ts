import { expect, test } from "./fixtures";
import { publicRoutes } from "./support/public-routes";

// Inter comes in two files (app/app.css, docs/decisions/057-font-subset.md): our Latin cut,
// which every page preloads before anything else, and the package's Latin Extended file, a
// family of its own next in the font list, downloaded only by a page with such a character.

const LATIN = /^\/assets\/inter-latin-wght-400-800-[\w-]+\.woff2$/;
const LATIN_EXTENDED = /^\/assets\/inter-latin-ext-wght-normal-[\w-]+\.woff2$/;

test("every public page preloads Inter's Latin file first, before its images", async ({ request }) => {
  for (const route of await publicRoutes(request)) {
    const html = await (await request.get(route.url)).text();
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((match) => match[0]);
    // Requested first, it is usually ready when Chromium first lays the page out (ADR 057).
    expect(preloads[0], route.url).toMatch(/ as="font"/);
    expect(/href="([^"]+)"/.exec(preloads[0] ?? "")?.[1], route.url).toMatch(LATIN);
    expect(
      preloads.filter((link) => link.includes(' as="font"')),
      route.url,
    ).toHaveLength(1);
  }
});

test("a page in Portuguese downloads only Inter's Latin file", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/blog", { waitUntil: "load" });
  const faces = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].map((face) => ({ family: face.family, status: face.status }));
  });
  expect(fonts).toEqual([expect.stringMatching(LATIN)]);
  expect(faces).toContainEqual({ family: "Inter Variable Latin Extended", status: "unloaded" });
});

test("a Latin Extended character, as in a name, is drawn with Inter's Latin Extended file", async ({ page }) => {
  await page.goto("/blog", { waitUntil: "load" });
  const extended = page.waitForRequest((request) => LATIN_EXTENDED.test(new URL(request.url()).pathname));
  // The letters of a name a post could quote (Łukasz Wałęsa) that are outside the Latin file, and
  // only those: whatever draws them is the Latin Extended family or a system font.
  await page.evaluate(() => {
    const name = document.createElement("p");
    name.id = "nome-estrangeiro";
    name.textContent = "Łłę";
    document.querySelector("main")?.append(name);
  });
  await extended;
  await page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family === "Inter Variable Latin Extended" && face.status === "loaded"),
  );
  // Which fonts actually drew the text (DevTools protocol): Inter's file drew all three letters.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "#nome-estrangeiro" });
  await expect
    .poll(async () => {
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      return fonts.map((font) => ({ custom: font.isCustomFont, glyphs: font.glyphCount }));
    })
    .toEqual([{ custom: true, glyphs: 3 }]);
});
