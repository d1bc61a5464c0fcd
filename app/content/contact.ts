// Copy of /contato (docs/product.md §2 "Contact", §3, §5, §8, §9 support hours).

import { leadErrorMessage, leadFields, leadFormUi, leadSubjectLabels } from "./lead-form";
import { siteConfig } from "./site-config";

export interface ContactChannel {
  icon: "mail" | "phone" | "whatsapp" | "map";
  title: string;
  value: string;
  href?: string;
  description: string;
}

export const contactMeta = {
  title: "Contato | Fale com a equipe da Omnia",
  description:
    "Fale com a Omnia por e-mail, telefone, WhatsApp ou pelo formulário. Atendimento de segunda a sexta, das 9h às 18h, e aos sábados, das 9h às 13h.",
  breadcrumb: "Contato",
};

export const contactHero = {
  eyebrow: "Contato",
  title: "Vamos conversar",
  subtitle:
    "Dúvidas sobre planos, suporte ou parcerias? Escolha o canal que preferir, ou envie uma mensagem pelo formulário.",
};

export const contactChannels: { title: string; items: ContactChannel[] } = {
  title: "Canais de contato",
  items: [
    {
      icon: "mail",
      title: "E-mail",
      value: siteConfig.contact.email,
      href: `mailto:${siteConfig.contact.email}`,
      description: "Respondemos em até 1 dia útil.",
    },
    {
      icon: "phone",
      title: "Telefone",
      value: siteConfig.contact.phone,
      href: siteConfig.contact.phoneHref,
      description: "Comercial e suporte no horário de atendimento.",
    },
    {
      icon: "whatsapp",
      title: "WhatsApp",
      value: siteConfig.contact.whatsapp,
      href: siteConfig.contact.whatsappHref,
      description: "Atendimento pelo nosso próprio WhatsApp, na Omnia.",
    },
    {
      icon: "map",
      title: "Endereço",
      value: siteConfig.contact.address,
      description: "Visitas com hora marcada.",
    },
  ],
};

export const contactHours = {
  title: "Horário de atendimento",
  rows: [
    { days: "Segunda a sexta", hours: "9h–18h" },
    { days: "Sábado", hours: "9h–13h" },
    { days: "Domingo", hours: "Fechado" },
  ],
  note: "Horário de Brasília. Clientes com SLA enterprise contam com plantão para incidentes críticos.",
};

export const contactForm = {
  title: "Envie uma mensagem",
  subtitle: "Preencha o formulário e a nossa equipe responde o quanto antes.",
  submit: "Enviar mensagem",
  successTitle: "Mensagem enviada com sucesso!",
  successDescription: "Nossa equipe entrará em contato em breve.",
};

/** Everything the contact form shows, assembled from the shared lead-form copy. */
export const contactFormCopy = {
  ...contactForm,
  fields: leadFields,
  subjects: leadSubjectLabels,
  ui: leadFormUi,
  errorMessage: leadErrorMessage,
};
