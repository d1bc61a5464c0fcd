import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "~/content/site-config";
import type { SiteContext } from "./site-context";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Site path of the page, e.g. "/precos"; becomes the canonical URL. */
  path: string;
  /** Absolute or site-relative image for link previews. */
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /** schema.org objects, each rendered as a JSON-LD script. */
  jsonLd?: object[];
}

/**
 * Everything a page needs in <head> for search engines and link previews (WhatsApp,
 * LinkedIn): title, description, canonical, Open Graph, Twitter card and JSON-LD.
 */
export function pageMeta(input: PageMetaInput, site: SiteContext): MetaDescriptor[] {
  const url = absoluteUrl(input.path, site.origin);
  const image = absoluteUrl(input.image ?? siteConfig.ogImagePath, site.origin);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: siteConfig.name },
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

/** schema.org Organization for the brand (home page). */
export function organizationJsonLd(site: SiteContext): object {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteConfig.name,
    legalName: siteConfig.legalName,
    url: site.origin,
    logo: absoluteUrl(siteConfig.logoPath, site.origin),
    description: siteConfig.description,
    email: siteConfig.contact.email,
    telephone: siteConfig.contact.phone,
    sameAs: siteConfig.social.map((link) => link.href),
  };
}
