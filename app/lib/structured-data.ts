// schema.org structured data of the inner pages (FAQPage, BreadcrumbList, Product/Offer),
// apart from seo.ts so the home page's JavaScript does not carry helpers it never uses.
import { absoluteUrl, siteConfig } from "~/content/site-config";
import type { FaqItem } from "~/content/types";

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
