import { describe, expect, it } from "vitest";
import { leadValuesFrom, validateLead } from "./lead-validation";

const valid = {
  name: "Ana Souza",
  email: "ana@empresa.com.br",
  company: "",
  phone: "",
  subject: "comercial",
  message: "Quero saber mais sobre o plano Scale.",
};

describe("validateLead (contact)", () => {
  it("accepts a complete message and turns empty optional fields into null", () => {
    expect(validateLead("contact", valid)).toEqual({
      ok: true,
      lead: { ...valid, company: null, phone: null, plan: null },
    });
  });

  it("requires name, e-mail, subject and message", () => {
    expect(validateLead("contact", {})).toEqual({
      ok: false,
      errors: { name: "required", email: "required", subject: "required", message: "required" },
    });
  });

  it("rejects a malformed e-mail, an unknown subject, a short message and letters in the phone", () => {
    const result = validateLead("contact", {
      ...valid,
      email: "ana@empresa",
      subject: "vendas",
      message: "oi",
      phone: "abc",
    });
    expect(result).toEqual({
      ok: false,
      errors: { email: "invalid", subject: "invalid", message: "tooShort", phone: "invalid" },
    });
  });

  it("bounds lengths like the database does", () => {
    const result = validateLead("contact", {
      ...valid,
      name: "A",
      company: "x".repeat(121),
      message: "x".repeat(5001),
    });
    expect(result).toEqual({ ok: false, errors: { name: "tooShort", company: "tooLong", message: "tooLong" } });
  });

  it("accepts a Brazilian phone number as typed", () => {
    expect(validateLead("contact", { ...valid, phone: "(11) 9 0000-0000" }).ok).toBe(true);
    expect(validateLead("contact", { ...valid, phone: "+55 11 90000-0000" }).ok).toBe(true);
    expect(validateLead("contact", { ...valid, phone: "123" })).toMatchObject({ errors: { phone: "invalid" } });
  });
});

describe("validateLead (demo)", () => {
  it("always has the subject demo, no message, and an optional known plan", () => {
    expect(
      validateLead("demo", { name: "Rui Lima", email: "rui@loja.com.br", plan: "scale", subject: "outro" }),
    ).toEqual({
      ok: true,
      lead: {
        name: "Rui Lima",
        email: "rui@loja.com.br",
        company: null,
        phone: null,
        subject: "demo",
        message: null,
        plan: "scale",
      },
    });
    expect(validateLead("demo", { name: "Rui Lima", email: "rui@loja.com.br", plan: "gold" })).toEqual({
      ok: false,
      errors: { plan: "invalid" },
    });
  });
});

describe("leadValuesFrom", () => {
  it("reads and trims the known fields of a form", () => {
    const form = new FormData();
    form.set("name", "  Ana  ");
    form.set("unknown", "x");
    expect(leadValuesFrom(form)).toEqual({
      name: "Ana",
      email: "",
      company: "",
      phone: "",
      subject: "",
      message: "",
      plan: "",
    });
  });
});
