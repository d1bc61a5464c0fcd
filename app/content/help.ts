// Copy of /documentacao and /ajuda (docs/product.md: useful overview pages: API overview, FAQ,
// how to reach support).

import type { DocumentPage } from "./document";
import { siteConfig } from "./site-config";
import type { FaqItem } from "./types";

export const docsPage: DocumentPage = {
  meta: {
    title: "Documentação | Omnia: primeiros passos, API e webhooks",
    description:
      "Visão geral da documentação da Omnia: primeiros passos, canais, API REST com mais de 100 endpoints, autenticação, webhooks, limites de uso e boas práticas.",
    breadcrumb: "Documentação",
  },
  eyebrow: "Documentação",
  title: "Documentação da Omnia",
  intro:
    "Tudo o que você precisa para colocar a Omnia em funcionamento e integrá-la aos seus sistemas: dos primeiros passos na plataforma à referência completa da API.",
  tocTitle: "Conteúdo",
  sections: [
    {
      id: "primeiros-passos",
      title: "Primeiros passos",
      paragraphs: ["Uma configuração básica fica pronta em poucos dias. O caminho recomendado é:"],
      list: [
        "Crie os usuários da equipe e atribua os perfis de acesso (agente, supervisor, administrador).",
        "Conecte os canais em Configurações > Canais: WhatsApp, Instagram, Messenger, e-mail, voz ou SMS.",
        "Organize as filas e os horários de atendimento, com as mensagens para fora do expediente.",
        "Ative a IA: roteamento, respostas sugeridas e análise de sentimento, com a sua base de conhecimento.",
        "Acompanhe os painéis em tempo real e ajuste as regras com base nos indicadores.",
      ],
    },
    {
      id: "api",
      title: "API REST",
      paragraphs: [
        "A API REST da Omnia tem mais de 100 endpoints para contatos, conversas, mensagens, tickets, filas, usuários e relatórios. As requisições e respostas usam JSON, com paginação por cursor e erros padronizados.",
        "A autenticação usa tokens de acesso gerados em Configurações > API, enviados no cabeçalho Authorization. Cada token tem escopos, para que uma integração acesse apenas o que precisa.",
      ],
      links: [{ label: "Referência completa da API", href: siteConfig.apiDocsUrl }],
    },
    {
      id: "webhooks",
      title: "Webhooks",
      paragraphs: [
        "Os webhooks avisam os seus sistemas, em tempo real, sobre eventos como nova conversa, nova mensagem, mudança de status de ticket e resposta a pesquisa de satisfação. Cada entrega é assinada, para que você confirme que veio da Omnia, e é reenviada automaticamente em caso de falha.",
      ],
    },
    {
      id: "limites",
      title: "Limites de uso",
      paragraphs: [
        "Para manter a plataforma estável para todos, a API aplica limites de requisições por minuto, informados nos cabeçalhos de cada resposta. Ao atingir o limite, aguarde o tempo indicado antes de tentar novamente.",
      ],
    },
    {
      id: "integracoes",
      title: "Integrações prontas",
      paragraphs: [
        "CRMs, lojas virtuais, marketplaces e ferramentas de produtividade podem ser conectados sem programar. Veja a lista completa e como começar com cada uma.",
      ],
      links: [{ label: "Ver integrações", href: "/integracoes" }],
    },
    {
      id: "ajuda",
      title: "Precisa de ajuda?",
      paragraphs: [
        "Se não encontrou o que procurava, a nossa Central de Ajuda e o time de suporte estão à disposição.",
      ],
      links: [
        { label: "Central de Ajuda", href: "/ajuda" },
        { label: "Falar com o suporte", href: "/contato" },
      ],
    },
  ],
};

export const helpMeta = {
  title: "Central de Ajuda | Omnia",
  description:
    "Respostas para as dúvidas mais comuns sobre conta, canais, IA, planos e faturamento na Omnia, e como falar com o suporte de segunda a sábado.",
  breadcrumb: "Central de Ajuda",
};

export const helpHero = {
  eyebrow: "Central de Ajuda",
  title: "Como podemos ajudar?",
  subtitle: "Respostas rápidas para as dúvidas mais comuns, e o caminho para falar com uma pessoa quando precisar.",
};

