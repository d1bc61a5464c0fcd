// Where a page view came from (docs/decisions/073-cookieless-analytics.md): which parts of its
// URL are kept, and how its referrer and campaign tags make a source ("Google", "newsletter") and
// a channel (busca orgânica, redes sociais, e-mail, pago, outros sites, direto). One module for the
// server's event ingestion (server/analytics/) and the leads' attribution
// (app/lib/analytics-attribution.ts), so a lead and the dashboard name an origin alike. Plain
// TypeScript that Node loads as it is: no imports.

/** Query parameters a stored path keeps; any other is dropped (it may carry personal data). */
export const KEPT_QUERY_KEYS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "ref",
  "source",
  "gclid",
  "fbclid",
  "msclkid",
  "li_fat_id",
] as const;

/** Ad networks' click ids: a view carrying one came from a paid click. */
export const CLICK_ID_KEYS = ["gclid", "fbclid", "msclkid", "li_fat_id"] as const;

export type Channel = "direct" | "search" | "social" | "email" | "paid" | "referral" | "internal";

/** The longest page path kept (contact_messages.page and analytics_events.page say the same). */
export const PAGE_MAX = 300;
/** The longest campaign tag kept; longer ones are cut. */
export const TAG_MAX = 200;
const CLICK_ID_MAX = 300;
const HOST_MAX = 255;

export interface ViewOrigin {
  /** The path without query, trailing slashes dropped ("/precos"). */
  page: string;
  /** The path with the kept query parameters, in KEPT_QUERY_KEYS order. */
  path: string;
  /** The referring site (another site only; null for a link of this site or none). */
  referrerHost: string | null;
  referrerPath: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  /** The first click id, as `name=value` ("gclid=Cj0K…"). */
  clickId: string | null;
  /** A name people recognise: the campaign's source, else the referring site's. */
  source: string | null;
  channel: Channel;
}

/** A view's origin as analytics_events stores it (and a lead's attribution reads it back). */
export interface ViewColumns {
  page: string;
  referrer_host: string | null;
  referrer_path: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  click_id: string | null;
  source: string | null;
  channel: string;
}

/** The columns of a view's origin. */
export function viewColumns(origin: ViewOrigin): ViewColumns {
  return {
    page: origin.page,
    referrer_host: origin.referrerHost,
    referrer_path: origin.referrerPath,
    utm_source: origin.utmSource,
    utm_medium: origin.utmMedium,
    utm_campaign: origin.utmCampaign,
    utm_term: origin.utmTerm,
    utm_content: origin.utmContent,
    click_id: origin.clickId,
    source: origin.source,
    channel: origin.channel,
  };
}

