import type { Locator } from "@playwright/test";

// Filling the two lead forms the way a visitor does, by their pt-BR labels (docs/product.md §3
// and §8). A field left out of `values` is not touched.

export interface ContactFormValues {
  name?: string;
  email?: string;
  company?: string;
  phone?: string;
  /** The subject's visible option text, e.g. "Parcerias". */
  subject?: string;
  message?: string;
}

export async function fillContactForm(form: Locator, values: ContactFormValues): Promise<void> {
  if (values.name !== undefined) await form.getByLabel("Nome").fill(values.name);
  if (values.email !== undefined) await form.getByLabel("E-mail").fill(values.email);
  if (values.company !== undefined) await form.getByLabel("Empresa").fill(values.company);
  if (values.phone !== undefined) await form.getByLabel("Telefone").fill(values.phone);
  if (values.subject !== undefined) await form.getByLabel("Assunto").selectOption({ label: values.subject });
  if (values.message !== undefined) await form.getByLabel("Mensagem").fill(values.message);
}

export interface DemoFormValues {
  name?: string;
  email?: string;
  company?: string;
  phone?: string;
  /** The plan's option value, e.g. "scale". */
  plan?: string;
}

/** Fills the demo form and presses "Solicitar demonstração". */
export async function submitDemoForm(form: Locator, values: DemoFormValues): Promise<void> {
  if (values.name !== undefined) await form.getByLabel("Nome").fill(values.name);
  if (values.email !== undefined) await form.getByLabel("E-mail").fill(values.email);
  if (values.company !== undefined) await form.getByLabel("Empresa").fill(values.company);
  if (values.phone !== undefined) await form.getByLabel("Telefone").fill(values.phone);
  if (values.plan !== undefined) await form.getByLabel("Plano de interesse").selectOption(values.plan);
  await form.getByRole("button", { name: "Solicitar demonstração" }).click();
}
