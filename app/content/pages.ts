// The one list of the site's pages. app/routes.ts, the prerender list (react-router.config.ts),
// the sitemap, the header and footer (navigation.ts), each page's canonical URL, robots tag and
// breadcrumb (app/lib/page-meta.ts), what the server's page cache may keep (server/main.ts),
// and the pages the e2e tests and the benchmark visit are all derived from it; pages.test.ts
// fails when it and app/routes/ disagree.
//
// app/routes.ts and react-router.config.ts load this module outside the app's Vite config (no
// `~` alias, no import.meta.env), scripts load it with plain Node and the browser loads it with
// the site shell: it imports nothing and holds only small values. A page's title and
// description stay in its content module, next to the rest of its copy.

export type RenderMode =
  /** Rendered to an HTML file at build time and served as a file. */
  | "prerendered"
  /** Rendered by the server on every request (live data, forms that answer, private screens). */
  | "per-request";

export interface SitemapSettings {
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
  /** Its <lastmod> is the newest post's change (a list of posts). */
  lastmodFromPosts?: true;
}

/**
 * Lets the server's page cache keep a route's answer in memory until a change to the blog's
 * posts drops it (server/http/page-cache.ts, docs/decisions/052-rendered-page-cache.md). Only for
 * a route whose answer depends on nothing but its URL and the posts: no session, no form answer.
 * The cache keeps only GET answers with status 200 and no Set-Cookie, so a page's 404 is not kept.
 */
export interface PageCacheRule {
  /** What it shows: a list of posts (any change drops it), or the post its `:slug` names. */
  shows: "posts" | "post";
  /**
   * The query parameters it reads. A request with any other parameter (campaign tags such as
   * utm_source aside, which no page reads) is rendered for itself and not kept, so made-up
   * parameters cannot push real pages out of memory.
   */
  query?: readonly string[];
  /**
   * Any value of its query is possible (a search's words): its answers are kept apart, in a
   * store bounded in entries and bytes of its own, so made-up queries push out only each other.
   */
  apart?: true;
}

/**
 * The response header in which a cached page's render names what else it shows besides its URL
 * and the lists: the tags it links and the author it credits (`pageCacheTags`). The server's page
 * cache reads it to drop the page when one of them changes, and never sends it.
 */
export const PAGE_CACHE_TAGS_HEADER = "X-Page-Cache-Tags";

/** The value of PAGE_CACHE_TAGS_HEADER for a page showing these tags (ids) and this author (user id). */
export function pageCacheTags(shows: { tags?: readonly string[]; author?: string | null }): string {
  return [...(shows.tags ?? []).map((id) => `tag:${id}`), ...(shows.author ? [`author:${shows.author}`] : [])].join(
    " ",
  );
}

/**
 * The enhancement modules of the public pages (app/enhance/*.ts, one bundled file each): small
 * plain-TypeScript scripts that add behaviour to the server's HTML, which works without them
 * (docs/decisions/048-public-pages-without-app-bundle.md). app/enhance/index.ts maps each name
 * to its file's URL. "analytics" is never listed by a page: every public page loads it
 * (PUBLIC_PAGE_SCRIPTS).
 */
export type EnhancementName = "lead-form" | "tabs" | "status" | "analytics";

/**
 * Loaded by every public page after its own modules: the cookieless analytics
 * (docs/decisions/073-cookieless-analytics.md), which the server takes out again with ANALYTICS=0.
 */
export const PUBLIC_PAGE_SCRIPTS: readonly EnhancementName[] = ["analytics"];

/** Footer columns, in the order navigation.ts shows them. */
export type FooterColumnId = "product" | "company" | "resources" | "legal";

interface PageBase {
  /** URL path in React Router syntax: "/", "/precos", "/blog/:slug"; "*" is any other URL. */
  path: string;
  /** Route module, relative to app/, as app/routes.ts names it. */
  module: `routes/${string}`;
  render: RenderMode;
  /**
   * How the sitemap lists it, or false. A path with a parameter is listed once per item by
   * app/routes/seo/sitemap.ts (blog posts, from the database), with these settings.
   */
  sitemap: SitemapSettings | false;
  /** Kept out of search results (robots noindex); such a page is never in the sitemap. */
  noindex?: true;
  /** May the server's page cache keep it; absent: rendered for every request. */
  cache?: PageCacheRule;
  /**
   * The layout it renders in: absent, the site shell (header, footer, demo section); "admin",
   * the admin's own frame (adminLayoutModule), with none of the marketing site around it.
   */
  layout?: "admin";
  /** False: the analytics do not count it (its URL holds a secret, a preview link's token). */
  analytics?: false;
}

