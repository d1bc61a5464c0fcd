import type { Locator, Page } from "@playwright/test";

// Filling the two lead forms the way a visitor does, by their pt-BR labels (docs/product.md §3
// and §8). A field left out of `values` is not touched; fields are filled in the order given.

const LABELS = {
  name: "Nome",
  email: "E-mail",
  company: "Empresa",
  phone: "Telefone",
  /** The contact form's subject, chosen by its visible option text, e.g. "Parcerias". */
  subject: "Assunto",
  message: "Mensagem",
  /** The demo form's plan, chosen by its option value, e.g. "scale". */
  plan: "Plano de interesse",
} as const;

export type LeadFormValues = Partial<Record<keyof typeof LABELS, string>>;

export async function fillLeadForm(form: Locator, values: LeadFormValues): Promise<void> {
  for (const [key, value] of Object.entries(values) as [keyof typeof LABELS, string | undefined][]) {
    if (value === undefined) continue;
    const field = form.getByLabel(LABELS[key]);
    if (key === "subject") await field.selectOption({ label: value });
    else if (key === "plan") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** Fills the demo form and presses "Solicitar demonstração". */
export async function submitDemoForm(form: Locator, values: LeadFormValues): Promise<void> {
  await fillLeadForm(form, values);
  await form.getByRole("button", { name: "Solicitar demonstração" }).click();
}

/** The "Solicitar demonstração" section that every marketing page ends with. */
export function demoSection(page: Page): Locator {
  return page.getByRole("region", { name: "Solicitar demonstração" });
}
