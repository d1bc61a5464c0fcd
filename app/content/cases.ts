// Copy of /casos-de-sucesso (docs/product.md §3, "Case study"). The companies and people are fictional
// and the page says so; the results stay within docs/product.md's claims (§1, §9).

import type { Stat } from "./types";

export interface CaseStudy {
  company: string;
  industry: string;
  logoInitials: string;
  challenge: string;
  solution: string;
  results: Stat[];
  testimonial: string;
  author: { name: string; role: string };
}

export const casesMeta = {
  title: "Casos de Sucesso | Omnia: resultados de quem já usa",
  description:
    "Veja como empresas de varejo, saúde e serviços financeiros reduziram custos, aceleraram respostas e aumentaram a satisfação dos clientes com a Omnia.",
  breadcrumb: "Casos de Sucesso",
};

export const casesHero = {
  eyebrow: "Casos de sucesso",
  title: "Resultados reais de operações como a sua",
  subtitle:
    "Mais de 500 empresas atendem com a Omnia. Conheça três histórias de quem unificou os canais e colheu os resultados.",
};

export const casesUi = {
  industryLabel: "Setor",
  challengeTitle: "Desafio",
  solutionTitle: "Solução",
  resultsTitle: "Resultados",
  disclaimer: "Casos ilustrativos: os nomes de empresas e pessoas citados nesta página são fictícios.",
};

export const caseStudies: CaseStudy[] = [
  {
    company: "Aurora Moda",
    industry: "Varejo e e-commerce",
    logoInitials: "AM",
    challenge:
      "Com lojas físicas, loja virtual e presença em marketplaces, a Aurora recebia perguntas por WhatsApp, Instagram, e-mail e Mercado Livre em ferramentas separadas. Nas datas promocionais, o tempo de resposta passava de 6 horas e muitas vendas se perdiam.",
    solution:
      "Todos os canais foram centralizados na caixa de entrada da Omnia, integrada à loja VTEX. A IA passou a responder perguntas sobre prazos e trocas e a encaminhar as negociações para vendedores, com o pedido do cliente já na tela.",
    results: [
      { value: "40%", label: "de redução no custo por atendimento" },
      { value: "8 min", label: "de tempo médio de primeira resposta" },
      { value: "+25%", label: "de conversão nas vendas pelo WhatsApp" },
    ],
    testimonial:
      "Na Black Friday passada, atendemos o dobro de clientes com a mesma equipe. Pela primeira vez, ninguém ficou sem resposta.",
    author: { name: "Juliana Prado", role: "Diretora de Experiência do Cliente, Aurora Moda" },
  },
  {
    company: "Rede Saúde Horizonte",
    industry: "Saúde",
    logoInitials: "RH",
    challenge:
      "Doze clínicas agendavam consultas por telefone, cada uma com a sua equipe. As ligações perdidas chegavam a 30% nos horários de pico, e as faltas em consultas eram frequentes.",
    solution:
      "A rede adotou a Omnia com telefonia em nuvem, WhatsApp e um agente de IA para agendamentos, integrado à agenda das clínicas. Lembretes automáticos por WhatsApp e SMS confirmam cada consulta, com dados protegidos conforme a LGPD.",
    results: [
      { value: "95%", label: "de satisfação dos pacientes" },
      { value: "-60%", label: "de ligações perdidas" },
      { value: "-35%", label: "de faltas em consultas" },
    ],
    testimonial:
      "Os pacientes agendam pelo WhatsApp a qualquer hora, e a nossa equipe ficou livre para cuidar de quem está na recepção.",
    author: { name: "Dr. Marcelo Tavares", role: "Diretor de Operações, Rede Saúde Horizonte" },
  },
  {
    company: "Crédito Ágil",
    industry: "Serviços financeiros",
    logoInitials: "CA",
    challenge:
      "A fintech crescia rápido, e o atendimento não acompanhava: mais de 1 milhão de interações por mês, exigências regulatórias e clientes que repetiam o problema a cada troca de canal.",
    solution:
      "Com a Omnia, cada cliente passou a ter um histórico único, com roteamento por IA para filas especializadas, análise de sentimento para prevenir reclamações e controle de acesso por perfil com autenticação multifator.",
    results: [
      { value: "1M+", label: "de interações por mês sem aumentar a equipe" },
      { value: "-50%", label: "de reclamações em canais públicos" },
      { value: "99,9%", label: "de disponibilidade no período" },
    ],
    testimonial:
      "Precisávamos de escala e de segurança ao mesmo tempo. A Omnia entregou as duas coisas, com relatórios que a nossa auditoria aprovou de primeira.",
    author: { name: "Fernanda Lopes", role: "Head de Atendimento, Crédito Ágil" },
  },
];

export const casesCta = {
  title: "A próxima história de sucesso pode ser a sua",
  subtitle: "Conte como funciona a sua operação e mostramos, na prática, onde a Omnia faz diferença.",
  primary: { label: "Solicitar demonstração", href: "#demo" },
};
