// The shared header and footer (docs/product.md §2, "Shared header" / "Shared footer"). Which
// pages they link to, in what order and with what text comes from the page list (pages.ts);
// this module adds the copy around the links.
import { type FooterColumnId, type PageEntry, pages } from "./pages";
import { endSentence } from "~/lib/text";

export interface NavLink {
  name: string;
  href: string;
}

export interface FooterColumn {
  title: string;
  links: NavLink[];
}

type NavPage = Extract<PageEntry, { label: string }>;

const navPages = pages.filter((page): page is NavPage => page.label !== undefined);
const toLink = (page: NavPage): NavLink => ({ name: page.label, href: page.path });

const headerLinks = navPages
  .flatMap((page) => (typeof page.header === "number" ? [{ page, position: page.header }] : []))
  .toSorted((a, b) => a.position - b.position)
  .map(({ page }) => toLink(page));

const contactPage = navPages.find((page) => page.header === "contact");
if (!contactPage) throw new Error('No page has header: "contact" in app/content/pages.ts');

const footerColumnTitles: Record<FooterColumnId, string> = {
  product: "Produto",
  company: "Empresa",
  resources: "Recursos",
  legal: "Legal",
};

const footerColumns: FooterColumn[] = (Object.keys(footerColumnTitles) as FooterColumnId[]).map((column) => ({
  title: footerColumnTitles[column],
  links: navPages
    .flatMap((page) => (page.footer?.column === column ? [{ page, position: page.footer.position }] : []))
    .toSorted((a, b) => a.position - b.position)
    .map(({ page }) => toLink(page)),
}));

export const headerNav = {
  /** The logo link's name, with the trade name of the site settings. */
  homeLabel: (brand: string) => `${brand}, página inicial`,
  /** The click-to-chat link's accessible name (its content is only the icon). */
  whatsapp: "Conversar no WhatsApp",
  links: headerLinks,
  contact: toLink(contactPage),
  demo: { name: "Solicitar Demo", href: "#demo" } satisfies NavLink,
  navLabel: "Navegação principal",
  openMenu: "Abrir menu",
  closeMenu: "Fechar menu",
  skipToContent: "Pular para o conteúdo",
};

/** The header's links and labels. */
export type HeaderNav = typeof headerNav;

export const footerNav = {
  blurb:
    "A plataforma omnichannel com IA que une todos os canais de atendimento e vendas da sua empresa em um só lugar, com segurança e escala.",
  socialLabel: "Redes sociais",
  /** Accessible name of a social link; the visible content is only the icon. */
  socialLinkLabel: (brand: string, network: string) => `${brand} no ${network} (abre em nova aba)`,
  columns: footerColumns,
  /** With the legal name and, once the settings have one, the CNPJ (already formatted). */
  copyright: (year: number, legalName: string, cnpj: string | null) => {
    const company = cnpj ? `${legalName} · CNPJ ${cnpj}` : legalName;
    return `© ${year} ${endSentence(company)} Todos os direitos reservados.`;
  },
};

/** The footer's columns and texts. */
export type FooterNav = typeof footerNav;