const SEARCH_ENGINES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, "Google"],
  [/(^|\.)bing\.com$/, "Bing"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo"],
  [/(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.com$/, "Yahoo!"],
  [/(^|\.)ecosia\.org$/, "Ecosia"],
  [/(^|\.)yandex\.[a-z.]+$/, "Yandex"],
  [/(^|\.)baidu\.com$/, "Baidu"],
  [/(^|\.)search\.brave\.com$/, "Brave"],
];

const SOCIAL_NETWORKS: [RegExp, string][] = [
  [/(^|\.)facebook\.com$|^fb\.me$/, "Facebook"],
  [/(^|\.)instagram\.com$/, "Instagram"],
  [/(^|\.)linkedin\.com$|^lnkd\.in$/, "LinkedIn"],
  [/^t\.co$|(^|\.)twitter\.com$|(^|\.)x\.com$/, "X"],
  [/(^|\.)youtube\.com$|^youtu\.be$/, "YouTube"],
  [/(^|\.)tiktok\.com$/, "TikTok"],
  [/(^|\.)pinterest\.[a-z.]+$/, "Pinterest"],
  [/(^|\.)reddit\.com$/, "Reddit"],
  [/(^|\.)whatsapp\.com$|^wa\.me$/, "WhatsApp"],
  [/(^|\.)threads\.(net|com)$/, "Threads"],
];

const WEBMAIL: [RegExp, string][] = [
  [/^mail\.google\.com$/, "Gmail"],
  [/^outlook\.(live|office|office365)\.com$/, "Outlook"],
  [/^mail\.yahoo\.com$/, "Yahoo! Mail"],
];

const PAID_MEDIUM = /^(cpc|ppc|cpm|cpv|cpa|paid([-_ ]?(search|social|media))?|display|banner|ads?|retargeting)$/;
const EMAIL_MEDIUM = /^(e-?mail|newsletter)$/;
const SOCIAL_MEDIUM = /^(social([-_ ](network|media))?|sm)$/;
const EMAIL_SOURCE = /^(e-?mail|newsletter|mailchimp|brevo|sendgrid|rd[-_ ]?station)$/;

function named(host: string, list: [RegExp, string][]): string | undefined {
  return list.find(([pattern]) => pattern.test(host))?.[1];
}

/** A known network by the name a campaign tag gives it ("facebook", "google"). */
function namedBySource(source: string, list: [RegExp, string][]): string | undefined {
  return list.find(([, name]) => name.toLowerCase().replace(/\W/g, "") === source.replace(/\W/g, ""))?.[1];
}

/** A tag's value: trimmed, control characters removed, cut to `max`; null when empty. */
function tag(value: string | null | undefined, max = TAG_MAX): string | null {
  const clean = (value ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, max);
  return clean === "" ? null : clean;
}

/** "/precos/" → "/precos"; the root stays "/". */
export function normalPage(pathname: string): string {
  const page = pathname.replace(/(.)\/+$/, "$1");
  return page.length <= PAGE_MAX ? page : page.slice(0, PAGE_MAX);
}

/** The path with only the kept parameters (a stored path never carries anything else). */
function keptPath(url: URL, page: string): string {
  const kept = new URLSearchParams();
  for (const key of KEPT_QUERY_KEYS) {
    const value = tag(url.searchParams.get(key), CLICK_ID_KEYS.includes(key as never) ? CLICK_ID_MAX : TAG_MAX);
    if (value !== null) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${page}?${query}` : page;
}

/** An absolute http(s) URL, or null. */
function parseUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** What a campaign tag says the channel is, if anything. */
function channelOfTags(medium: string, source: string): Channel | null {
  if (PAID_MEDIUM.test(medium)) return "paid";
  if (EMAIL_MEDIUM.test(medium) || EMAIL_SOURCE.test(source)) return "email";
  if (SOCIAL_MEDIUM.test(medium)) return "social";
  if (medium === "organic") return "search";
  return null;
}

/**
 * The origin of one page view: `page` is the page's URL (as the browser shows it), `referrer`
 * what `document.referrer` (or the Referer header) says, `siteHosts` the hosts that are this
 * site (a referrer there is a link inside the site). Null when `page` is not a URL.
 */
export function viewOrigin(
  page: string | URL,
  referrer: string | null,
  siteHosts: readonly string[],
): ViewOrigin | null {
  const url = typeof page === "string" ? parseUrl(page) : page;
  if (!url) return null;
  const pagePath = normalPage(url.pathname);
  const params = url.searchParams;
  const utmSource = tag(params.get("utm_source") ?? params.get("ref") ?? params.get("source"));
  const utmMedium = tag(params.get("utm_medium"));
  const clickKey = CLICK_ID_KEYS.find((key) => tag(params.get(key), CLICK_ID_MAX) !== null);
  const clickId = clickKey ? `${clickKey}=${tag(params.get(clickKey), CLICK_ID_MAX)}` : null;

  const from = parseUrl(referrer);
  const fromHost = from?.hostname.toLowerCase().slice(0, HOST_MAX) ?? null;
  const internal = fromHost !== null && siteHosts.some((host) => host.toLowerCase() === fromHost);
  const external = fromHost !== null && !internal ? fromHost : null;

  const medium = (utmMedium ?? "").toLowerCase();
  const sourceKey = (utmSource ?? "").toLowerCase();
  // Webmail first: mail.google.com is Gmail, not Google search.
  const webmail = external ? named(external, WEBMAIL) : undefined;
  const search = external && !webmail ? named(external, SEARCH_ENGINES) : undefined;
  const social = external ? named(external, SOCIAL_NETWORKS) : undefined;

  let channel: Channel;
  if (clickId) channel = "paid";
  else
    channel =
      channelOfTags(medium, sourceKey) ?? (webmail ? "email" : search ? "search" : social ? "social" : "direct");
  if (channel === "direct") {
    if (namedBySource(sourceKey, SOCIAL_NETWORKS)) channel = "social";
    else if (namedBySource(sourceKey, SEARCH_ENGINES)) channel = "search";
    else if (external || utmSource) channel = "referral";
    else if (internal) channel = "internal";
  }
  const source = utmSource ?? webmail ?? search ?? social ?? (external ? external.replace(/^www\./, "") : null);

  return {
    page: pagePath,
    path: keptPath(url, pagePath),
    referrerHost: external,
    referrerPath: external && from ? normalPage(from.pathname) : null,
    utmSource,
    utmMedium,
    utmCampaign: tag(params.get("utm_campaign")),
    utmTerm: tag(params.get("utm_term")),
    utmContent: tag(params.get("utm_content")),
    clickId,
    source,
    channel,
  };
}