/**
 * How a page works in the browser; app/root.tsx reads it. A public page is HTML and CSS with no
 * React, no router runtime and no supabase-js in the browser: `scripts` lists the enhancement
 * modules it loads, possibly none. `client: "app"` makes it a full React app (hydration,
 * client-side navigation): only /auth and /admin, which need supabase-js in the browser.
 */
type PageClient = { client: "app"; scripts?: undefined } | { client?: undefined; scripts: readonly EnhancementName[] };

interface LabelledPage extends PageBase {
  /** Its short name: the text of its header or footer link and of its breadcrumb. */
  label: string;
  /** Its head carries a BreadcrumbList: the home page's label, then this label. */
  breadcrumb?: true;
  /** Position among the header's links (1 = first), or the header's separate Contato button. */
  header?: number | "contact";
  /** Column of the footer and position in it (1 = first). */
  footer?: { column: FooterColumnId; position: number };
}

interface UnlabelledPage extends PageBase {
  label?: undefined;
  breadcrumb?: undefined;
  header?: undefined;
  footer?: undefined;
}

export type PageEntry = (LabelledPage | UnlabelledPage) & PageClient;

/** The shell (header, footer, demo section) every page below renders in, unless it names another layout. */
export const siteLayoutModule = "routes/site/layout.tsx";
/** The admin's frame: no marketing header, footer or demo section (the pages with `layout: "admin"`). */
export const adminLayoutModule = "routes/admin/layout.tsx";

