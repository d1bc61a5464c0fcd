// schema.org structured data of the inner pages (FAQPage, BreadcrumbList, Product/Offer),
// apart from seo.ts so the home page's JavaScript does not carry helpers it never uses.
import { absoluteUrl, siteConfig } from "~/content/site-config";
import type { FaqItem } from "~/content/types";
import { isoDate } from "./format";
import { defaultShareImage } from "./seo";
import type { SiteContext } from "./site-context";

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
export function breadcrumbJsonLd(trail: { name: string; path: string }[], site: SiteContext): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, site.origin),
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
export function productJsonLd(product: ProductOfferInput, site: SiteContext): object {
  const price = product.monthlyPrice.toFixed(2);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    brand: { "@type": "Brand", name: site.settings.trade_name },
    offers: {
      "@type": "Offer",
      url: absoluteUrl(product.path, site.origin),
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

export interface BlogPostingInput {
  title: string;
  description: string;
  /** Site path of the post, e.g. "/blog/atendimento-omnichannel". */
  path: string;
  createdAt: string;
  updatedAt: string;
  /** The post's featured image; the site's sharing image when it has none. */
  image: string | null;
  /** Its author's name and page; without one the site is the author. */
  author?: { name: string; path: string } | null;
  /** Where the post's main copy lives when it is not here (its canonical URL); default: its own URL. */
  canonical?: string | null;
}

const publisher = (site: SiteContext) => ({
  "@type": "Organization",
  name: site.settings.trade_name,
  url: site.origin,
  logo: { "@type": "ImageObject", url: absoluteUrl(siteConfig.logoPath, site.origin) },
});

function blogPostingFields(post: BlogPostingInput, site: SiteContext) {
  return {
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    url: absoluteUrl(post.path, site.origin),
    mainEntityOfPage: absoluteUrl(post.canonical || post.path, site.origin),
    datePublished: isoDate(post.createdAt),
    dateModified: isoDate(post.updatedAt),
    inLanguage: siteConfig.locale,
    // Google's article rich results require an image; every post has one to offer.
    image: [absoluteUrl(post.image ?? defaultShareImage(site), site.origin)],
    author: post.author
      ? { "@type": "Person", name: post.author.name, url: absoluteUrl(post.author.path, site.origin) }
      : { "@type": "Organization", name: site.settings.trade_name, url: site.origin },
    publisher: publisher(site),
  };
}

/** schema.org BlogPosting for a post page. */
export function blogPostingJsonLd(post: BlogPostingInput, site: SiteContext): object {
  return { "@context": "https://schema.org", ...blogPostingFields(post, site) };
}

/** schema.org Blog for /blog, listing the posts shown on the page. */
export function blogJsonLd(
  blog: { name: string; description: string; path: string },
  posts: BlogPostingInput[],
  site: SiteContext,
): object {
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    name: blog.name,
    description: blog.description,
    url: absoluteUrl(blog.path, site.origin),
    inLanguage: siteConfig.locale,
    publisher: publisher(site),
    blogPost: posts.map((post) => blogPostingFields(post, site)),
  };
}

/** The posts a list page shows, as schema.org's ItemList of their URLs. */
function itemList(posts: BlogPostingInput[], site: SiteContext) {
  return {
    "@type": "ItemList",
    itemListElement: posts.map((post, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: absoluteUrl(post.path, site.origin),
      name: post.title,
    })),
  };
}

/** schema.org CollectionPage for a tag's page: the posts on it, part of the blog. */
export function collectionPageJsonLd(
  page: { name: string; description: string; path: string },
  posts: BlogPostingInput[],
  site: SiteContext,
): object {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: page.name,
    description: page.description,
    url: absoluteUrl(page.path, site.origin),
    inLanguage: siteConfig.locale,
    isPartOf: { "@type": "Blog", name: `Blog da ${siteConfig.name}`, url: absoluteUrl("/blog", site.origin) },
    mainEntity: itemList(posts, site),
  };
}

export interface PersonInput {
  name: string;
  /** The author's page on the blog. */
  path: string;
  description: string | null;
  image: string | null;
  /** Their own site, if any. */
  website: string | null;
}

/** schema.org ProfilePage whose main entity is the author, a Person, for an author's page. */
export function profilePageJsonLd(person: PersonInput, posts: BlogPostingInput[], site: SiteContext): object {
  const url = absoluteUrl(person.path, site.origin);
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url,
    inLanguage: siteConfig.locale,
    mainEntity: {
      "@type": "Person",
      name: person.name,
      url,
      ...(person.description ? { description: person.description } : {}),
      ...(person.image ? { image: absoluteUrl(person.image, site.origin) } : {}),
      ...(person.website ? { sameAs: [person.website] } : {}),
    },
    hasPart: itemList(posts, site),
  };
}
