import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForDemoForm } from "./support/hydration";
import { collectScripts } from "./support/scripts";

// Every public page of issue 4: it answers 200 with its own head and key content (in the
// HTML itself, as a crawler sees it), and axe finds nothing on it.

interface PageCase {
  path: string;
  title: string;
  h1: string;
  /** Texts that must be in the server HTML. */
  texts: string[];
  jsonLd: string[];
}

const pages: PageCase[] = [
  {
    path: "/recursos",
    title: "Recursos | Omnia: canais, automação com IA, analytics e gestão",
    h1: "Tudo o que o seu atendimento precisa, em uma só plataforma",
    // All four panels are in the HTML, not only the selected one.
    texts: ["Caixa de entrada unificada", "Roteamento inteligente", "Painéis em tempo real", "Permissões por perfil"],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/precos",
    title: "Preços | Omnia: planos a partir de R$ 297 por mês",
    h1: "Planos que crescem junto com a sua operação",
    texts: [
      "R$\u00a0297",
      "R$\u00a0497",
      "R$\u00a01.675",
      "R$\u00a04.975",
      "Mais Popular",
      "Recomendado",
      "14 dias",
      "até 20% de desconto",
    ],
    jsonLd: ["Product", "FAQPage", "BreadcrumbList"],
  },
  {
    path: "/integracoes",
    title: "Integrações | Omnia: canais, CRMs, e-commerce e API",
    h1: "A Omnia conversa com as ferramentas que você já usa",
    texts: [
      "Canais de comunicação",
      "CRM e vendas",
      "E-commerce e marketplaces",
      "Produtividade e automação",
      "Saiba Mais",
    ],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/casos-de-sucesso",
    title: "Casos de Sucesso | Omnia: resultados de quem já usa",
    h1: "Resultados reais de operações como a sua",
    texts: ["Aurora Moda", "Rede Saúde Horizonte", "Crédito Ágil", "Desafio", "Solução", "Resultados"],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/seguranca",
    title: "Segurança | Omnia: proteção de dados de nível empresarial",
    h1: "Os dados dos seus clientes protegidos em cada conversa",
    texts: [
      "Controle de acesso por perfil (RBAC)",
      "Autenticação multifator (MFA)",
      "Criptografia AES-256",
      "Auditorias trimestrais",
      "Backups diários",
      "99,99%",
      "&lt; 1 min",
      "ISO/IEC 27001",
    ],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/sobre",
    title: "Sobre a Omnia | Quem somos, missão e equipe",
    h1: "Acreditamos que toda conversa merece continuidade",
    texts: [
      "Missão",
      "Visão",
      "Nossos valores",
      "500+",
      "Mariana Alves",
      "Thiago Martins",
      'src="/images/team/mariana-alves.svg"',
    ],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/contato",
    title: "Contato | Fale com a equipe da Omnia",
    h1: "Vamos conversar",
    texts: [
      "Horário de atendimento",
      "Segunda a sexta",
      "9h–18h",
      "Sábado",
      "9h–13h",
      "Domingo",
      "Fechado",
      "Enviar mensagem",
    ],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/documentacao",
    title: "Documentação | Omnia: primeiros passos, API e webhooks",
    h1: "Documentação da Omnia",
    texts: ["Primeiros passos", "API REST", "mais de 100 endpoints", "Webhooks"],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/ajuda",
    title: "Central de Ajuda | Omnia",
    h1: "Como podemos ajudar?",
    texts: ["Esqueci a minha senha", "Qual é o horário do suporte?", "Falar com o suporte"],
    jsonLd: ["FAQPage", "BreadcrumbList"],
  },
  {
    path: "/privacidade",
    title: "Política de Privacidade | Omnia",
    h1: "Política de Privacidade",
    texts: ["Lei nº 13.709/2018", "privacidade@omnia.example", "Por quanto tempo guardamos"],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/termos",
    title: "Termos de Uso | Omnia",
    h1: "Termos de Uso",
    texts: ["14 dias", "Uso aceitável", "Lei aplicável e foro"],
    jsonLd: ["BreadcrumbList"],
  },
  {
    path: "/lgpd",
    title: "LGPD | Seus direitos como titular de dados na Omnia",
    h1: "LGPD: seus direitos e como exercê-los",
    texts: ["Portabilidade", "privacidade@omnia.example", 'href="/contato"', "15 dias"],
    jsonLd: ["BreadcrumbList"],
  },
];