// The order is the sitemap's. Labels, positions and columns follow docs/product.md §2 ("Shared
// header", "Shared footer").
const pageList = [
  {
    path: "/",
    module: "routes/site/home.tsx",
    render: "prerendered",
    scripts: ["lead-form"],
    sitemap: { changefreq: "weekly", priority: 1 },
    label: "Início",
  },
  {
    path: "/recursos",
    module: "routes/site/recursos.tsx",
    render: "prerendered",
    scripts: ["lead-form", "tabs"],
    sitemap: { changefreq: "monthly", priority: 0.9 },
    label: "Recursos",
    breadcrumb: true,
    header: 1,
    footer: { column: "product", position: 1 },
  },
  {
    path: "/precos",
    module: "routes/site/precos.tsx",
    render: "prerendered",
    scripts: ["lead-form"],
    sitemap: { changefreq: "monthly", priority: 0.9 },
    label: "Preços",
    breadcrumb: true,
    header: 2,
    footer: { column: "product", position: 2 },
  },
  {
    path: "/integracoes",
    module: "routes/site/integracoes.tsx",
    render: "prerendered",
    scripts: ["lead-form"],
    sitemap: { changefreq: "monthly", priority: 0.8 },
    label: "Integrações",
    breadcrumb: true,
    header: 4,
    footer: { column: "product", position: 3 },
  },
  {
    path: "/casos-de-sucesso",
    module: "routes/site/casos-de-sucesso.tsx",
    render: "prerendered",
    scripts: ["lead-form"],
    sitemap: { changefreq: "monthly", priority: 0.8 },
    label: "Casos de Sucesso",
    breadcrumb: true,
    header: 3,
    footer: { column: "company", position: 2 },
  },
  {
    path: "/seguranca",
    module: "routes/site/seguranca.tsx",
    render: "prerendered",
    scripts: ["lead-form"],
    sitemap: { changefreq: "monthly", priority: 0.7 },
    label: "Segurança",
    breadcrumb: true,
    footer: { column: "product", position: 4 },
  },
  {
    path: "/sobre",
    module: "routes/site/sobre.tsx",
    render: "prerendered",
    scripts: ["lead-form"],
    sitemap: { changefreq: "monthly", priority: 0.7 },
    label: "Sobre",
    breadcrumb: true,
    header: 6,
    footer: { column: "company", position: 1 },
  },
  {
    path: "/contato",
    module: "routes/site/contato.tsx",
    render: "prerendered",
    scripts: ["lead-form"],
    sitemap: { changefreq: "yearly", priority: 0.8 },
    label: "Contato",
    breadcrumb: true,
    header: "contact",
    footer: { column: "company", position: 4 },
  },
  {
    path: "/documentacao",
    module: "routes/site/documentacao.tsx",
    render: "prerendered",
    scripts: [],
    sitemap: { changefreq: "monthly", priority: 0.6 },
    label: "Documentação",
    breadcrumb: true,
    footer: { column: "resources", position: 1 },
  },
  {
    path: "/ajuda",
    module: "routes/site/ajuda.tsx",
    render: "prerendered",
    scripts: [],
    sitemap: { changefreq: "monthly", priority: 0.6 },
    label: "Central de Ajuda",
    breadcrumb: true,
    footer: { column: "resources", position: 2 },
  },
  {
    // A live health check.
    path: "/status",
    module: "routes/site/status.tsx",
    render: "per-request",
    scripts: ["status"],
    sitemap: { changefreq: "daily", priority: 0.3 },
    label: "Status",
    breadcrumb: true,
    footer: { column: "resources", position: 3 },
  },
  {
    path: "/privacidade",
    module: "routes/site/privacidade.tsx",
    render: "prerendered",
    scripts: [],
    sitemap: { changefreq: "yearly", priority: 0.3 },
    label: "Privacidade",
    breadcrumb: true,
    footer: { column: "legal", position: 1 },
  },
  {
    path: "/termos",
    module: "routes/site/termos.tsx",
    render: "prerendered",
    scripts: [],
    sitemap: { changefreq: "yearly", priority: 0.3 },
    label: "Termos de Uso",
    breadcrumb: true,
    footer: { column: "legal", position: 2 },
  },
  {
    path: "/lgpd",
    module: "routes/site/lgpd.tsx",
    render: "prerendered",
    scripts: [],
    sitemap: { changefreq: "yearly", priority: 0.3 },
    label: "LGPD",
    breadcrumb: true,
    footer: { column: "legal", position: 3 },
  },
  {
    // Lists the published posts.
    path: "/blog",
    module: "routes/blog/list.tsx",
    render: "per-request",
    scripts: [],
    sitemap: { changefreq: "daily", priority: 0.8, lastmodFromPosts: true },
    // ?pagina=N is the list's page (app/lib/blog.server.ts).
    cache: { shows: "posts", query: ["pagina"] },
    label: "Blog",
    header: 5,
    footer: { column: "company", position: 3 },
  },
  {
    path: "/blog/:slug",
    module: "routes/blog/post.tsx",
    render: "per-request",
    scripts: [],
    sitemap: { changefreq: "monthly", priority: 0.6 },
    cache: { shows: "post" },
  },
  {
    // A tag's visible posts; listed in the sitemap once per tag that has some.
    path: "/blog/tag/:slug",
    module: "routes/blog/tag.tsx",
    render: "per-request",
    scripts: [],
    sitemap: { changefreq: "weekly", priority: 0.5 },
    cache: { shows: "posts", query: ["pagina"] },
  },
  {
    // An author's profile and visible posts; listed once per author who has some.
    path: "/blog/autor/:slug",
    module: "routes/blog/author.tsx",
    render: "per-request",
    scripts: [],
    sitemap: { changefreq: "weekly", priority: 0.4 },
    cache: { shows: "posts", query: ["pagina"] },
  },
  {
    // A post, draft or scheduled, by a preview link an admin made (docs/admin.md): never in the
    // sitemap, indexed or cached (app/lib/post-preview.server.ts).
    path: "/blog/previa/:token",
    module: "routes/blog/preview.tsx",
    render: "per-request",
    scripts: [],
    sitemap: false,
    noindex: true,
    analytics: false,
  },
  {
    // The blog's search (?q=, ?pagina=): results are not content to index. Visitors repeat
    // each other's words, so a query's page is kept like a list, apart from the other pages
    // (any query is possible).
    path: "/blog/busca",
    module: "routes/blog/search.tsx",
    render: "per-request",
    scripts: [],
    sitemap: false,
    noindex: true,
    cache: { shows: "posts", query: ["q", "pagina"], apart: true },
  },
  {
    path: "/auth",
    module: "routes/auth/auth.tsx",
    render: "per-request",
    client: "app",
    sitemap: false,
    noindex: true,
  },
  {
    // Where the recovery and invitation e-mails lead (server/mail/auth-templates.ts).
    path: "/auth/nova-senha",
    module: "routes/auth/new-password.tsx",
    render: "per-request",
    client: "app",
    sitemap: false,
    noindex: true,
  },
  {
    path: "/admin",
    module: "routes/admin/admin.tsx",
    render: "per-request",
    client: "app",
    layout: "admin",
    sitemap: false,
    noindex: true,
  },
  {
    // The demo form's target: it shows the form's answer, not content worth indexing.
    path: "/solicitar-demo",
    module: "routes/site/solicitar-demo.tsx",
    render: "per-request",
    scripts: ["lead-form"],
    sitemap: false,
    noindex: true,
  },
  // Any URL no other route matches: a 404 inside the shell.
  {
    path: "*",
    module: "routes/site/not-found.tsx",
    render: "per-request",
    scripts: [],
    sitemap: false,
    noindex: true,
  },
] as const satisfies readonly PageEntry[];

/** Every page, in sitemap order. */
export const pages: readonly PageEntry[] = pageList;

