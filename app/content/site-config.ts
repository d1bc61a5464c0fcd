// The brand and everything a rebrand touches, in one module (docs/product.md, "Identity").
// Contact data are placeholders on the reserved .example domain until the real ones exist.

export interface SocialLink {
  name: "LinkedIn" | "Facebook" | "Instagram" | "YouTube" | "TikTok";
  href: string;
}

/**
 * The origin the build renders with: prerendered pages carry it wherever they name their own URL
 * (canonical, Open Graph, JSON-LD), and the server replaces it with the SITE_URL it was started
 * with when it loads them (server/http/prerendered-pages.ts). So one build serves any origin
 * (docs/decisions/067-site-url-at-start.md). Renders get the origin from the site context
 * (app/lib/site-context.ts). `.invalid` is reserved: never a real site.
 */
export const BUILD_ORIGIN = "https://site-url.invalid";

export const siteConfig = {
  name: "Omnia",
  legalName: "Omnia Tecnologia Ltda.",
  tagline: "Atendimento omnichannel com inteligência artificial",
  description:
    "A Omnia une voz, chat, e-mail, WhatsApp, redes sociais, SMS, marketplaces e CRMs em uma só plataforma, com IA que roteia, sugere respostas e mede o sentimento dos seus clientes.",
  locale: "pt-BR",
  ogLocale: "pt_BR",
  currency: "BRL",
  logoPath: "/logo.svg",
  ogImagePath: "/og-image.png",
  contact: {
    email: "contato@omnia.example",
    salesEmail: "vendas@omnia.example",
    supportEmail: "suporte@omnia.example",
    dpoEmail: "privacidade@omnia.example",
    phone: "+55 11 4000-0000",
    phoneHref: "tel:+551140000000",
    whatsapp: "+55 11 90000-0000",
    whatsappHref: "https://wa.me/5511900000000",
    address: "Av. Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100",
  },
  social: [
    { name: "LinkedIn", href: "https://linkedin.example/company/omnia" },
    { name: "Facebook", href: "https://facebook.example/omnia" },
    { name: "Instagram", href: "https://instagram.example/omnia" },
    { name: "YouTube", href: "https://youtube.example/@omnia" },
    { name: "TikTok", href: "https://tiktok.example/@omnia" },
  ] satisfies SocialLink[],
  apiDocsUrl: "https://developers.omnia.example/api",
} as const;

/** Absolute URL on an origin (the site context's) for a site path such as "/precos". */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}
