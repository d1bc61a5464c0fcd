import { describe, expect, it } from "vitest";
import { PLACEHOLDER_SETTINGS } from "~/lib/site-settings";
import { lgpdPage, privacyPage, termsPage } from "./legal";
import { footerNav } from "./navigation";

describe("the legal pages and the footer", () => {
  it("never double the period of a legal name or address that ends with one", () => {
    const settings = { ...PLACEHOLDER_SETTINGS, legal_name: "Omnia Tecnologia Ltda.", address: "Av. Paulista, 1000." };
    const texts = [termsPage(settings), privacyPage(settings), lgpdPage(settings)].map((page) => JSON.stringify(page));
    texts.push(footerNav.copyright(2026, settings.legal_name, null));
    for (const text of texts) expect(text).not.toContain("..");
    const all = texts.join("\n");
    expect(all).toContain("oferecidos pela Omnia Tecnologia Ltda. Ao usar");
    expect(all).toContain("Equipe de Privacidade da Omnia Tecnologia Ltda. E-mail:");
    expect(all).toContain("Endereço: Av. Paulista, 1000.");
    expect(all).toContain("© 2026 Omnia Tecnologia Ltda. Todos os direitos reservados.");
  });
});