/** Each layout route and the pages it holds, in the order app/routes.ts registers them. */
export const pageLayouts: readonly { module: `routes/${string}`; pages: readonly PageEntry[] }[] = [
  { module: siteLayoutModule, pages: pages.filter((page) => !page.layout) },
  { module: adminLayoutModule, pages: pages.filter((page) => page.layout === "admin") },
];

/** A path of the list; pageMetaFor takes only these, so a typo fails the typecheck. */
export type PagePath = (typeof pageList)[number]["path"];

/** Routes without UI (feeds for search engines and readers, the admin's Markdown preview). */
export const resourceRoutes = [
  { path: "/rss.xml", module: "routes/seo/rss.ts", cache: { shows: "posts" } },
  // A tag's and an author's own feeds.
  { path: "/blog/tag/:slug/rss.xml", module: "routes/seo/tag-rss.ts", cache: { shows: "posts" } },
  { path: "/blog/autor/:slug/rss.xml", module: "routes/seo/author-rss.ts", cache: { shows: "posts" } },
  { path: "/sitemap.xml", module: "routes/seo/sitemap.ts", cache: { shows: "posts" } },
  { path: "/robots.txt", module: "routes/seo/robots.ts" },
  { path: "/admin/preview", module: "routes/admin/preview.ts" },
  { path: "/admin/mensagens.csv", module: "routes/admin/export.ts" },
  { path: "/admin/convite", module: "routes/admin/invite.ts" },
  // The live check of /status as JSON, for its enhancement (app/enhance/status.ts).
  { path: "/status.json", module: "routes/site/status-json.ts" },
] as const satisfies readonly { path: string; module: `routes/${string}`; cache?: PageCacheRule }[];

export function pageByPath(path: PagePath): PageEntry {
  const page = pages.find((entry) => entry.path === path);
  if (!page) throw new Error(`No page ${path} in app/content/pages.ts`);
  return page;
}

/** A page of the static sitemap list: one fixed URL. */
export interface SitePage extends SitemapSettings {
  path: string;
  prerender: boolean;
}

/**
 * The pages with one fixed URL that the sitemap announces, in order: what the sitemap lists
 * before the posts, and what the e2e tests and the benchmark visit.
 */
export const sitePages: SitePage[] = pages.flatMap((page) =>
  page.sitemap && !page.path.includes(":")
    ? [{ path: page.path, prerender: page.render === "prerendered", ...page.sitemap }]
    : [],
);

/**
 * The page whose route module has this React Router route id (the module path relative to
 * app/ without its extension, "routes/site/home"), if any: how app/root.tsx finds the page
 * it renders.
 */
export function pageByRouteId(routeId: string): PageEntry | undefined {
  return pages.find((page) => page.module.replace(/\.tsx?$/, "") === routeId);
}

/**
 * The pages that are public (no React in the browser), with the enhancement modules each loads:
 * its own, then PUBLIC_PAGE_SCRIPTS.
 */
export const publicPages: readonly (PageEntry & { scripts: readonly EnhancementName[] })[] = pages.flatMap((page) =>
  page.client === "app"
    ? []
    : [{ ...page, scripts: page.analytics === false ? page.scripts : [...page.scripts, ...PUBLIC_PAGE_SCRIPTS] }],
);

/** The pages and resource routes the server's page cache may keep, with their rules. */
export const cachedRoutes: readonly { path: string; cache: PageCacheRule }[] = [...pages, ...resourceRoutes].flatMap(
  (route) => ("cache" in route && route.cache ? [{ path: route.path, cache: route.cache }] : []),
);

/**
 * Fixed paths of pages the cache never keeps that a cached route's pattern would match too
 * (/blog/busca and /blog/:slug): the router prefers the fixed path, and so does the cache.
 */
export const uncachedPaths: readonly string[] = pages.flatMap((page) =>
  !("cache" in page && page.cache) && !/[:*]/.test(page.path) ? [page.path] : [],
);

/** What the build renders to HTML files. */
export const prerenderPaths: string[] = pages.filter((page) => page.render === "prerendered").map((page) => page.path);

function sitemapOf(path: PagePath): SitemapSettings {
  const settings = pageByPath(path).sitemap;
  if (!settings) throw new Error(`${path} must have sitemap settings in app/content/pages.ts`);
  return settings;
}

/** Sitemap settings of each blog post URL (the /blog/:slug page). */
export const blogPostSitemap: SitemapSettings = sitemapOf("/blog/:slug");
/** Sitemap settings of each tag's page and each author's page. */
export const tagPageSitemap: SitemapSettings = sitemapOf("/blog/tag/:slug");
export const authorPageSitemap: SitemapSettings = sitemapOf("/blog/autor/:slug");
