import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForDemoForm } from "./support/hydration";
import { collectScripts } from "./support/scripts";

// A fresh embedded database seeds a few published sample posts, so the blog has content.

test("the blog lists published posts, newest first, in a 1/2/3 column grid", async ({ page }) => {
  const response = await page.goto("/blog");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Blog da Omnia/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Blog da Omnia");
  await expect(
    main.getByText("Insights, dicas e novidades sobre atendimento omnichannel e transformação digital", {
      exact: true,
    }),
  ).toBeVisible();

  const list = main.getByRole("list", { name: "Posts publicados" });
  const cards = list.getByRole("listitem");
  expect(await cards.count()).toBeGreaterThan(1);

  // Newest first: the machine-readable dates never increase down the list.
  const dates = await list.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
  expect(dates).toEqual(dates.toSorted().toReversed());
  // Shown in pt-BR, e.g. "5 de março de 2026".
  await expect(list.locator("time").first()).toHaveText(/^\d{1,2} de [a-zç]+ de \d{4}$/);

  // Each card links to its post; title and excerpt are clamped to two lines (the oldest card
  // is a seeded post with an excerpt; other specs only add newer ones).
  const firstLink = cards.last().getByRole("heading", { level: 2 }).getByRole("link");
  await expect(firstLink).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);
  await expect(cards.last().getByRole("heading", { level: 2 })).toHaveCSS("-webkit-line-clamp", "2");
  await expect(cards.last().locator("p").first()).toHaveCSS("-webkit-line-clamp", "2");

  const columns = () => list.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  await page.setViewportSize({ width: 500, height: 900 });
  expect(await columns()).toBe(1);
  await page.setViewportSize({ width: 800, height: 900 });
  expect(await columns()).toBe(2);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await columns()).toBe(3);

  await expectNoAxeViolations(page);
});

test("a post page shows the article with reading time, JSON-LD and link-preview tags", async ({ page }) => {
  await page.goto("/blog");
  // The oldest card is a seeded post: the admin specs, running alongside, only add and remove newer ones.
  const firstCard = page.getByRole("list", { name: "Posts publicados" }).getByRole("listitem").last();
  const title = (await firstCard.getByRole("heading", { level: 2 }).textContent()) ?? "";
  const href = (await firstCard.getByRole("heading", { level: 2 }).getByRole("link").getAttribute("href")) ?? "";

  const response = await page.goto(href);
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(main.getByText(/^\d+ min de leitura$/)).toBeVisible();
  // The post's own date; the related posts below it are articles too.
  await expect(main.locator("article time").first()).toHaveText(/^\d{1,2} de [a-zç]+ de \d{4}$/);
  await expect(main.getByRole("link", { name: "Voltar ao blog" })).toHaveAttribute("href", "/blog");
  await expect(page).toHaveTitle(`${title} | Blog da Omnia`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.{20,}/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const posting = jsonLd
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((d) => d["@type"] === "BlogPosting");
  expect(posting).toMatchObject({ headline: title, inLanguage: "pt-BR" });
  expect(String(posting?.url)).toMatch(new RegExp(`${href}$`));
  expect(posting?.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
  // Google's article rich results need an image: the featured one, else the site's.
  expect(posting?.image).toEqual([expect.stringMatching(/^https?:\/\/.+\.(png|jpe?g|webp|avif)/)]);

  // The body is rendered Markdown (the seed posts have section headings).
  await expect(main.locator("article h2").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("unknown posts", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown slug answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/blog/este-post-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  });
});

test("the header's Blog link loads the blog as a document of its own, with the list already in it", async ({
  page,
}) => {
  // Public pages have no client-side router (ADR 048): the server sends the list with the page,
  // so there is no loading state to show (the three placeholder cards belong to client-side
  // loading, which only the React apps /auth and /admin still do).
  await page.goto("/");
  const blogDocument = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/blog" && response.request().resourceType() === "document",
  );
  await page.getByRole("banner").getByRole("link", { name: "Blog", exact: true }).first().click();
  expect((await blogDocument).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Blog da Omnia" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Posts publicados" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("post-card-skeleton")).toHaveCount(0);
});

test("neither supabase-js nor the Markdown renderer is in the JavaScript of the blog or a post", async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto("/blog");
  await waitForDemoForm(page);
  // The oldest post is a seeded one that no other spec deletes.
  const href =
    (await page.getByRole("list", { name: "Posts publicados" }).getByRole("link").last().getAttribute("href")) ?? "";
  await page.goto(href);
  await waitForDemoForm(page);
  const bodies = (await scripts()).map(([, source]) => source);
  // Neither page loads a script of its own (ADR 048), only the analytics' (ADR 073), once each.
  expect(bodies).toHaveLength(2);
  expect(bodies.every((body) => body.includes("sendBeacon"))).toBe(true);
  const all = bodies.join("\n");
  // Distinctive strings of supabase-js (its client-info header, GoTrue client) and of
  // marked / sanitize-html.
  expect(all).not.toContain("supabase-js/");
  expect(all).not.toContain("GoTrueClient");
  expect(all).not.toContain("marked(): input parameter");
  expect(all).not.toContain("allowedSchemesByTag");
});

