// The public pages of the site: one list feeds the prerender list (react-router.config.ts)
// and the sitemap, so a page added here is built as a file and announced to search engines.

export interface SitePage {
  path: string;
  /** Static content: rendered to HTML at build time. */
  prerender: boolean;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
}

export const sitePages: SitePage[] = [
  { path: "/", prerender: true, changefreq: "weekly", priority: 1 },
  { path: "/recursos", prerender: true, changefreq: "monthly", priority: 0.9 },
  { path: "/precos", prerender: true, changefreq: "monthly", priority: 0.9 },
  { path: "/integracoes", prerender: true, changefreq: "monthly", priority: 0.8 },
  { path: "/casos-de-sucesso", prerender: true, changefreq: "monthly", priority: 0.8 },
  { path: "/seguranca", prerender: true, changefreq: "monthly", priority: 0.7 },
  { path: "/sobre", prerender: true, changefreq: "monthly", priority: 0.7 },
  { path: "/contato", prerender: true, changefreq: "yearly", priority: 0.8 },
  { path: "/documentacao", prerender: true, changefreq: "monthly", priority: 0.6 },
  { path: "/ajuda", prerender: true, changefreq: "monthly", priority: 0.6 },
  // A live health check: rendered on every request.
  { path: "/status", prerender: false, changefreq: "daily", priority: 0.3 },
  { path: "/privacidade", prerender: true, changefreq: "yearly", priority: 0.3 },
  { path: "/termos", prerender: true, changefreq: "yearly", priority: 0.3 },
  { path: "/lgpd", prerender: true, changefreq: "yearly", priority: 0.3 },
  // Server-rendered on each request: it lists the published posts.
  { path: "/blog", prerender: false, changefreq: "daily", priority: 0.8 },
];

export const prerenderPaths: string[] = sitePages.filter((page) => page.prerender).map((page) => page.path);
