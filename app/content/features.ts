// Copy of /recursos (docs/product.md §2, "Features"): four tabs with feature cards and their benefits.

import type { CallToAction } from "./types";

export type FeatureTabId = "canais" | "automacao" | "analytics" | "gestao";

export interface FeatureCard {
  title: string;
  description: string;
  benefits: string[];
}

export interface FeatureTab {
  id: FeatureTabId;
  label: string;
  title: string;
  description: string;
  cards: FeatureCard[];
}

export const featuresMeta = {
  title: "Recursos | Omnia: canais, automação com IA, analytics e gestão",
  description:
    "Conheça os recursos da Omnia: todos os canais em uma caixa de entrada, roteamento e respostas com IA, análise de sentimento, relatórios em tempo real e gestão de equipes.",
  breadcrumb: "Recursos",
};

export const featuresHero = {
  eyebrow: "Recursos",
  title: "Tudo o que o seu atendimento precisa, em uma só plataforma",
  subtitle:
    "Conecte todos os canais, deixe a IA cuidar do trabalho repetitivo e acompanhe cada indicador em tempo real, com a segurança que a sua empresa exige.",
};

export const featureTabs: { label: string; defaultTab: FeatureTabId; items: FeatureTab[] } = {
  label: "Categorias de recursos",
  defaultTab: "canais",
  items: [
    {
      id: "canais",
      label: "Canais",
      title: "Omnichannel de verdade",
      description:
        "Voz, chat, e-mail, WhatsApp, Facebook, Instagram, SMS, marketplaces e CRMs chegam à mesma caixa de entrada, com o histórico completo de cada cliente.",
      cards: [
        {
          title: "Caixa de entrada unificada",
          description: "Todas as conversas, de todos os canais, em uma única fila de trabalho para a sua equipe.",
          benefits: [
            "Histórico único por cliente, qualquer que seja o canal",
            "O cliente troca de canal sem repetir o que já contou",
            "Filtros por canal, fila, prioridade e status",
          ],
        },
        {
          title: "WhatsApp e redes sociais",
          description: "API oficial do WhatsApp, Facebook Messenger e Instagram Direct integrados ao seu atendimento.",
          benefits: [
            "Vários atendentes no mesmo número de WhatsApp",
            "Mensagens-modelo aprovadas para campanhas e avisos",
            "Comentários e mensagens diretas em um só lugar",
          ],
        },
        {
          title: "Voz, e-mail e SMS",
          description: "Telefonia em nuvem, e-mail e SMS no mesmo fluxo das conversas digitais.",
          benefits: [
            "Chamadas gravadas e vinculadas ao cliente",
            "E-mails transformados em tickets automaticamente",
            "Confirmações e lembretes por SMS",
          ],
        },
        {
          title: "Marketplaces e CRMs",
          description: "Perguntas de marketplaces e dados do seu CRM ao lado de cada conversa.",
          benefits: [
            "Perguntas de compradores respondidas no prazo",
            "Dados de pedidos e negócios sem trocar de tela",
            "Sincronização em tempo real nos dois sentidos",
          ],
        },
      ],
    },
    {
      id: "automacao",
      label: "Automação",
      title: "Inteligência artificial que trabalha com a sua equipe",
      description:
        "A IA da Omnia entende o assunto de cada contato, encaminha para quem resolve e sugere a melhor resposta, sempre com você no controle.",
      cards: [
        {
          title: "Roteamento inteligente",
          description:
            "Cada contato vai para a fila e o agente certos, pelo assunto, pela urgência e pelo perfil do cliente.",
          benefits: [
            "Menos transferências entre atendentes",
            "Clientes prioritários atendidos primeiro",
            "Distribuição equilibrada da carga de trabalho",
          ],
        },
        {
          title: "Respostas sugeridas",
          description: "Sugestões de resposta geradas a partir do histórico do cliente e da sua base de conhecimento.",
          benefits: [
            "Tempo médio de atendimento menor",
            "Tom de voz consistente em todos os canais",
            "Novos atendentes produtivos desde o primeiro dia",
          ],
        },
        {
          title: "Análise de sentimento",
          description:
            "Cada mensagem é avaliada em tempo real, e clientes insatisfeitos são sinalizados antes que o problema cresça.",
          benefits: [
            "Alertas para supervisores em conversas críticas",
            "Indicadores de sentimento por canal e por equipe",
            "Ações preventivas contra cancelamentos",
          ],
        },
        {
          title: "Fluxos e agentes de IA",
          description: "Agentes virtuais e fluxos sem código resolvem as demandas repetitivas a qualquer hora.",
          benefits: [
            "Atendimento 24 horas para dúvidas frequentes",
            "Transferência para uma pessoa com todo o contexto",
            "Fluxos criados pela própria operação, sem programar",
          ],
        },
      ],
    },
    {
      id: "analytics",
      label: "Analytics",
      title: "Decisões com dados em tempo real",
      description:
        "Painéis ao vivo e relatórios detalhados mostram o que acontece em cada canal, fila e equipe, para você agir na hora certa.",
      cards: [
        {
          title: "Painéis em tempo real",
          description: "Volume, tempo de espera, tempo de resposta e nível de serviço atualizados ao vivo.",
          benefits: [
            "Gargalos identificados enquanto acontecem",
            "Visão por canal, fila, equipe e agente",
            "Painéis personalizados para cada gestor",
          ],
        },
        {
          title: "Satisfação do cliente",
          description: "Pesquisas de CSAT e NPS enviadas automaticamente ao fim de cada atendimento.",
          benefits: [
            "Notas ligadas à conversa e ao atendente",
            "Comentários negativos encaminhados para revisão",
            "Evolução da satisfação ao longo do tempo",
          ],
        },
        {
          title: "Relatórios e exportação",
          description: "Relatórios agendados por e-mail e exportação de dados para a sua ferramenta de BI.",
          benefits: [
            "Relatórios gerenciais sem planilhas manuais",
            "Exportação em CSV e acesso pela API",
            "Histórico completo para auditorias",
          ],
        },
      ],
    },
    {
      id: "gestao",
      label: "Gestão",
      title: "Gestão de equipes sem complicação",
      description:
        "Organize filas, turnos, permissões e metas em um só lugar, para cada pessoa saber exatamente o que fazer a seguir.",
      cards: [
        {
          title: "Filas e turnos",
          description: "Defina filas por assunto ou cliente, horários de atendimento e regras para fora do expediente.",
          benefits: [
            "Mensagens automáticas fora do horário",
            "Escalas por equipe e por canal",
            "Pausas registradas e visíveis para a supervisão",
          ],
        },
        {
          title: "Permissões por perfil",
          description: "Controle de acesso baseado em perfis (RBAC): cada pessoa vê e faz só o que a função exige.",
          benefits: [
            "Perfis prontos para agente, supervisor e administrador",
            "Autenticação multifator para todos os usuários",
            "Registro de quem fez o quê, e quando",
          ],
        },
        {
          title: "Metas e qualidade",
          description: "Metas individuais e de equipe, monitoria de conversas e feedback estruturado.",
          benefits: [
            "Acompanhamento de metas em tempo real",
            "Avaliação de qualidade com critérios próprios",
            "Reconhecimento dos melhores resultados",
          ],
        },
      ],
    },
  ],
};

export const featuresCta: { title: string; subtitle: string; primary: CallToAction; secondary: CallToAction } = {
  title: "Veja a Omnia funcionando com os seus canais",
  subtitle: "Em uma demonstração de 30 minutos, mostramos os recursos que fazem mais diferença para a sua operação.",
  primary: { label: "Solicitar demonstração", href: "#demo" },
  secondary: { label: "Falar com a equipe", href: "/contato" },
};
