import { describe, expect, it } from "vitest";
import { leadErrorMessage } from "~/content/lead-form";
import { boundLeadValues, LEAD_LIMITS, leadValuesFrom, validateLead } from "./lead-validation";
import { isEmail } from "./validation";

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

  it.each([
    {
      refuses: "a malformed e-mail, an unknown subject, a short message and letters in the phone",
      input: { email: "ana@empresa", subject: "vendas", message: "oi", phone: "abc" },
      errors: { email: "invalid", subject: "invalid", message: "tooShort", phone: "invalid" },
    },
    {
      refuses: "lengths the database would refuse",
      input: { name: "A", company: "x".repeat(121), message: "x".repeat(5001) },
      errors: { name: "tooShort", company: "tooLong", message: "tooLong" },
    },
  ])("refuses $refuses", ({ input, errors }) => {
    expect(validateLead("contact", { ...valid, ...input })).toEqual({ ok: false, errors });
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

describe("e-mail", () => {
  it.each([
    "ana@empresa.com.br",
    "a.b+c@sub.empresa.io",
    "ana@empresa",
    "ana@",
    "@empresa.com",
    "ana@@empresa.com",
    "a na@empresa.com",
  ])("judges %s as isEmail, the sign-in screen's check, does", (email) => {
    const verdict = validateLead("contact", { ...valid, email });
    expect(verdict.ok ? {} : verdict.errors).toEqual(isEmail(email) ? {} : { email: "invalid" });
  });
});

describe("control characters", () => {
  const contact = {
    name: "Ana Souza",
    email: "ana@empresa.com.br",
    company: "Empresa",
    subject: "comercial",
    message: "Quero saber mais sobre os planos.",
  };

  it.each([
    ["name", "Ana\u0000Souza"],
    ["name", "Ana\nSouza"],
    ["email", "ana\u0000@empresa.com.br"],
    ["company", "Emp\u001bresa"],
    ["message", "Quero saber\u0000 mais sobre os planos."],
    ["message", "Quero saber\u007f mais sobre os planos."],
  ])("refuses a %s with a control character as invalid", (field, value) => {
    expect(validateLead("contact", { ...contact, [field]: value })).toEqual({
      ok: false,
      errors: { [field]: "invalid" },
    });
  });

  it.each([
    ["name", "Ana \u202eazuoS"],
    ["name", "Ana \u2066Souza\u2069"],
    ["name", "Ana\u200fSouza"],
    ["email", "ana\u202e@empresa.com.br"],
    ["company", "Emp\u202dresa"],
    ["message", "Quero saber \u2067mais\u2069 sobre os planos."],
  ])("refuses a %s with a bidirectional control as invalid", (field, value) => {
    expect(validateLead("contact", { ...contact, [field]: value })).toEqual({
      ok: false,
      errors: { [field]: "invalid" },
    });
  });

  it("refuses the demo form's name that was only a right-to-left override and a zero-width space", () => {
    expect(validateLead("demo", { name: "\u202e\u200b", email: "ana@empresa.com.br" })).toEqual({
      ok: false,
      errors: { name: "invalid" },
    });
  });

  it("keeps line breaks and tabs in a message", () => {
    expect(validateLead("contact", { ...contact, message: "Linha um\r\nLinha dois\tcom tab" }).ok).toBe(true);
  });

  it("has a pt-BR message for every invalid field", () => {
    for (const field of ["name", "email", "company", "message"] as const) {
      expect(leadErrorMessage(field, "invalid")).not.toBe("Confira este campo.");
    }
  });
});

describe("invisible characters", () => {
  const contact = {
    name: "Ana Souza",
    email: "ana@empresa.com.br",
    company: "Empresa",
    subject: "comercial",
    message: "Quero saber mais sobre os planos.",
  };
  const invisible = "\u200b\u200c\u200d\u2060\ufeff \u00ad\u3164";

  it("takes a field of nothing but zero-width characters for an empty one", () => {
    expect(
      validateLead("contact", { ...contact, name: invisible, email: invisible, message: invisible.repeat(5) }),
    ).toEqual({ ok: false, errors: { name: "required", email: "required", message: "required" } });
    expect(leadErrorMessage("name", "required")).toBe("Informe o seu nome.");
    const verdict = validateLead("contact", { ...contact, company: invisible, phone: "\u200b" });
    expect(verdict).toMatchObject({ ok: true, lead: { company: null, phone: null } });
  });

  it("counts only what shows towards a minimum length", () => {
    expect(
      validateLead("contact", { ...contact, name: "A\u200b\u200b", message: "Curta\u200b\u200b\u200b\u200b\u200b" }),
    ).toEqual({
      ok: false,
      errors: { name: "tooShort", message: "tooShort" },
    });
  });

  it("refuses an e-mail address with a zero-width character inside", () => {
    expect(validateLead("contact", { ...contact, email: "ana\u200b@empresa.com.br" })).toEqual({
      ok: false,
      errors: { email: "invalid" },
    });
  });

  it("drops them around a value and keeps a joiner inside one", () => {
    const name = "Ana Souza \u{1f469}\u200d\u{1f4bb}";
    expect(validateLead("contact", { ...contact, name: `\ufeff\u200b${name}\u2060` })).toMatchObject({
      ok: true,
      lead: { name },
    });
  });
});

describe("boundLeadValues", () => {
  it("keeps a text a little past its limit whole, for the visitor to shorten", () => {
    const message = "Uma mensagem longa. ".repeat(256);
    expect(message.length).toBeGreaterThan(LEAD_LIMITS.messageMax);
    expect(boundLeadValues({ message, name: "Ana" })).toEqual({ message, name: "Ana" });
  });

  it("cuts each echoed value to twice its field's maximum", () => {
    const bounded = boundLeadValues({
      name: "a".repeat(10_000),
      email: "b".repeat(10_000),
      company: "c".repeat(10_000),
      phone: "1".repeat(10_000),
      subject: "d".repeat(10_000),
      message: "e".repeat(1_000_000),
      plan: "f".repeat(10_000),
    });
    expect(bounded.name).toHaveLength(2 * LEAD_LIMITS.nameMax);
    expect(bounded.email).toHaveLength(2 * LEAD_LIMITS.emailMax);
    expect(bounded.company).toHaveLength(2 * LEAD_LIMITS.companyMax);
    expect(bounded.phone).toHaveLength(2 * LEAD_LIMITS.phoneMax);
    expect(bounded.message).toHaveLength(2 * LEAD_LIMITS.messageMax);
    expect(bounded.subject!.length).toBeLessThanOrEqual(40);
    expect(bounded.plan!.length).toBeLessThanOrEqual(40);
  });
});
