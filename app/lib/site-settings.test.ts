import { describe, expect, it } from "vitest";
import {
  PLACEHOLDER_SETTINGS,
  fieldOfViolation,
  formatCnpj,
  formatPhone,
  placeholderFields,
  settingsInput,
  settingsRow,
  socialLinks,
  validateSettings,
  whatsappLink,
} from "./site-settings";

describe("site settings as pages show them", () => {
  it("prints Brazilian numbers as people read them, others as stored", () => {
    expect(formatPhone("+551140000000")).toBe("+55 11 4000-0000");
    expect(formatPhone("+5511900000000")).toBe("+55 11 90000-0000");
    expect(formatPhone("+14155550100")).toBe("+14155550100");
  });

  it("prints a CNPJ with its punctuation, alphanumeric ones too", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });

  it("links WhatsApp with the message and the campaign tags of the page", () => {
    const link = new URL(
      whatsappLink({ whatsapp: "+5511900000000", whatsapp_message: " Olá! Quero saber mais " }, "/precos"),
    );
    expect(`${link.origin}${link.pathname}`).toBe("https://wa.me/5511900000000");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      text: "Olá! Quero saber mais",
      utm_source: "site",
      utm_medium: "whatsapp",
      utm_content: "/precos",
    });
    // Spaces as %20, as WhatsApp writes them ("+" is not a space to every client).
    expect(link.search).toContain("text=Ol%C3%A1!%20Quero%20saber%20mais&");
    expect(whatsappLink({ whatsapp: "+5511900000000", whatsapp_message: "" }, "/")).toBe(
      "https://wa.me/5511900000000?utm_source=site&utm_medium=whatsapp&utm_content=%2F",
    );
  });

  it("lists only the social networks that have an address", () => {
    const settings = { ...PLACEHOLDER_SETTINGS, facebook_url: null, tiktok_url: null };
    expect(socialLinks(settings).map((link) => link.name)).toEqual(["LinkedIn", "Instagram", "YouTube"]);
  });

  it("names the fields that still hold a .example placeholder", () => {
    expect(placeholderFields(PLACEHOLDER_SETTINGS)).toEqual([
      "dpo_email",
      "email",
      "sales_email",
      "support_email",
      "linkedin_url",
      "facebook_url",
      "instagram_url",
      "youtube_url",
      "tiktok_url",
    ]);
    const own = {
      ...PLACEHOLDER_SETTINGS,
      dpo_email: "dpo@empresa.com.br",
      email: "oi@empresa.com.br",
      sales_email: "vendas@empresa.com.br",
      support_email: "suporte@empresa.com.br",
      linkedin_url: "https://www.linkedin.com/company/empresa-example-ltda",
      facebook_url: null,
      instagram_url: null,
      youtube_url: null,
      tiktok_url: null,
    };
    expect(placeholderFields(own)).toEqual([]);
  });
});

describe("the settings form's rules", () => {
  it("accepts the placeholders, and saves blanks as null and numbers without punctuation", () => {
    expect(validateSettings(settingsInput(PLACEHOLDER_SETTINGS))).toEqual({});
    const input = {
      ...settingsInput(PLACEHOLDER_SETTINGS),
      cnpj: " 12.abc.345/01de-35 ",
      phone: "+55 (11) 4000-0000",
      whatsapp: "",
      linkedin_url: "  ",
    };
    expect(validateSettings(input)).toEqual({});
    expect(settingsRow(input)).toMatchObject({
      cnpj: "12ABC34501DE35",
      phone: "+551140000000",
      whatsapp: null,
      linkedin_url: null,
    });
  });

  it("says what is wrong with each field", () => {
    const input = {
      ...settingsInput(PLACEHOLDER_SETTINGS),
      trade_name: " ",
      legal_name: "x".repeat(201),
      email: "contato",
      cnpj: "11.222.333/0001-82",
      whatsapp: "11 90000-0000",
      youtube_url: "http://youtube.com/@omnia",
      share_image: "javascript:alert(1)",
    };
    expect(validateSettings(input)).toEqual({
      trade_name: "required",
      legal_name: "tooLong",
      email: "email",
      cnpj: "cnpj",
      whatsapp: "phone",
      youtube_url: "url",
      share_image: "image",
    });
  });

  it("finds the field a CHECK violation names", () => {
    expect(
      fieldOfViolation('new row for relation "site_settings" violates check constraint "site_settings_cnpj_check"'),
    ).toBe("cnpj");
    expect(fieldOfViolation('violates check constraint "site_settings_one_row"')).toBeNull();
  });
});
