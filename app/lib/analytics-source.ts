// Where a page view came from (docs/decisions/073-cookieless-analytics.md): which parts of its
// URL are kept, and how its referrer and campaign tags make a source ("Google", "newsletter") and
// a channel (busca orgânica, redes sociais, e-mail, pago, outros sites, direto). One module for the
// server's event ingestion (server/analytics/) and the leads' attribution
// (app/lib/analytics-attribution.ts), so a lead and the dashboard name an origin alike; the
// analytics script (app/enhance/analytics.ts) takes what it sends of an address from here too.
// Plain TypeScript that Node loads as it is: no imports.

/**
 * Query parameters a stored path keeps; any other is dropped (it may carry personal data). Their
 * names are read in any case (UTM_SOURCE is utm_source).
 */
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
/** The longest path with its query kept (analytics_events.path): tags past it are left out. */
export const PATH_MAX = 1500;
/** The longest campaign tag kept; longer ones are cut. */
export const TAG_MAX = 200;
const CLICK_ID_MAX = 300;
const HOST_MAX = 255;

export interface ViewOriginOptions {
  /**
   * The page's referrer is not known (the no-script pixel: an image's Referer is its own page).
   * A view without campaign tags or a click id is then no new arrival ("internal"): the visitor
   * may as well have followed a link of the site.
   */
  referrerUnknown?: boolean;
}

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
  /**
   * A name people recognise: the campaign's source (sourceName), else the referring site's
   * ("Google", "parceiro.com.br").
   */
  source: string | null;
  /** "internal": no new arrival (a link of the site, or a pixel's view without tags). */
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

/**
 * The names referrers get; a campaign's source that spells one of them takes it (sourceName).
 * Marked pure: the analytics script, which needs none of this, leaves the tables out.
 */
export const KNOWN_SOURCES: readonly string[] = /* @__PURE__ */ [...SEARCH_ENGINES, ...SOCIAL_NETWORKS, ...WEBMAIL].map(
  ([, name]) => name,
);

/** What tells two spellings of a name apart: its ASCII letters and digits, in lower case. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A known network by the name a campaign tag gives it ("facebook", "google"). */
function namedBySource(source: string, list: [RegExp, string][]): string | undefined {
  const key = nameKey(source);
  return list.find(([, name]) => nameKey(name) === key)?.[1];
}

/**
 * A campaign's source as the dashboard and the leads name it: the name its site gets as a
 * referrer when it spells one, whatever the case ("google", "GOOGLE" → "Google"; "yahoo mail"
 * → "Yahoo! Mail"), else the value trimmed and in lower case ("Newsletter " → "newsletter").
 * supabase/migrations/20260101004040_analytics_source_names.sql renamed what was stored before.
 */
export function sourceName(value: string): string {
  const trimmed = value.trim();
  const key = nameKey(trimmed);
  return KNOWN_SOURCES.find((name) => key !== "" && nameKey(name) === key) ?? trimmed.toLowerCase();
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

/** A query's values by their names in lower case, the first of each (UTM_SOURCE is utm_source). */
function queryValues(params: URLSearchParams): Map<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of params) {
    const name = key.toLowerCase();
    if (!values.has(name)) values.set(name, value);
  }
  return values;
}

const isKeptKey = (name: string) => (KEPT_QUERY_KEYS as readonly string[]).includes(name);

/** `path` with one more query parameter, or as it was when that would pass PATH_MAX. */
function withParameter(path: string, name: string, value: string): string {
  const next = `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams([[name, value]])}`;
  return next.length <= PATH_MAX ? next : path;
}

/**
 * The path with only the kept parameters (a stored path never carries anything else), in
 * KEPT_QUERY_KEYS order and lower case, each cut as its column is; one whose escapes would take
 * the path past PATH_MAX is left out (its column still has it).
 */
function keptPath(values: Map<string, string>, page: string): string {
  let path = page;
  for (const key of KEPT_QUERY_KEYS) {
    const value = tag(values.get(key), CLICK_ID_KEYS.includes(key as never) ? CLICK_ID_MAX : TAG_MAX);
    if (value !== null) path = withParameter(path, key, value);
  }
  return path;
}

/**
 * What the analytics script sends of its page's address (`location.pathname`,
 * `location.search`): the path and only the kept parameters (names as written), each value cut
 * to the longest a column keeps, within PATH_MAX. An event's body stays within its 2 KB however
 * long a link's tags, and other parameters (which may carry personal data) never leave the
 * browser.
 */
export function sentUrl(pathname: string, search: string): string {
  let url = pathname;
  for (const [key, value] of new URLSearchParams(search)) {
    if (isKeptKey(key.toLowerCase())) url = withParameter(url, key, value.slice(0, CLICK_ID_MAX));
  }
  return url;
}

/** What the script sends of `document.referrer`: its site and path; the query is never read. */
export const sentReferrer = (referrer: string): string => referrer.replace(/[?#][\s\S]*$/, "");

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
  options: ViewOriginOptions = {},
): ViewOrigin | null {
  const url = typeof page === "string" ? parseUrl(page) : page;
  if (!url) return null;
  const pagePath = normalPage(url.pathname);
  const values = queryValues(url.searchParams);
  const rawSource = tag(values.get("utm_source") ?? values.get("ref") ?? values.get("source"));
  const utmSource = rawSource === null ? null : sourceName(rawSource);
  const utmMedium = tag(values.get("utm_medium"));
  const utmCampaign = tag(values.get("utm_campaign"));
  const utmTerm = tag(values.get("utm_term"));
  const utmContent = tag(values.get("utm_content"));
  const clickKey = CLICK_ID_KEYS.find((key) => tag(values.get(key), CLICK_ID_MAX) !== null);
  const clickId = clickKey ? `${clickKey}=${tag(values.get(clickKey), CLICK_ID_MAX)}` : null;
  const tagged = [utmSource, utmMedium, utmCampaign, utmTerm, utmContent, clickId].some((value) => value !== null);

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
    else if (internal || (options.referrerUnknown && !tagged)) channel = "internal";
  }
  const source = utmSource ?? webmail ?? search ?? social ?? (external ? external.replace(/^www\./, "") : null);

  return {
    page: pagePath,
    path: keptPath(values, pagePath),
    referrerHost: external,
    referrerPath: external && from ? normalPage(from.pathname) : null,
    utmSource,
    utmMedium,
    utmCampaign,
    utmTerm,
    utmContent,
    clickId,
    source,
    channel,
  };
}
