import { describe, expect, it } from "vitest";
import { isValidSlug, slugify } from "./slug";

describe("slugify", () => {
  it("strips accents and joins words with hyphens", () => {
    expect(slugify("Atenção ao cliente")).toBe("atencao-ao-cliente");
    expect(slugify("Ação, reação & conversão: o guia!")).toBe("acao-reacao-conversao-o-guia");
    expect(slugify("Pão de Açúcar — São Paulo")).toBe("pao-de-acucar-sao-paulo");
  });

  it("collapses separators and trims hyphens at both ends", () => {
    expect(slugify("  --Olá   Mundo--  ")).toBe("ola-mundo");
    expect(slugify("WhatsApp 2.0 / IA")).toBe("whatsapp-2-0-ia");
  });

  it("returns an empty slug when nothing usable is left", () => {
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("always produces what the database accepts", () => {
    for (const title of ["Atenção ao cliente", "É hora de agir", "100% online", "x".repeat(250) + " fim"]) {
      const slug = slugify(title);
      expect(isValidSlug(slug)).toBe(true);
      expect(slug.length).toBeLessThanOrEqual(200);
    }
  });
});

describe("isValidSlug", () => {
  it("accepts lower-case words joined by single hyphens only", () => {
    expect(isValidSlug("como-melhorar-atendimento")).toBe(true);
    const refused = ["Como-Melhorar", "dois--hifens", "-inicio", "com espaço", "atenção", ""];
    expect(refused.filter((slug) => isValidSlug(slug))).toEqual([]);
  });
});
