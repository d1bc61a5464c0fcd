import { expect, test } from "./fixtures";
import { visitorHeaders } from "./support/visitor";

// What a crawler, a link preview or a cache sees: raw HTTP, no browser.

test("the raw HTML of / carries the page text and a complete head", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  // A public page: no React in the browser, only its enhancement modules (ADR 048).
  expect(html).toContain('<html lang="pt-BR" data-client="enhanced" data-scripts="lead-form analytics">');
  expect(html).toContain("Todos os canais do seu cliente. Uma só conversa.");
  expect(html).toContain("Quanto tempo leva a implementação?");
  expect(html).toContain("<title>Omnia | Plataforma omnichannel de atendimento com IA</title>");
  expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
  expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"');
  expect(html).toContain('<meta property="og:title" content="Omnia | Plataforma omnichannel de atendimento com IA"');
  expect(html).toContain('<meta property="og:image" content="http://localhost:3000/og-image.png"');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({
    "@type": "Organization",
    name: "Omnia",
    url: "http://localhost:3000",
  });
});

test("every response carries the security headers, and pages a CSP without unsafe-inline scripts", async ({
  request,
}) => {
  for (const path of ["/", "/pagina-inexistente"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
  }
});

test("the React apps, where a session lives, are isolated from other windows; public pages are not", async ({
  request,
}) => {
  for (const path of ["/auth", "/admin"]) {
    expect((await request.get(path)).headers()["cross-origin-opener-policy"], path).toBe("same-origin");
  }
  for (const path of ["/", "/termos", "/blog", "/pagina-inexistente"]) {
    expect((await request.get(path)).headers()["cross-origin-opener-policy"], path).toBeUndefined();
  }
});

test("text is sent with brotli when accepted, else gzip", async ({ request }) => {
  for (const path of ["/", "/pagina-inexistente"]) {
    const br = await request.get(path, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    const gzip = await request.get(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
  }
});

test("hashed assets are cached as immutable, pages are revalidated", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.(?:js|css))"/.exec(html);
  const assetPath = asset?.[1] ?? asset?.[2];
  expect(assetPath).toBeTruthy();
  const response = await request.get(assetPath!);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/")).headers()["cache-control"]).toContain("must-revalidate");
});

test("a prerendered page answers with and without the trailing slash, without redirecting", async ({ request }) => {
  for (const path of ["/sobre", "/sobre/"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("<title>");
    // Served from the prerendered file, with the CSP computed for that file.
    expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  }
});

test("every internal link on the public pages and in the posts leads to a page", async ({ request }) => {
  const { sitePages } = await import("../../app/content/pages.ts");
  const pages = sitePages.map((page) => page.path);
  const blog = await (await request.get("/blog")).text();
  pages.push(...new Set([...blog.matchAll(/href="(\/blog\/[^"#?]+)"/g)].map((match) => match[1] ?? "")));
  expect(pages.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThan(0);

  const links = new Map<string, string>();
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)) {
      const target = (href ?? "").replace(/#.*$/, "").replaceAll("&amp;", "&") || "/";
      if (!target.startsWith("//") && !links.has(target)) links.set(target, path);
    }
  }
  const broken: string[] = [];
  for (const [target, from] of links) {
    const status = (await request.get(target)).status();
    if (status !== 200) broken.push(`${target} (linked from ${from}) answered ${status}`);
  }
  expect(broken).toEqual([]);
  expect(links.size).toBeGreaterThan(15);
});

test("/favicon.ico answers with an icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await response.body();
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
});

test("page URLs refuse PUT, PATCH and DELETE with 405 and Allow, and a form never reads a 50 MB body", async ({
  request,
}) => {
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    const form = await request.fetch("/contato", { method, form: { name: "Ana" } });
    expect(form.status()).toBe(405);
    expect(form.headers()["allow"]).toBe("GET, HEAD, POST");
    const page = await request.fetch("/sobre", { method, data: "x" });
    expect(page.status()).toBe(405);
    expect(page.headers()["allow"]).toBe("GET, HEAD");
  }
  const huge = await request.post("/contato", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: `name=${"a".repeat(50 * 1024 * 1024)}`,
  });
  expect(huge.status()).toBe(413);
  expect((await huge.body()).byteLength).toBeLessThan(1024);
  expect(await huge.text()).toContain("grande demais");
});

test("a lead form answers a visitor's or a script's mistakes with 4xx and the form's pt-BR messages", async ({
  request,
}) => {
  const wrongType = await request.post("/contato", { headers: { "Content-Type": "text/plain" }, data: "name=Ana" });
  expect(wrongType.status()).toBe(415);
  expect(await wrongType.text()).toContain("Não conseguimos ler o formulário enviado");

  const brokenMultipart = await request.post("/contato", {
    headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
    data: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna',
  });
  expect(brokenMultipart.status()).toBe(400);
  expect(await brokenMultipart.text()).toContain("Não conseguimos ler o formulário enviado");

  const nul = await request.post("/contato", {
    headers: visitorHeaders(),
    form: {
      name: "Ana\u0000Souza",
      email: "ana@empresa.com.br",
      subject: "comercial",
      message: "Uma mensagem com mais de dez caracteres.",
    },
  });
  expect(nul.status()).toBe(400);
  expect(await nul.text()).toContain("O nome contém caracteres que não são aceitos.");

  // A long value comes back cut to twice its field's maximum (all a visitor typed a little past
  // it, to shorten there), never whole.
  const long = await request.post("/contato", {
    headers: visitorHeaders(),
    form: { name: "A".repeat(60_000), email: "x", subject: "comercial", message: "curta" },
  });
  expect(long.status()).toBe(400);
  const html = await long.text();
  expect(html).toContain("O nome pode ter no máximo 120 caracteres.");
  expect(html).toContain("A".repeat(240));
  expect(html).not.toContain("A".repeat(241));
});

test("the demo form's Voltar link never leaves the site", async ({ request }) => {
  for (const page of ["/\\evil.example", "/.//evil.example", "/%2e//evil.example", "//evil.example"]) {
    const response = await request.post("/solicitar-demo", {
      headers: visitorHeaders(),
      form: { name: "Rui Lima", email: `rui+${Date.now()}@loja.com.br`, page },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const back = /<a [^>]*href="([^"]*)"[^>]*>[^<]*Voltar/.exec(html)?.[1];
    expect(back).toBe("/solicitar-demo");
  }
});

test("the speculation rules are an inline script the CSP hashes, on prerendered and per-request pages", async ({
  request,
}) => {
  const { createHash } = await import("node:crypto");
  for (const path of ["/", "/sobre/", "/blog", "/pagina-inexistente"]) {
    const response = await request.get(path);
    const rules = /<script type="speculationrules">([^<]+)<\/script>/.exec(await response.text())?.[1];
    expect(rules, path).toBeDefined();
    const parsed = JSON.parse(rules ?? "{}") as { prerender: { where: unknown; eagerness: string }[] };
    expect(parsed.prerender[0]?.eagerness, path).toBe("moderate");
    const hash = createHash("sha256")
      .update(rules ?? "", "utf8")
      .digest("base64");
    expect(response.headers()["content-security-policy"], path).toContain(`'sha256-${hash}'`);
  }
  // The React apps have none: their links are client-side navigations.
  expect(await (await request.get("/auth")).text()).not.toContain("speculationrules");
});

test("Chromium accepts the speculation rules and prerenders a hovered link, without a CSP error", async ({ page }) => {
  const prerendered: string[] = [];
  page.context().on("request", (request) => {
    const purpose = request.headers()["sec-purpose"] ?? "";
    if (purpose.includes("prerender")) prerendered.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  expect(await page.evaluate(() => HTMLScriptElement.supports("speculationrules"))).toBe(true);
  await page.getByRole("banner").getByRole("link", { name: "Preços", exact: true }).first().hover();
  await expect.poll(() => prerendered).toContain("/precos");
});
