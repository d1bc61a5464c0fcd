// Copy of /contato (docs/product.md §2 "Contact" with its support hours, §3, §5, §8).

import { formatPhone, phoneHref, whatsappLink, type SiteSettings } from "~/lib/site-settings";
import { leadErrorMessage, leadFields, leadFormUi, leadSubjectLabels } from "./lead-form";

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

/** The channels /contato lists, from the site settings: a channel without a value is left out. */
export function contactChannels(settings: SiteSettings): { title: string; items: ContactChannel[] } {
  const items: (ContactChannel | null)[] = [
    {
      icon: "mail",
      title: "E-mail",
      value: settings.email,
      href: `mailto:${settings.email}`,
      description: "Respondemos em até 1 dia útil.",
    },
    settings.phone
      ? {
          icon: "phone",
          title: "Telefone",
          value: formatPhone(settings.phone),
          href: phoneHref(settings.phone),
          description: "Comercial e suporte no horário de atendimento.",
        }
      : null,
    settings.whatsapp
      ? {
          icon: "whatsapp",
          title: "WhatsApp",
          value: formatPhone(settings.whatsapp),
          href: whatsappLink(settings, "/contato"),
          description: "Atendimento pelo nosso próprio WhatsApp, na Omnia.",
        }
      : null,
    {
      icon: "map",
      title: "Endereço",
      value: settings.address,
      description: "Visitas com hora marcada.",
    },
  ];
  return { title: "Canais de contato", items: items.filter((item) => item !== null) };
}

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
