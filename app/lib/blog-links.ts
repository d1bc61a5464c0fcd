// The blog's addresses, in one place: components link them, routes name their canonical URLs.
// Plain values only, so route components may import them (unlike blog.server.ts).

export const BLOG_PATH = "/blog";
export const SEARCH_PATH = "/blog/busca";
/** The longest search the database accepts (search_posts), and the search field's maxlength. */
export const SEARCH_MAX_LENGTH = 200;

export const postPath = (slug: string) => `/blog/${slug}`;
export const tagPath = (slug: string) => `/blog/tag/${slug}`;
export const authorPath = (slug: string) => `/blog/autor/${slug}`;
export const tagFeedPath = (slug: string) => `${tagPath(slug)}/rss.xml`;
export const authorFeedPath = (slug: string) => `${authorPath(slug)}/rss.xml`;

/** Page `page` of a list at `path` (page 1 is the path itself, its canonical URL), keeping `query`. */
export function pagedPath(path: string, page: number, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
