import { expect, test } from "./fixtures";

// The browser under test is part of the harness (scripts/chromium.ts): it must not spend the
// machine's two cores on Chromium's own pages while the site is being tested.
test("the test browser opens no omnibox-popup pages of its own", async ({ browser, page }) => {
  await page.goto("/");
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  await session.detach();
  const chromePages = targetInfos.map((target) => target.url).filter((url) => url.startsWith("chrome://"));
  expect(chromePages).toEqual([]);
  expect(targetInfos.some((target) => target.url.endsWith("/"))).toBe(true);
});
