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
  // Server-rendered on each request: it lists the published posts.
  { path: "/blog", prerender: false, changefreq: "daily", priority: 0.8 },
];

export const prerenderPaths: string[] = sitePages.filter((page) => page.prerender).map((page) => page.path);
