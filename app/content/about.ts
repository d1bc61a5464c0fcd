// Copy of /sobre (docs/product.md §2 "About", §3 "Team member"). The people are fictional; their
// portraits are illustrations made for this site (public/images/team).

export interface Value {
  title: string;
  description: string;
}

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  image: { src: string; width: number; height: number };
}

export const aboutMeta = {
  title: "Sobre a Omnia | Quem somos, missão e equipe",
  description:
    "A Omnia nasceu para acabar com o atendimento fragmentado. Conheça a nossa missão, visão, valores e as pessoas que lideram a plataforma usada por mais de 500 empresas.",
  breadcrumb: "Sobre",
};

export const aboutHero = {
  eyebrow: "Sobre a Omnia",
  title: "Acreditamos que toda conversa merece continuidade",
  subtitle:
    "Criamos a Omnia para que empresas de todos os tamanhos atendam os seus clientes em qualquer canal, sem perder o contexto, com a ajuda da inteligência artificial.",
};

export const aboutMission = {
  mission: {
    title: "Missão",
    text: "Simplificar o relacionamento entre empresas e clientes, reunindo todos os canais e dados em uma plataforma inteligente, segura e fácil de usar.",
  },
  vision: {
    title: "Visão",
    text: "Ser a plataforma de relacionamento com clientes preferida das empresas da América Latina, reconhecida por transformar cada atendimento em uma boa experiência.",
  },
};

export const aboutValues: { title: string; items: Value[] } = {
  title: "Nossos valores",
  items: [
    {
      title: "Cliente no centro",
      description: "Decidimos pensando primeiro em quem é atendido, e depois em quem atende.",
    },
    {
      title: "Transparência",
      description: "Preços claros, contratos simples e comunicação honesta, inclusive quando algo dá errado.",
    },
    {
      title: "Inovação com propósito",
      description: "Usamos IA para resolver problemas reais de atendimento, não para seguir modismos.",
    },
    {
      title: "Segurança em primeiro lugar",
      description: "Tratamos os dados dos nossos clientes com o mesmo cuidado que esperamos com os nossos.",
    },
  ],
};

export const aboutTeam: {
  title: string;
  subtitle: string;
  portraitAlt: (name: string) => string;
  items: TeamMember[];
} = {
  title: "Liderança",
  subtitle: "As pessoas por trás da Omnia.",
  portraitAlt: (name) => `Retrato ilustrado de ${name}`,
  items: [
    {
      name: "Mariana Alves",
      role: "CEO e cofundadora",
      bio: "Passou 12 anos liderando operações de atendimento no varejo e fundou a Omnia para resolver o problema que enfrentava todos os dias.",
      image: { src: "/images/team/mariana-alves.svg", width: 160, height: 160 },
    },
    {
      name: "Rafael Nogueira",
      role: "CTO e cofundador",
      bio: "Engenheiro de software especializado em sistemas distribuídos, responde pela arquitetura que processa mais de 10 milhões de interações por mês.",
      image: { src: "/images/team/rafael-nogueira.svg", width: 160, height: 160 },
    },
    {
      name: "Camila Ribeiro",
      role: "Diretora de Sucesso do Cliente",
      bio: "Coordena implantação, treinamento e suporte, e garante que cada cliente alcance resultados já nos primeiros meses.",
      image: { src: "/images/team/camila-ribeiro.svg", width: 160, height: 160 },
    },
    {
      name: "Thiago Martins",
      role: "Head de Inteligência Artificial",
      bio: "Mestre em processamento de linguagem natural, lidera a equipe que desenvolve o roteamento, as respostas sugeridas e a análise de sentimento.",
      image: { src: "/images/team/thiago-martins.svg", width: 160, height: 160 },
    },
  ],
};
