// Links of the shared header and footer (spec §2, "Shared header" / "Shared footer").

export interface NavLink {
  name: string;
  href: string;
}

export interface FooterColumn {
  title: string;
  links: NavLink[];
}

export const headerNav = {
  homeLabel: "Omnia, página inicial",
  links: [
    { name: "Recursos", href: "/recursos" },
    { name: "Preços", href: "/precos" },
    { name: "Casos de Sucesso", href: "/casos-de-sucesso" },
    { name: "Integrações", href: "/integracoes" },
    { name: "Blog", href: "/blog" },
    { name: "Sobre", href: "/sobre" },
  ] satisfies NavLink[],
  contact: { name: "Contato", href: "/contato" } satisfies NavLink,
  demo: { name: "Solicitar Demo", href: "#demo" } satisfies NavLink,
  navLabel: "Navegação principal",
  openMenu: "Abrir menu",
  closeMenu: "Fechar menu",
  skipToContent: "Pular para o conteúdo",
};

export const footerNav = {
  blurb:
    "A plataforma omnichannel com IA que une todos os canais de atendimento e vendas da sua empresa em um só lugar, com segurança e escala.",
  socialLabel: "Redes sociais",
  /** Accessible name of a social link; the visible content is only the icon. */
  socialLinkLabel: (network: string) => `Omnia no ${network} (abre em nova aba)`,
  columns: [
    {
      title: "Produto",
      links: [
        { name: "Recursos", href: "/recursos" },
        { name: "Preços", href: "/precos" },
        { name: "Integrações", href: "/integracoes" },
        { name: "Segurança", href: "/seguranca" },
      ],
    },
    {
      title: "Empresa",
      links: [
        { name: "Sobre", href: "/sobre" },
        { name: "Casos de Sucesso", href: "/casos-de-sucesso" },
        { name: "Blog", href: "/blog" },
        { name: "Contato", href: "/contato" },
      ],
    },
    {
      title: "Recursos",
      links: [
        { name: "Documentação", href: "/documentacao" },
        { name: "Central de Ajuda", href: "/ajuda" },
        { name: "Status", href: "/status" },
      ],
    },
    {
      title: "Legal",
      links: [
        { name: "Privacidade", href: "/privacidade" },
        { name: "Termos de Uso", href: "/termos" },
        { name: "LGPD", href: "/lgpd" },
      ],
    },
  ] satisfies FooterColumn[],
  copyright: (year: number) => `© ${year} Omnia Tecnologia Ltda. Todos os direitos reservados.`,
};
