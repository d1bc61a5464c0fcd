// Copy of the "Solicitar demonstração" section at the end of every page (docs/product.md, "#demo")
// and of its no-JavaScript confirmation page (/solicitar-demo).

import { leadErrorMessage, leadFields, leadFormUi, leadPlanLabels } from "./lead-form";

export const demoSection = {
  title: "Solicitar demonstração",
  subtitle:
    "Conte um pouco sobre a sua empresa e agendamos uma demonstração gratuita da Omnia com os seus canais. Teste grátis por 14 dias, sem cartão de crédito.",
  planLabel: "Plano de interesse",
  planPlaceholder: "Ainda não sei",
  submit: "Solicitar demonstração",
  privacyText: "Usamos seus dados apenas para responder a este pedido, conforme a nossa",
  privacyLink: { label: "Política de Privacidade", href: "/privacidade" },
  successTitle: "Pedido recebido!",
  successDescription: "Nossa equipe entrará em contato em até 1 dia útil para agendar a sua demonstração.",
  another: "Enviar outro pedido",
};

export const demoConfirmationPage = {
  metaTitle: "Pedido de demonstração | Omnia",
  metaDescription: "Peça uma demonstração gratuita da plataforma omnichannel da Omnia.",
  formTitle: "Confira os seus dados",
  back: "Voltar para a página anterior",
};

/** Everything the demo form shows, assembled from the shared lead-form copy. */
export const demoFormCopy = {
  ...demoSection,
  fields: {
    name: leadFields.name,
    email: leadFields.email,
    company: leadFields.company,
    phone: leadFields.phone,
  },
  planLabels: leadPlanLabels,
  ui: leadFormUi,
  errorMessage: leadErrorMessage,
};
