// Labels, placeholders and messages shared by the two lead forms (contact, demo); docs/product.md §3/§5
// fixes the placeholders, docs/product.md the states.

import type { LeadErrorCode, LeadField, LeadPlan, LeadSubject } from "~/lib/lead-validation";

/** Texts both lead forms (contact, demo) show around their fields. */
export interface LeadFormUiCopy {
  requiredMark: string;
  optionalMark: string;
  honeypotLabel: string;
  pending: string;
  errorSummary: string;
  errorDescription: string;
  rateLimited: (minutes: number) => string;
  unreadable: string;
}

export interface FieldCopy {
  label: string;
  placeholder: string;
}

export const leadFields: Record<Exclude<LeadField, "plan">, FieldCopy> = {
  name: { label: "Nome", placeholder: "Seu nome" },
  email: { label: "E-mail", placeholder: "voce@empresa.com.br" },
  company: { label: "Empresa", placeholder: "Nome da empresa" },
  phone: { label: "Telefone", placeholder: "(11) 9 0000-0000" },
  subject: { label: "Assunto", placeholder: "Selecione um assunto" },
  message: { label: "Mensagem", placeholder: "Como podemos ajudar você?" },
};

export const leadSubjectLabels: Record<LeadSubject, string> = {
  demo: "Solicitar demonstração",
  comercial: "Comercial e preços",
  suporte: "Suporte técnico",
  parceria: "Parcerias",
  outro: "Outro assunto",
};

/** Plan names as on /precos, for the demo form's "plan of interest". */
export const leadPlanLabels: Record<LeadPlan, string> = {
  basic: "Basic",
  business: "Business",
  scale: "Scale",
  infinity: "Infinity",
};

export const leadFormUi = {
  requiredMark: "(obrigatório)",
  optionalMark: "(opcional)",
  honeypotLabel: "Não preencha este campo",
  pending: "Enviando...",
  errorSummary: "Confira os campos destacados.",
  errorTitle: "Erro",
  errorDescription: "Não foi possível enviar agora. Seus dados foram mantidos: tente novamente em instantes.",
  rateLimited: (minutes: number) =>
    `Recebemos muitos envios da sua conexão. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  unreadable: "Não conseguimos ler o formulário enviado. Recarregue a página e envie de novo.",
};

const messages: Record<LeadField, Partial<Record<LeadErrorCode, string>>> = {
  name: {
    required: "Informe o seu nome.",
    invalid: "O nome contém caracteres que não são aceitos.",
    tooShort: "O nome precisa ter pelo menos 2 caracteres.",
    tooLong: "O nome pode ter no máximo 120 caracteres.",
  },
  email: {
    required: "Informe o seu e-mail.",
    invalid: "Informe um e-mail válido, como voce@empresa.com.br.",
    tooLong: "O e-mail pode ter no máximo 254 caracteres.",
  },
  company: {
    tooLong: "O nome da empresa pode ter no máximo 120 caracteres.",
    invalid: "O nome da empresa contém caracteres que não são aceitos.",
  },
  phone: {
    invalid: "Informe um telefone válido, só com números, espaços, parênteses, + e -.",
    tooLong: "O telefone pode ter no máximo 40 caracteres.",
  },
  subject: { required: "Selecione um assunto.", invalid: "Selecione um assunto da lista." },
  message: {
    required: "Escreva a sua mensagem.",
    invalid: "A mensagem contém caracteres que não são aceitos.",
    tooShort: "A mensagem precisa ter pelo menos 10 caracteres.",
    tooLong: "A mensagem pode ter no máximo 5.000 caracteres.",
  },
  plan: { invalid: "Selecione um plano da lista." },
};

export function leadErrorMessage(field: LeadField, code: LeadErrorCode): string {
  return messages[field][code] ?? "Confira este campo.";
}
