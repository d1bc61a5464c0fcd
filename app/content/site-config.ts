// The brand as the copy names it, and what a rebrand of the build touches (docs/product.md,
// "Identity"). The company's own data (trade and legal name, CNPJ, address, contacts, social
// links, default description and sharing image) are the site settings that admins edit in
// "Configurações" and every render reads from the site context (app/lib/site-settings.ts).

export const siteConfig = {
  /** The product's name in the copy ("Blog da Omnia"). */
  name: "Omnia",
  tagline: "Atendimento omnichannel com inteligência artificial",
  locale: "pt-BR",
  ogLocale: "pt_BR",
  currency: "BRL",
  logoPath: "/logo.svg",
  /** The sharing image when the settings name none. */
  ogImagePath: "/og-image.png",
  apiDocsUrl: "https://developers.omnia.example/api",
} as const;

/** Absolute URL on an origin (the site context's) for a site path such as "/precos". */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}
