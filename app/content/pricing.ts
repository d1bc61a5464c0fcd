// Copy of /precos (docs/product.md §2 "Pricing", §3 "Plan", §9): the four plans with their exact
// monthly prices and contents, the plan comparison and the pricing FAQ.

import type { LeadPlan } from "~/lib/lead-validation";
import type { FaqItem } from "./types";

export interface Plan {
  id: LeadPlan;
  name: string;
  /** Monthly price in BRL, formatted with Intl on the page. */
  price: number;
  description: string;
  features: string[];
  cta: string;
  highlighted: boolean;
  /** Badge of the highlighted plan's card. */
  badge?: string;
}

export const pricingMeta = {
  title: "Preços | Omnia: planos a partir de R$ 297 por mês",
  description:
    "Planos Basic, Business, Scale e Infinity para atendimento omnichannel com IA. Teste grátis por 14 dias, sem cartão de crédito, e até 20% de desconto no contrato anual.",
  breadcrumb: "Preços",
};

export const pricingHero = {
  eyebrow: "Preços",
  title: "Planos que crescem junto com a sua operação",
  subtitle: "Comece pequeno, evolua quando precisar. Todos os planos incluem atualizações, segurança e a IA da Omnia.",
  trialNote: "Teste grátis por 14 dias, sem cartão de crédito.",
  annualNote: "Contratos anuais têm até 20% de desconto.",
};

export const pricingCards = {
  title: "Escolha o seu plano",
  perMonth: "/mês",
  /** Accessible price, read as a sentence ("R$ 297 por mês"). */
  priceLabel: (price: string) => `${price} por mês`,
  includes: "O que está incluído",
};

export const plans: Plan[] = [
  {
    id: "basic",
    name: "Basic",
    price: 297,
    description: "Para pequenas equipes que estão começando a centralizar o atendimento.",
    features: ["Até 3 usuários", "1 canal de atendimento", "Dashboard padrão"],
    cta: "Começar teste grátis",
    highlighted: false,
  },
  {
    id: "business",
    name: "Business",
    price: 497,
    description: "Para equipes que querem automatizar o atendimento no WhatsApp com IA.",
    features: [
      "3 usuários",
      "Servidor incluso",
      "2 agentes de IA",
      "1 número de WhatsApp",
      "Suporte por e-mail e ticket",
    ],
    cta: "Começar teste grátis",
    highlighted: false,
  },
  {
    id: "scale",
    name: "Scale",
    price: 1675,
    description: "Para operações em crescimento que precisam de mais canais e acompanhamento próximo.",
    features: [
      "5 usuários",
      "Servidor dedicado",
      "Até 2 canais + API oficial",
      "Gerente de contas",
      "Conexão de e-mail",
      "Transcrição de áudio e imagem",
    ],
    cta: "Começar teste grátis",
    highlighted: true,
    badge: "Mais Popular",
  },
  {
    id: "infinity",
    name: "Infinity",
    price: 4975,
    description: "Para empresas que querem todos os canais, integrações sob medida e IA especializada.",
    features: [
      "10 usuários",
      "Até 5 canais + API oficial",
      "Instagram e Telegram",
      "Fluxos extras",
      "Link de pagamento",
      "Integração com CRM via API",
      "Onboarding dedicado",
      "Domínio personalizado",
      "Suíte de agentes especialistas",
    ],
    cta: "Começar teste grátis",
    highlighted: false,
  },
];

/** A cell is text, or whether the plan includes the row's feature. */
export type ComparisonCell = string | boolean;

export interface ComparisonRow {
  feature: string;
  /** One cell per plan, in the order of `plans`. */
  cells: [ComparisonCell, ComparisonCell, ComparisonCell, ComparisonCell];
}

export const pricingComparison: {
  title: string;
  subtitle: string;
  caption: string;
  featureHeader: string;
  recommendedPlan: LeadPlan;
  recommendedBadge: string;
  included: string;
  notIncluded: string;
  rows: ComparisonRow[];
} = {
  title: "Compare os planos",
  subtitle: "Cada plano inclui tudo o que está nos anteriores, e mais.",
  caption: "Comparação dos recursos dos planos Basic, Business, Scale e Infinity",
  featureHeader: "Recurso",
  recommendedPlan: "scale",
  recommendedBadge: "Recomendado",
  included: "Incluído",
  notIncluded: "Não incluído",
  rows: [
    { feature: "Usuários", cells: ["Até 3", "3", "5", "10"] },
    {
      feature: "Canais de atendimento",
      cells: ["1 canal", "1 WhatsApp", "Até 2 + API oficial", "Até 5 + API oficial"],
    },
    { feature: "Dashboard padrão", cells: [true, true, true, true] },
    { feature: "Servidor", cells: [false, "Incluso", "Dedicado", "Dedicado"] },
    { feature: "Agentes de IA", cells: [false, "2 agentes", "2 agentes", "Suíte de especialistas"] },
    { feature: "Suporte por e-mail e ticket", cells: [false, true, true, true] },
    { feature: "Gerente de contas", cells: [false, false, true, true] },
    { feature: "Conexão de e-mail", cells: [false, false, true, true] },
    { feature: "Transcrição de áudio e imagem", cells: [false, false, true, true] },
    { feature: "Instagram e Telegram", cells: [false, false, false, true] },
    { feature: "Fluxos extras", cells: [false, false, false, true] },
    { feature: "Link de pagamento", cells: [false, false, false, true] },
    { feature: "Integração com CRM via API", cells: [false, false, false, true] },
    { feature: "Onboarding dedicado", cells: [false, false, false, true] },
    { feature: "Domínio personalizado", cells: [false, false, false, true] },
  ],
};

export const pricingFaq: { title: string; subtitle: string; items: FaqItem[] } = {
  title: "Dúvidas sobre planos e preços",
  subtitle: "Se a sua pergunta não estiver aqui, fale com a nossa equipe comercial.",
  items: [
    {
      question: "Como funciona o teste grátis?",
      answer:
        "Você usa a Omnia por 14 dias, com os recursos do plano escolhido, sem informar cartão de crédito. Ao final do período, você decide se quer contratar; nada é cobrado automaticamente.",
    },
    {
      question: "Existe desconto para contrato anual?",
      answer:
        "Sim. No contrato anual, o desconto chega a 20% sobre o valor mensal, de acordo com o plano e o número de usuários. Fale com a equipe comercial para receber uma proposta.",
    },
    {
      question: "Posso mudar de plano depois?",
      answer:
        "Pode, a qualquer momento. Ao subir de plano, os novos recursos são liberados na hora e a diferença é cobrada proporcionalmente; ao descer, a mudança vale a partir do próximo ciclo de cobrança.",
    },
    {
      question: "Posso adicionar mais usuários ao meu plano?",
      answer:
        "Sim. Cada plano já inclui um número de usuários (3, 3, 5 e 10), e usuários adicionais podem ser contratados à parte, sem precisar trocar de plano.",
    },
    {
      question: 'O que significa "API oficial" nos planos Scale e Infinity?',
      answer:
        "É a conexão com a API oficial do WhatsApp Business, da Meta. Ela permite vários atendentes no mesmo número, mensagens-modelo aprovadas e mais estabilidade do que soluções não oficiais.",
    },
    {
      question: "Quais são as formas de pagamento? Há fidelidade?",
      answer:
        "Aceitamos cartão de crédito, boleto e Pix. Os planos mensais não têm fidelidade: você pode cancelar quando quiser, e o acesso continua até o fim do período já pago.",
    },
  ],
};