export const helpTopics: {
  title: string;
  items: { title: string; description: string; href: string; label: string }[];
} = {
  title: "Comece por aqui",
  items: [
    {
      title: "Primeiros passos",
      description: "Configure usuários, canais, filas e a IA em poucos dias.",
      href: "/documentacao#primeiros-passos",
      label: "Ler o guia de primeiros passos",
    },
    {
      title: "Integrações",
      description: "Conecte CRMs, lojas virtuais e ferramentas de trabalho.",
      href: "/integracoes",
      label: "Ver as integrações",
    },
    {
      title: "API e webhooks",
      description: "Integre os seus sistemas com mais de 100 endpoints.",
      href: "/documentacao#api",
      label: "Ler sobre a API",
    },
    {
      title: "Status dos serviços",
      description: "Veja se a plataforma está funcionando normalmente.",
      href: "/status",
      label: "Ver o status",
    },
  ],
};

export const helpFaq: { title: string; subtitle: string; items: FaqItem[] } = {
  title: "Perguntas frequentes",
  subtitle: "As dúvidas que mais chegam ao nosso suporte.",
  items: [
    {
      question: "Esqueci a minha senha. Como recupero o acesso?",
      answer:
        "Na tela de acesso, use a opção de recuperar senha e siga as instruções enviadas ao seu e-mail. Se a sua empresa usa autenticação multifator e você perdeu o dispositivo, peça ao administrador da conta para redefinir o seu acesso.",
    },
    {
      question: "Como conecto o WhatsApp da minha empresa?",
      answer:
        "Em Configurações > Canais, escolha WhatsApp Business e entre com a conta do Meta Business da empresa. O número passa a receber mensagens na Omnia em poucos minutos, e vários atendentes podem usá-lo ao mesmo tempo.",
    },
    {
      question: "Posso desativar a IA em algumas filas?",
      answer:
        "Sim. O roteamento, as respostas sugeridas e os agentes de IA podem ser ligados ou desligados por fila, e você decide quais conversas sempre passam por uma pessoa.",
    },
    {
      question: "Como adiciono usuários ou mudo de plano?",
      answer:
        "O administrador da conta adiciona usuários em Configurações > Equipe. Para mudar de plano, fale com o seu gerente de contas ou com o time comercial pelo formulário de contato.",
    },
    {
      question: "Onde encontro as minhas faturas?",
      answer:
        "As faturas e notas fiscais ficam em Configurações > Faturamento, disponíveis para os administradores da conta. Você também pode pedir uma segunda via ao suporte.",
    },
    {
      question: "Qual é o horário do suporte?",
      answer:
        "O suporte atende de segunda a sexta, das 9h às 18h, e aos sábados, das 9h às 13h. Aos domingos não há atendimento, exceto o plantão para incidentes críticos dos clientes com SLA enterprise.",
    },
  ],
};

/** The closing call to the support team, with its e-mail from the site settings. */
export const helpSupport = (supportEmail: string) => ({
  title: "Ainda precisa de ajuda?",
  text: `Fale com o suporte pelo e-mail ${supportEmail} ou pelo formulário de contato. Atendemos de segunda a sexta, das 9h às 18h, e aos sábados, das 9h às 13h.`,
  cta: { label: "Falar com o suporte", href: "/contato" },
});

export const statusCopy = {
  meta: {
    title: "Status dos serviços | Omnia",
    description: "Situação atual do site e da plataforma da Omnia, verificada em tempo real.",
    breadcrumb: "Status",
  },
  eyebrow: "Status",
  title: "Status dos serviços",
  subtitle: "Esta página verifica, a cada acesso, se o site e a sua API de dados estão respondendo.",
  operational: "Operacional",
  degraded: "Instabilidade",
  allOperational: "Todos os sistemas operacionais",
  someDegraded: "Alguns sistemas com instabilidade",
  checkedAt: (when: string) => `Verificado em ${when} (horário de Brasília).`,
  latency: (ms: number) => `Tempo de resposta: ${ms} ms`,
  components: {
    site: { name: "Site e páginas", description: "Páginas públicas e blog." },
    backend: { name: "API de dados e autenticação", description: "Banco de dados, blog e acesso à área restrita." },
  },
  refresh: "Verificar novamente",
  help: "Percebeu algum problema que não aparece aqui? Fale com o suporte.",
  helpLink: { label: "Falar com o suporte", href: "/contato" },
};
