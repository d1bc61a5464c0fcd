// Copy of /seguranca (docs/product.md §2 "Security"): six features, four certifications, three
// availability metrics and the data-protection text, carrying the claims of docs/product.md §1/§9.

import type { CallToAction } from "./types";

export interface SecurityFeature {
  icon: "users" | "key" | "lock" | "search" | "database" | "activity";
  title: string;
  description: string;
}

export interface Certification {
  title: string;
  description: string;
}

export const securityMeta = {
  title: "Segurança | Omnia: proteção de dados de nível empresarial",
  description:
    "Criptografia AES-256, autenticação multifator, controle de acesso por perfil, auditorias trimestrais, backups diários, recuperação em menos de 1 minuto e SLA de 99,99%.",
  breadcrumb: "Segurança",
};

export const securityHero = {
  eyebrow: "Segurança",
  title: "Os dados dos seus clientes protegidos em cada conversa",
  subtitle:
    "Segurança de nível empresarial em todas as camadas da plataforma, da criptografia ao controle de acesso, com conformidade com a LGPD e o GDPR.",
};

export const securityFeatures: { title: string; subtitle: string; items: SecurityFeature[] } = {
  title: "Proteção em todas as camadas",
  subtitle: "Seis pilares de segurança que acompanham cada mensagem, do canal de origem ao armazenamento.",
  items: [
    {
      icon: "users",
      title: "Controle de acesso por perfil (RBAC)",
      description:
        "Cada usuário recebe um perfil, e cada perfil só acessa as filas, os dados e as configurações de que precisa para trabalhar.",
    },
    {
      icon: "key",
      title: "Autenticação multifator (MFA)",
      description:
        "Além da senha, um código de aplicativo autenticador protege o acesso, e a sua empresa pode tornar o MFA obrigatório para todos.",
    },
    {
      icon: "lock",
      title: "Criptografia AES-256",
      description: "Dados armazenados criptografados com AES-256 e todo o tráfego protegido por TLS, sem exceções.",
    },
    {
      icon: "search",
      title: "Auditorias trimestrais",
      description:
        "A cada trimestre, a plataforma passa por auditorias de segurança e testes de invasão, e as correções são acompanhadas até o fim.",
    },
    {
      icon: "database",
      title: "Backups diários",
      description:
        "Cópias de segurança diárias, criptografadas e guardadas em uma região separada, com testes periódicos de restauração.",
    },
    {
      icon: "activity",
      title: "Monitoramento e registro de atividades",
      description:
        "Monitoramento 24/7 da infraestrutura e registro de quem acessou o quê, e quando, para investigações e auditorias internas.",
    },
  ],
};

export const securityCertifications: { title: string; subtitle: string; items: Certification[] } = {
  title: "Certificações e conformidade",
  subtitle: "Processos avaliados por terceiros e alinhados às principais normas de proteção de dados.",
  items: [
    { title: "LGPD", description: "Conformidade com a Lei Geral de Proteção de Dados (Lei nº 13.709/2018)." },
    { title: "GDPR", description: "Adequação ao regulamento europeu para clientes com operações na União Europeia." },
    { title: "ISO/IEC 27001", description: "Sistema de gestão de segurança da informação certificado." },
    { title: "SOC 2 Tipo II", description: "Controles de segurança, disponibilidade e confidencialidade auditados." },
  ],
};

export const securityDataProtection: { title: string; paragraphs: string[]; cta: CallToAction; ctaText: string } = {
  title: "Proteção de dados e privacidade",
  paragraphs: [
    "A sua empresa continua dona dos dados dos seus clientes. A Omnia atua como operadora, nos termos da LGPD: tratamos os dados apenas para prestar o serviço contratado, conforme as suas instruções e o contrato.",
    "Oferecemos ferramentas para atender aos direitos dos titulares, como acesso, correção, portabilidade e exclusão de dados, além de políticas de retenção configuráveis e acordo de tratamento de dados para todos os clientes.",
    "Em caso de incidente de segurança, comunicamos os clientes afetados sem demora e apoiamos as comunicações à Autoridade Nacional de Proteção de Dados (ANPD) e aos titulares, quando necessárias.",
  ],
  ctaText: "Precisa de um questionário de segurança preenchido ou do nosso acordo de tratamento de dados?",
  cta: { label: "Fale com a nossa equipe", href: "/contato" },
};
