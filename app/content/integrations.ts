// Copy of /integracoes (docs/product.md §2 "Integrations"; docs/product.md: "Saiba Mais" opens a dialog
// with what the integration connects, what syncs and how to start).

import { siteConfig } from "./site-config";

export interface Integration {
  name: string;
  /** Two letters shown as the card's mark. */
  initials: string;
  summary: string;
  details: {
    connects: string;
    syncs: string[];
    howToStart: string[];
  };
}

export interface IntegrationCategory {
  id: string;
  title: string;
  description: string;
  items: Integration[];
}

export const integrationsMeta = {
  title: "Integrações | Omnia: canais, CRMs, e-commerce e API",
  description:
    "Conecte a Omnia ao WhatsApp, Instagram, Messenger, e-mail, CRMs, lojas virtuais, marketplaces e ferramentas de trabalho. Mais de 100 endpoints de API e webhooks.",
  breadcrumb: "Integrações",
};

export const integrationsHero = {
  eyebrow: "Integrações",
  title: "A Omnia conversa com as ferramentas que você já usa",
  subtitle:
    "Canais de comunicação, CRMs, lojas virtuais e ferramentas de produtividade conectados à sua operação, com sincronização em tempo real.",
};

export const integrationsUi = {
  learnMore: "Saiba Mais",
  learnMoreLabel: (name: string) => `Saiba mais sobre a integração com ${name}`,
  connectsTitle: "O que conecta",
  syncsTitle: "O que sincroniza",
  howToStartTitle: "Como começar",
  close: "Fechar",
};

