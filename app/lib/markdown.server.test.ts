import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown } from "./markdown.server";

const SITE = "https://omnia.example";
const render = (markdown: string) => renderMarkdown(markdown, { siteOrigin: SITE });

describe("renderMarkdown", () => {
  it("renders the Markdown an editor writes", () => {
    const html = render(
      "# Título\n\n## Seção\n\nTexto com **negrito**, _itálico_ e `código`.\n\n- um\n- dois\n\n> citação",
    );
    // The page title is the only h1: a "#" heading in the body becomes an h2.
    expect(html).toContain("<h2>Título</h2>");
    expect(html).toContain("<h2>Seção</h2>");
    expect(html).toContain("<strong>negrito</strong>");
    expect(html).toContain("<em>itálico</em>");
    expect(html).toContain("<code>código</code>");
    expect(html).toContain("<li>um</li>");
    expect(html).toContain("<blockquote>");
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
