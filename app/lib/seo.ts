import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "~/content/site-config";
import { shareImage } from "./images";
import type { SiteContext } from "./site-context";
import { formatCnpj, socialLinks } from "./site-settings";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Site path of the page, e.g. "/precos"; becomes the canonical URL. */
  path: string;
  /** An absolute URL that is the page's canonical one instead (a post first published elsewhere). */
  canonical?: string;
  /** Absolute or site-relative image for link previews; the settings' default one when absent. */
  image?: string;
  type?: "website" | "article" | "profile";
  noindex?: boolean;
  /** schema.org objects, each rendered as a JSON-LD script. */
  jsonLd?: object[];
}

/**
 * Everything a page needs in <head> for search engines and link previews (WhatsApp,
 * LinkedIn): title, description, canonical, Open Graph, Twitter card and JSON-LD.
 */
export function pageMeta(input: PageMetaInput, site: SiteContext): MetaDescriptor[] {
  const url = absoluteUrl(input.canonical ?? input.path, site.origin);
  const image = absoluteUrl(input.image ?? defaultShareImage(site), site.origin);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: site.settings.trade_name },
    { property: "og:locale", content: siteConfig.ogLocale },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** The sharing image of pages without their own: the one uploaded in the settings, else the build's. */
export function defaultShareImage(site: SiteContext): string {
  return shareImage(site.settings.share_image) ?? siteConfig.ogImagePath;
}

/** schema.org Organization for the company (home page), from the site settings. */
export function organizationJsonLd(site: SiteContext): object {
  const { settings } = site;
  const contactPoint = [
    { contactType: "sales", email: settings.sales_email, telephone: settings.phone },
    { contactType: "customer support", email: settings.support_email, telephone: settings.phone },
  ].map((point) => ({
    "@type": "ContactPoint",
    ...point,
    telephone: point.telephone ?? undefined,
    areaServed: "BR",
    availableLanguage: "Portuguese",
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: settings.trade_name,
    legalName: settings.legal_name,
    url: site.origin,
    logo: absoluteUrl(siteConfig.logoPath, site.origin),
    description: settings.seo_description,
    email: settings.email,
    telephone: settings.phone ?? undefined,
    taxID: settings.cnpj ? formatCnpj(settings.cnpj) : undefined,
    address: settings.address,
    contactPoint,
    sameAs: socialLinks(settings).map((link) => link.href),
  };
}
