import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "~/content/site-config";
import type { FaqItem } from "~/content/types";

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
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(input.path);
  const image = absoluteUrl(input.image ?? siteConfig.ogImagePath);
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
export function organizationJsonLd(): object {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteConfig.name,
    legalName: siteConfig.legalName,
    url: siteConfig.url,
    logo: absoluteUrl(siteConfig.logoPath),
    description: siteConfig.description,
    email: siteConfig.contact.email,
    telephone: siteConfig.contact.phone,
    sameAs: siteConfig.social.map((link) => link.href),
  };
}

/** schema.org FAQPage: lets search engines show the questions and answers of a page. */
export function faqPageJsonLd(items: FaqItem[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** schema.org BreadcrumbList from the home page down to the current page. */
export function breadcrumbJsonLd(trail: { name: string; path: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export interface ProductOfferInput {
  name: string;
  description: string;
  /** Monthly price in the site currency. */
  monthlyPrice: number;
  /** Page that sells it, e.g. "/precos". */
  path: string;
}

/** schema.org Product with a monthly Offer, one per subscription plan. */
export function productJsonLd(product: ProductOfferInput): object {
  const price = product.monthlyPrice.toFixed(2);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    brand: { "@type": "Brand", name: siteConfig.name },
    offers: {
      "@type": "Offer",
      url: absoluteUrl(product.path),
      price,
      priceCurrency: siteConfig.currency,
      availability: "https://schema.org/InStock",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: siteConfig.currency,
        unitCode: "MON",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      },
    },
  };
}