export const integrationCategories: IntegrationCategory[] = [
  {
    id: "canais",
    title: "Canais de comunicação",
    description: "Todas as conversas na mesma caixa de entrada, com o histórico de cada cliente.",
    items: [
      {
        name: "WhatsApp Business",
        initials: "WA",
        summary: "API oficial do WhatsApp com vários atendentes no mesmo número.",
        details: {
          connects:
            "O número da sua empresa na API oficial do WhatsApp Business, da Meta, à caixa de entrada da Omnia.",
          syncs: [
            "Mensagens de texto, áudio, imagem e documentos",
            "Mensagens-modelo aprovadas pela Meta",
            "Status de entrega e leitura",
          ],
          howToStart: [
            "Em Configurações > Canais, escolha WhatsApp Business",
            "Entre com a conta do Meta Business da empresa e selecione o número",
            "Defina a fila que recebe as conversas e comece a atender",
          ],
        },
      },
      {
        name: "Instagram Direct",
        initials: "IG",
        summary: "Mensagens diretas e respostas a stories no mesmo fluxo do atendimento.",
        details: {
          connects: "A conta profissional do Instagram da sua marca à Omnia.",
          syncs: ["Mensagens diretas", "Respostas e menções em stories", "Foto e nome público do perfil do cliente"],
          howToStart: [
            "Vincule a conta do Instagram a uma página do Facebook",
            "Em Configurações > Canais, escolha Instagram e autorize o acesso",
            "Escolha a fila e as regras de roteamento",
          ],
        },
      },
      {
        name: "Facebook Messenger",
        initials: "FB",
        summary: "Conversas da sua página do Facebook respondidas pela equipe e pela IA.",
        details: {
          connects: "As páginas do Facebook da sua empresa à caixa de entrada da Omnia.",
          syncs: ["Mensagens do Messenger", "Anexos e reações", "Origem da conversa (anúncio, página ou link)"],
          howToStart: [
            "Em Configurações > Canais, escolha Facebook Messenger",
            "Entre com uma conta que administre a página",
            "Selecione as páginas e a fila de destino",
          ],
        },
      },
      {
        name: "E-mail",
        initials: "EM",
        summary: "Caixas de e-mail da empresa transformadas em tickets com prazo.",
        details: {
          connects: "Qualquer caixa de e-mail (Google Workspace, Microsoft 365 ou IMAP/SMTP) à Omnia.",
          syncs: [
            "E-mails recebidos e enviados, com anexos",
            "Conversas agrupadas por assunto",
            "Assinaturas por atendente",
          ],
          howToStart: [
            "Em Configurações > Canais, escolha E-mail",
            "Autorize a conta ou informe os dados IMAP/SMTP",
            "Defina os prazos de resposta de cada fila",
          ],
        },
      },
    ],
  },
  {
    id: "crm",
    title: "CRM e vendas",
    description: "Dados de clientes e negócios ao lado de cada conversa, nos dois sentidos.",
    items: [
      {
        name: "Salesforce",
        initials: "SF",
        summary: "Contatos, contas e oportunidades sincronizados com o atendimento.",
        details: {
          connects: "A sua organização do Salesforce à Omnia, por meio de um aplicativo conectado.",
          syncs: ["Contatos e contas", "Oportunidades e casos", "Registro das conversas na linha do tempo do cliente"],
          howToStart: [
            "Em Configurações > Integrações, escolha Salesforce",
            "Autorize com um usuário administrador",
            "Mapeie os campos que aparecem para os atendentes",
          ],
        },
      },
      {
        name: "HubSpot",
        initials: "HS",
        summary: "Contatos e negócios do HubSpot atualizados a cada atendimento.",
        details: {
          connects: "A sua conta do HubSpot CRM à Omnia.",
          syncs: ["Contatos e empresas", "Negócios e etapas do funil", "Conversas registradas como atividades"],
          howToStart: [
            "Em Configurações > Integrações, escolha HubSpot",
            "Autorize o acesso à conta",
            "Escolha em qual funil os novos negócios são criados",
          ],
        },
      },
      {
        name: "RD Station",
        initials: "RD",
        summary: "Leads do marketing entregues ao time de vendas com contexto.",
        details: {
          connects: "O RD Station Marketing e o RD Station CRM à Omnia.",
          syncs: ["Leads e conversões", "Etiquetas e segmentações", "Oportunidades criadas a partir das conversas"],
          howToStart: [
            "Em Configurações > Integrações, escolha RD Station",
            "Autorize a conta e escolha os eventos de conversão",
            "Defina a fila que recebe os novos leads",
          ],
        },
      },
    ],
  },
  {
    id: "ecommerce",
    title: "E-commerce e marketplaces",
    description: "Pedidos, entregas e perguntas de compradores sem sair da conversa.",
    items: [
      {
        name: "Mercado Livre",
        initials: "ML",
        summary: "Perguntas e mensagens pós-venda respondidas dentro do prazo.",
        details: {
          connects: "A sua conta de vendedor do Mercado Livre à Omnia.",
          syncs: ["Perguntas de compradores", "Mensagens pós-venda", "Dados do pedido e da entrega"],
          howToStart: [
            "Em Configurações > Integrações, escolha Mercado Livre",
            "Entre com a conta de vendedor e autorize",
            "Ative respostas sugeridas pela IA para perguntas frequentes",
          ],
        },
      },
      {
        name: "VTEX",
        initials: "VT",
        summary: "Status de pedidos e trocas à vista do atendente.",
        details: {
          connects: "A sua loja VTEX à Omnia, com uma chave de aplicação.",
          syncs: ["Pedidos e status de entrega", "Dados de clientes", "Solicitações de troca e devolução"],
          howToStart: [
            "Crie uma chave de aplicação no admin da VTEX",
            "Em Configurações > Integrações, escolha VTEX e informe a chave",
            "Escolha quais dados aparecem na conversa",
          ],
        },
      },
      {
        name: "Shopify",
        initials: "SH",
        summary: "Pedidos e carrinhos abandonados ligados ao atendimento.",
        details: {
          connects: "A sua loja Shopify à Omnia, por meio de um aplicativo.",
          syncs: [
            "Pedidos e rastreamento",
            "Clientes e histórico de compras",
            "Carrinhos abandonados para recuperação",
          ],
          howToStart: [
            "Em Configurações > Integrações, escolha Shopify",
            "Instale o aplicativo da Omnia na sua loja",
            "Configure as mensagens de recuperação de carrinho",
          ],
        },
      },
    ],
  },
  {
    id: "produtividade",
    title: "Produtividade e automação",
    description: "Avisos, dados e fluxos levados para onde a sua equipe já trabalha.",
    items: [
      {
        name: "Slack",
        initials: "SL",
        summary: "Alertas de conversas críticas e resumos diários no canal da equipe.",
        details: {
          connects: "O workspace do Slack da sua empresa à Omnia.",
          syncs: ["Alertas de sentimento negativo", "Avisos de fila acima do limite", "Resumos diários de indicadores"],
          howToStart: [
            "Em Configurações > Integrações, escolha Slack",
            "Autorize o workspace e escolha os canais",
            "Defina quais alertas cada canal recebe",
          ],
        },
      },
      {
        name: "Google Sheets",
        initials: "GS",
        summary: "Relatórios exportados automaticamente para planilhas.",
        details: {
          connects: "Uma conta do Google Workspace à Omnia.",
          syncs: ["Relatórios agendados", "Respostas de pesquisas de satisfação", "Listas de contatos para campanhas"],
          howToStart: [
            "Em Configurações > Integrações, escolha Google Sheets",
            "Autorize a conta do Google",
            "Escolha o relatório e a frequência de exportação",
          ],
        },
      },
      {
        name: "Webhooks e API",
        initials: "API",
        summary: "Mais de 100 endpoints e webhooks para integrar qualquer sistema.",
        details: {
          connects: "Os seus sistemas internos à Omnia, pela API REST e por webhooks.",
          syncs: [
            "Eventos de conversas, tickets e contatos em tempo real",
            "Criação e atualização de contatos e tickets",
            "Envio de mensagens por qualquer canal conectado",
          ],
          howToStart: [
            "Em Configurações > API, gere um token de acesso",
            "Cadastre a URL que recebe os webhooks",
            "Siga os exemplos da documentação da API",
          ],
        },
      },
    ],
  },
];

export const integrationsApi = {
  title: "Não encontrou a sua ferramenta?",
  text: "Com a API REST da Omnia, com mais de 100 endpoints, e os webhooks de eventos, a sua equipe de tecnologia integra qualquer sistema em poucos dias.",
  linkLabel: "Ver documentação da API",
  /** Appended to the link's accessible name: the page opens in a new tab. */
  newTabHint: "(abre em nova aba)",
  href: siteConfig.apiDocsUrl,
};