test("/rss.xml is an RSS 2.0 feed of the published posts", async ({ request }) => {
  const response = await request.get("/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<rss version="2.0"/);
  expect(xml).toContain("<title>Blog da Omnia</title>");
  expect((xml.match(/<item>/g) ?? []).length).toBeGreaterThan(1);
  expect(xml).toMatch(/<link>https?:\/\/[^<]+\/blog\/[a-z0-9-]+<\/link>/);
});

test("/sitemap.xml lists the public pages and the published posts with lastmod", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/<\/loc>/);
  expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/blog<\/loc>/);
  expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/blog\/[a-z0-9-]+<\/loc>\s*<lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/);
  expect(xml).not.toContain("/admin");
  expect(xml).not.toContain("/auth");
});

test("/robots.txt keeps crawlers out of /admin and /auth, for first-match parsers too, and names the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  // No "Allow: /" before the Disallow lines: parsers that apply the first matching rule
  // (Python's urllib.robotparser among them) would read it as allowing everything.
  expect(text).toContain("User-agent: *\nDisallow: /admin\nDisallow: /auth\n");
  expect(text).not.toMatch(/^Allow:/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
});

test("/blog describes itself as a Blog with its posts in JSON-LD", async ({ request }) => {
  const html = await (await request.get("/blog")).text();
  const blog = [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)]
    .map((match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>)
    .find((data) => data["@type"] === "Blog");
  expect(blog).toMatchObject({ name: "Blog da Omnia", inLanguage: "pt-BR" });
  const posts = blog?.blogPost as { "@type": string; headline: string; url: string; image: string[] }[];
  expect(posts.length).toBeGreaterThanOrEqual(3);
  for (const post of posts) {
    expect(post["@type"]).toBe("BlogPosting");
    expect(post.url).toMatch(/\/blog\/[a-z0-9-]+$/);
    expect(post.image).toHaveLength(1);
  }
});

test("the sample posts' images come as small renditions on a phone, with their size reserved", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  // Bytes on the wire, from the network events: asking for a body after the page has moved on
  // fails, as the browser has dropped that page's resources. A cache hit transfers nothing
  // (Chromium reports it as minus the headers' size).
  const imageBytes: Promise<number>[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (request.resourceType() === "image")
      imageBytes.push(request.sizes().then((size) => Math.max(0, size.responseBodySize)));
  });
  await page.goto("/blog");
  // A sample post's card by its title: other specs publish posts of their own meanwhile.
  const cardImage = page
    .getByRole("main")
    .locator("article")
    .filter({ hasText: "IA no atendimento ao cliente: onde ela ajuda de verdade" })
    .locator("img");
  await expect(cardImage).toHaveAttribute(
    "srcset",
    /\/storage\/v1\/render\/image\/public\/blog-images\/amostras\/.+ 320w/,
  );
  await expect(cardImage).toHaveAttribute("width", "1200");
  await expect(cardImage).toHaveAttribute("height", "630");
  await expect
    .poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // 390 CSS px at 2x: the 800 px rendition, not the 1600 px original.
  expect(await cardImage.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\?width=800&height=420$/);

  await page.goto("/blog/ia-no-atendimento-ao-cliente");
  const hero = page.getByRole("img", { name: "IA no atendimento ao cliente: onde ela ajuda de verdade" });
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("sizes", "(min-width: 768px) 720px, calc(100vw - 48px)");
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(og).toMatch(
    /\/storage\/v1\/render\/image\/public\/blog-images\/amostras\/ia-no-atendimento-ao-cliente-1600x840\.png\?width=1200&height=630$/,
  );
  const sizes = await Promise.all(imageBytes);
  expect(sizes.length).toBeGreaterThanOrEqual(2);
  expect(sizes.reduce((sum, n) => sum + n, 0)).toBeLessThan(150 * 1024);
  await context.close();
});
