import { describe, expect, it, vi } from "vitest";
import { PATHOLOGICAL_DEFAULT_SIZE, pathologicalInputs } from "./markdown-pathological.server";
import { createMarkdownRenderer, markdownToText, renderMarkdown, renderMarkdownOffThread } from "./markdown.server";

const SITE = "https://omnia.example";
const render = (markdown: string) => renderMarkdown(markdown, { siteOrigin: SITE });

describe("renderMarkdown", () => {
  it("renders the Markdown an editor writes", () => {
    const html = render(
      "# Título\n\n## Seção\n\nTexto com **negrito**, _itálico_ e `código`.\n\n- um\n- dois\n\n> citação",
    );
    // The page title is the only h1: a "#" heading in the body becomes an h2.
    for (const fragment of [
      "<h2>Título</h2>",
      "<h2>Seção</h2>",
      "<strong>negrito</strong>",
      "<em>itálico</em>",
      "<code>código</code>",
      "<li>um</li>",
      "<blockquote>",
    ]) {
      expect(html).toContain(fragment);
    }
  });

  it("opens external links in a new tab without referrer or ranking, and leaves internal ones alone", () => {
    const html = render(
      "[fora](https://outro.example/x) [dentro](/contato) [mesmo site](https://omnia.example/precos)",
    );
    expect(html).toContain(
      '<a href="https://outro.example/x" rel="noopener noreferrer nofollow" target="_blank">fora</a>',
    );
    expect(html).toContain('<a href="/contato">dentro</a>');
    expect(html).toContain('<a href="https://omnia.example/precos">mesmo site</a>');
  });

  it("lazy-loads images and keeps their alt text", () => {
    expect(render("![Painel da Omnia](https://cdn.example/p.png)")).toContain(
      '<img src="https://cdn.example/p.png" alt="Painel da Omnia" loading="lazy" decoding="async" />',
    );
  });

  it("gives an uploaded image a srcset of renditions and the size its name carries", () => {
    const html = render("![Gráfico](/storage/v1/object/public/blog-images/posts/f00-1000x500.png)");
    const render800 = "/storage/v1/render/image/public/blog-images/posts/f00-1000x500.png?width=800";
    expect(html).toContain(`<img src="${render800}" alt="Gráfico" srcset=`);
    expect(html).toContain(
      `srcset="/storage/v1/render/image/public/blog-images/posts/f00-1000x500.png?width=320 320w, `,
    );
    expect(html).toContain('?width=960 960w"');
    expect(html).not.toContain("1200w");
    expect(html).toContain('sizes="(min-width: 768px) 720px, calc(100vw - 48px)"');
    expect(html).toContain('width="1000" height="500" loading="lazy" decoding="async" />');
  });

  const payloads: [string, string][] = [
    ["script tag", "<script>alert(1)</script>"],
    ["img onerror", '<img src="x" onerror="alert(1)">'],
    ["svg onload", '<svg onload="alert(1)"><circle /></svg>'],
    ["javascript: link", "[clique](javascript:alert(1))"],
    ["javascript: link, encoded", "[clique](jav&#x09;ascript:alert(1))"],
    ["javascript: link, mixed case", '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ["data: link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["vbscript: link", '<a href="vbscript:msgbox(1)">x</a>'],
    ["iframe", '<iframe src="https://evil.example"></iframe>'],
    ["object", '<object data="evil.swf"></object>'],
    ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
    ["style tag", "<style>body{display:none}</style>"],
    ["form", '<form action="https://evil.example"><input name="senha"></form>'],
    ["onclick on allowed tag", '<a href="/x" onclick="alert(1)">x</a>'],
    ["image with javascript: src", "![x](javascript:alert(1))"],
    ["protocol-relative link", '<a href="//evil.example">x</a>'],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ["base tag", '<base href="https://evil.example/">'],
  ];

  it.each(payloads)("neutralises %s", (_name, payload) => {
    const html = render(`Antes\n\n${payload}\n\nDepois`);
    expect(html).not.toMatch(/<script|<iframe|<object|<embed|<style|<form|<input|<svg|<meta|<base/i);
    expect(html).not.toMatch(/\son\w+\s*=/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(html).not.toMatch(/href="\/\//);
    expect(html).not.toMatch(/style=/i);
    // The surrounding text survives.
    expect(html).toContain("Antes");
    expect(html).toContain("Depois");
  });

  it("drops the body of a script instead of showing it as text", () => {
    expect(render("<script>alert('oi')</script>")).not.toContain("alert");
  });
});

describe("markdownToText", () => {
  it("gives plain text for descriptions, without tags or entities", () => {
    expect(markdownToText("## Olá & bem-vindo\n\nUm **teste** <b>aqui</b> [link](/x).")).toBe(
      "Olá & bem-vindo Um teste aqui link.",
    );
  });
});

describe("GFM output kept from the previous renderer", () => {
  it("renders tables with their alignment as attributes, and strikethrough as del", () => {
    const html = render("| a | b |\n|:--|--:|\n| 1 | ~~2~~ |");
    expect(html).toContain('<th align="left">a</th>');
    expect(html).toContain('<td align="right"><del>2</del></td>');
  });

  it("links bare www. and https:// addresses and e-mails, but not bare domains", () => {
    const html = render("www.exemplo.com.br, https://x.example/a, oi@x.example e omnia.com.br");
    expect(html).toContain('<a href="http://www.exemplo.com.br" rel="noopener noreferrer nofollow" target="_blank">');
    expect(html).toContain('<a href="https://x.example/a" rel="noopener noreferrer nofollow" target="_blank">');
    expect(html).toContain('<a href="mailto:oi@x.example">oi@x.example</a>');
    expect(html).toContain("e omnia.com.br</p>");
  });
});

describe("pathological input", () => {
  const inputs = pathologicalInputs.map((input) => [input.name, input] as const);

  it.each(inputs)("renders %s at 200 KB without throwing", (_name, input) => {
    const markdown = input.generate(PATHOLOGICAL_DEFAULT_SIZE);
    expect(markdown.length).toBeLessThanOrEqual(PATHOLOGICAL_DEFAULT_SIZE);
    expect(markdown.length).toBeGreaterThan(PATHOLOGICAL_DEFAULT_SIZE * 0.9);
    expect(typeof renderMarkdown(markdown, { siteOrigin: SITE })).toBe("string");
    expect(typeof markdownToText(markdown)).toBe("string");
  });

  const size = 50_000;
  const generate = (name: string) => pathologicalInputs.find((input) => input.name === name)!.generate(size);
  const bare = createMarkdownRenderer();

  it("stops block nesting at 20 levels", () => {
    const html = bare.toHtml(generate("report: > run"), SITE);
    expect(html.match(/<blockquote>/g)?.length).toBeLessThanOrEqual(20);
  });

  it("leaves emphasis nested past 16 levels as its markers", () => {
    const html = bare.toHtml(generate("nested strong emph"), SITE);
    expect(html.match(/<(em|strong)>/g)?.length).toBeLessThanOrEqual(16);
    expect(html).toContain("*a **a");
  });

  it("leaves emphasis markers past 20,000 per document as text, a run never split", () => {
    // 5,000 strong spans use exactly the budget; the "***" run after them does not fit whole.
    const html = bare.toHtml(`${"**a** ".repeat(4_000)}\n\n${"**a** ".repeat(1_000)}***b*** ~~c~~ _d_`, SITE);
    expect(html.match(/<strong>a<\/strong>/g)?.length).toBe(5_000);
    expect(html).toContain("***b*** ~~c~~ _d_</p>");
    expect(html).not.toMatch(/<em>|<del>/);
  });

  it("leaves links and images past 10,000 per document as text", () => {
    const html = bare.toHtml(`${"[a](/b) ".repeat(9_999)}![c](https://cdn.example/c.png) [d](/e)`, SITE);
    expect(html.match(/<a href="\/b">a<\/a>/g)?.length).toBe(9_999);
    expect(html).toContain('<img src="https://cdn.example/c.png" alt="c"');
    expect(html).toContain("[d](/e)</p>");
  });

  it("bounds the table cells of a whole document", () => {
    const html = bare.toHtml(generate("repeated wide tables"), SITE);
    expect(html.match(/<t[dh][ >]/g)?.length).toBeLessThanOrEqual(10_000);
  });

  it("bounds how much a reference definition is repeated", () => {
    const markdown = generate("reference expansion");
    const html = bare.toHtml(markdown, SITE);
    expect(html).toContain('<a href="https://example.com/uuu');
    expect(html.length).toBeLessThan(markdown.length * 3 + 200_000);
  });
});

describe("when rendering fails", () => {
  it("shows the text escaped instead of throwing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    // A value markdown-it rejects, standing in for any failure inside the renderer.
    const broken = { toString: () => "<b>oi</b>\n\nsegundo" } as unknown as string;
    expect(render(broken)).toBe("<p>&lt;b&gt;oi&lt;/b&gt;</p>\n<p>segundo</p>");
    expect(markdownToText(broken)).toBe("<b>oi</b> segundo");
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("renderMarkdownOffThread", () => {
  it("gives the same HTML as the in-process renderer", async () => {
    const markdown = "# Título\n\n| a |\n|---|\n| [x](https://fora.example) |\n\n~~riscado~~ www.site.example";
    const result = await renderMarkdownOffThread(markdown, { siteOrigin: SITE });
    expect(result).toEqual({ ok: true, html: createMarkdownRenderer().toHtml(markdown, SITE) });
  });

  it("answers too_complex when a render passes its time budget, and keeps working after", async () => {
    const markdown = pathologicalInputs[0]!.generate(PATHOLOGICAL_DEFAULT_SIZE);
    expect(await renderMarkdownOffThread(markdown, { siteOrigin: SITE, timeoutMs: 1 })).toEqual({
      ok: false,
      reason: "too_complex",
    });
    expect(await renderMarkdownOffThread("depois", { siteOrigin: SITE })).toEqual({
      ok: true,
      html: "<p>depois</p>\n",
    });
  });

  it("refuses renders past the queue limit, and drops aborted ones from the queue", async () => {
    const controller = new AbortController();
    const waiting = [1, 2, 3].map((i) => renderMarkdownOffThread(`fila ${i}`, { siteOrigin: SITE }));
    const aborted = renderMarkdownOffThread("abortado", { siteOrigin: SITE, signal: controller.signal });
    expect(await renderMarkdownOffThread("demais", { siteOrigin: SITE })).toEqual({ ok: false, reason: "busy" });
    controller.abort();
    expect(await aborted).toEqual({ ok: false, reason: "aborted" });
    expect(await Promise.all(waiting)).toEqual([1, 2, 3].map((i) => ({ ok: true, html: `<p>fila ${i}</p>\n` })));
  });
});