function jsonLdTypes(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].map(
    (match) => (JSON.parse(match[1] ?? "{}") as { "@type": string })["@type"],
  );
}

for (const page of pages) {
  test(`${page.path} is real HTML with its own head, key content and structured data`, async ({ request }) => {
    const response = await request.get(page.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${page.title.replaceAll("&", "&amp;")}</title>`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${page.path}"`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000${page.path}"`);
    expect(html).toMatch(/<meta name="description" content="[^"]{80,}"/);
    for (const text of page.texts) expect(html).toContain(text);
    // Every page of the shell ends with the demo request form, in the HTML too.
    expect(html).toContain('id="demo"');
    expect(html).toContain('action="/solicitar-demo"');
    expect(jsonLdTypes(html)).toEqual(expect.arrayContaining(page.jsonLd));
  });

  test(`${page.path} shows its heading and has no accessibility violations`, async ({ page: browser }) => {
    await browser.goto(page.path);
    await expect(browser).toHaveTitle(page.title);
    await expect(browser.getByRole("heading", { level: 1 })).toHaveText(page.h1);
    await expect(browser.getByRole("region", { name: "Solicitar demonstração" })).toBeAttached();
    await expectNoAxeViolations(browser);
  });
}

test("titles and descriptions are unique across the pages", async ({ request }) => {
  const seen = new Map<string, string>();
  for (const path of ["/", ...pages.map((page) => page.path)]) {
    const html = await (await request.get(path)).text();
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(seen.get(description), `${path} repeats the description of ${seen.get(description)}`).toBeUndefined();
    seen.set(description, path);
  }
});

test("the pricing page describes each plan as a Product with a monthly BRL offer", async ({ request }) => {
  const html = await (await request.get("/precos")).text();
  const products = [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)]
    .map(
      (match) =>
        JSON.parse(match[1] ?? "{}") as {
          "@type": string;
          name: string;
          offers?: { price: string; priceCurrency: string };
        },
    )
    .filter((item) => item["@type"] === "Product");
  expect(products.map((product) => [product.name, product.offers?.price, product.offers?.priceCurrency])).toEqual([
    ["Omnia Basic", "297.00", "BRL"],
    ["Omnia Business", "497.00", "BRL"],
    ["Omnia Scale", "1675.00", "BRL"],
    ["Omnia Infinity", "4975.00", "BRL"],
  ]);
});

test("every public page is in the sitemap", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of [...pages.map((page) => page.path), "/status"]) {
    expect(sitemap).toContain(`<loc>http://localhost:3000${path}</loc>`);
  }
});

test("no public page loads the Supabase client in the browser", async ({ page }) => {
  // Fourteen pages loaded in turn.
  test.setTimeout(90_000);
  const scripts = collectScripts(page);
  for (const path of ["/", ...pages.map((entry) => entry.path), "/status"]) {
    await page.goto(path);
    // Whatever an enhancement module loads later counts too: wait until the forms' module is set up.
    await waitForDemoForm(page);
  }
  const sources = new Map(await scripts());
  // The pages load their enhancement modules (lead-form, status), nothing else (budget.spec.ts).
  expect(sources.size).toBeGreaterThan(0);
  for (const [url, source] of sources) {
    for (const marker of ["GoTrueClient", "PostgrestClient", "RealtimeClient"]) {
      expect(source.includes(marker), `${url} contains ${marker}`).toBe(false);
    }
  }
});
