import { expect, test } from "./fixtures";

// What a crawler, a link preview or a cache sees: raw HTTP, no browser.

test("the raw HTML of / carries the page text and a complete head", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="pt-BR">');
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
