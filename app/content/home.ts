// Copy of the home page (docs/product.md §2 "Home", sections in order). Figures come from docs/product.md §1/§9.

import type { FaqItem } from "./types";

export interface Feature {
  icon: "bot" | "chart" | "users" | "shield";
  title: string;
  description: string;
}

export interface Pillar {
  title: string;
  description: string;
  items: string[];
}

export const homeMeta = {
  title: "Omnia | Plataforma omnichannel de atendimento com IA",
  description:
    "Atenda por voz, chat, e-mail, WhatsApp, redes sociais e SMS em uma só plataforma com IA. 99,9% de uptime, 40% menos custos e 95% de satisfação. Peça uma demonstração.",
};

export const homeHero = {
  eyebrow: "Plataforma omnichannel com IA",
  title: "Todos os canais do seu cliente. Uma só conversa.",
  subtitle:
    "A Omnia reúne voz, chat, e-mail, WhatsApp, Facebook, Instagram, SMS, marketplaces e CRMs em uma única plataforma, com inteligência artificial que roteia atendimentos, sugere respostas e entende o sentimento de cada cliente.",
  primaryCta: { label: "Solicitar demonstração gratuita", href: "#demo" },
  secondaryCta: { label: "Ver recursos", href: "/recursos" },
};

export const homePillars: { title: string; subtitle: string; items: Pillar[] } = {
  title: "Três pilares para um atendimento sem fronteiras",
  subtitle: "Tecnologia pensada para conectar, entender e crescer junto com a sua operação.",
  items: [
    {
      title: "Conectividade",
      description: "Todos os canais conversam entre si, e com os sistemas que você já usa.",
      items: ["Omnichannel unificado", "Sincronização em tempo real", "API robusta com mais de 100 endpoints"],
    },
    {
      title: "Inteligência",
      description: "IA que trabalha junto com a sua equipe, do primeiro contato ao pós-venda.",
      items: ["Automação com IA", "Analytics avançado", "Personalização em escala"],
    },
    {
      title: "Escala",
      description: "Infraestrutura preparada para crescer do primeiro canal ao milhão de interações.",
      items: ["Alta disponibilidade", "Segurança empresarial", "Suporte 24/7"],
    },
  ],
};

export const homeFeatures: { title: string; subtitle: string; items: Feature[] } = {
  title: "Recursos que transformam o seu atendimento",
  subtitle: "Tudo o que a sua equipe precisa para atender melhor, mais rápido e com menos esforço.",
  items: [
    {
      icon: "bot",
      title: "Automação com IA",
      description:
        "Roteamento inteligente, respostas sugeridas e análise de sentimento para resolver mais em menos tempo.",
    },
    {
      icon: "chart",
      title: "Relatórios em tempo real",
      description: "Painéis ao vivo com volume, tempo de resposta, satisfação e desempenho por canal e por agente.",
    },
    {
      icon: "users",
      title: "Gestão de equipes",
      description: "Filas, turnos, permissões e metas em um só lugar, para cada pessoa saber o que fazer a seguir.",
    },
    {
      icon: "shield",
      title: "Segurança avançada",
      description:
        "Criptografia AES-256, autenticação multifator, controle de acesso por perfil e conformidade com LGPD e GDPR.",
    },
  ],
};

export const homeCta = {
  title: "Pronto para unificar o seu atendimento?",
  subtitle:
    "Agende uma demonstração e veja, com os seus próprios canais, como a Omnia reduz custos e aumenta a satisfação dos seus clientes.",
  primary: { label: "Agendar demonstração", href: "#demo" },
};

export const homeFaq: { title: string; subtitle: string; items: FaqItem[] } = {
  title: "Perguntas frequentes",
  subtitle: "O que as empresas mais perguntam antes de começar.",
  items: [
    {
      question: "O que é a Omnia?",
      answer:
        "A Omnia é uma plataforma omnichannel de relacionamento com clientes, com inteligência artificial integrada. Ela centraliza o atendimento e as vendas de todos os canais da sua empresa em um só lugar, com histórico unificado de cada cliente, automações e relatórios em tempo real.",
    },
    {
      question: "Quais canais são suportados?",
      answer:
        "Voz, chat no site, e-mail, WhatsApp, Facebook Messenger, Instagram Direct, SMS, os principais marketplaces e integrações com CRMs. Todas as conversas chegam à mesma caixa de entrada, e o cliente pode trocar de canal sem perder o contexto.",
    },
    {
      question: "Como funciona a automação com IA?",
      answer:
        "A IA da Omnia classifica cada contato pelo assunto e pela urgência e o direciona para a fila ou o agente certo. Durante a conversa, ela sugere respostas com base no histórico e na sua base de conhecimento, e a análise de sentimento sinaliza clientes insatisfeitos antes que o problema cresça. Você decide o que é automático e o que passa por uma pessoa.",
    },
    {
      question: "Meus dados estão seguros? A Omnia atende à LGPD?",
      answer:
        "Sim. Os dados são criptografados com AES-256, o acesso é controlado por perfil (RBAC) e protegido por autenticação multifator, e fazemos backups diários e auditorias de segurança trimestrais. A plataforma foi construída para a conformidade com a LGPD e o GDPR, com ferramentas para atender aos direitos dos titulares.",
    },
    {
      question: "Quanto tempo leva a implementação?",
      answer:
        "A configuração básica fica pronta em poucos dias: conectamos seus canais, importamos seus contatos e treinamos sua equipe. Projetos enterprise, com integrações e fluxos personalizados, recebem um plano de implantação sob medida, definido de acordo com a complexidade da operação.",
    },
  ],
};
