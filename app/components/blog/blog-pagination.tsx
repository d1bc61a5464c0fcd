import { ArrowLeft, ArrowRight } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { BLOG_PATH, pagedPath } from "~/lib/blog-links";

/** The URL of page `page` of the blog: page 1 is /blog itself (its canonical URL). */
export function blogPageHref(page: number): string {
  return pagedPath(BLOG_PATH, page);
}

interface BlogPaginationProps {
  page: number;
  pageCount: number;
  copy: { label: string; older: string; newer: string; pageOf: (page: number, count: number) => string };
  /** The address of a page of this list (default: /blog's). */
  hrefFor?: (page: number) => string;
}

/**
 * "Mais recentes" (back towards page 1) and "Anteriores" (older posts), as plain links: the
 * blog needs no script. Nothing is shown when everything fits on one page.
 */
export function BlogPagination({ page, pageCount, copy, hrefFor = blogPageHref }: BlogPaginationProps) {
  if (pageCount <= 1) return null;
  const link = buttonVariants({ variant: "outline" });
  return (
    <nav aria-label={copy.label} className="mt-12 flex items-center justify-between gap-4">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" className={link}>
          <ArrowLeft aria-hidden="true" />
          {copy.newer}
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground">{copy.pageOf(page, pageCount)}</p>
      {page < pageCount ? (
        <a href={hrefFor(page + 1)} rel="next" className={link}>
          {copy.older}
          <ArrowRight aria-hidden="true" />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
