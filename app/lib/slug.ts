/**
 * A URL slug from a title: accents stripped ("Atenção ao cliente" -> "atencao-ao-cliente"),
 * lower case, runs of anything else collapsed into one hyphen, no hyphen at either end.
 * The result satisfies the database's slug rule (`^[a-z0-9]+(-[a-z0-9]+)*$`) or is empty.
 */
export function slugify(title: string): string {
  return (
    title
      // NFD splits "ç" into "c" + a combining cedilla, which the next step removes.
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 200)
      .replace(/-+$/, "")
  );
}

/** The same rule as the blog_posts.slug CHECK constraint. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function isValidSlug(slug: string): boolean {
  return slug.length <= 200 && SLUG_PATTERN.test(slug);
}
