import type { ReactNode } from "react";
import { BlogSearchForm } from "./blog-search-form";

interface BlogHeaderProps {
  title: string;
  subtitle?: string | null;
  /** A short line above the title ("Tema", "Autoria"). */
  eyebrow?: string;
  /** The search's words, kept in its field on the results page. */
  query?: string;
  /** Anything between the subtitle and the search form (an author's photo and links). */
  children?: ReactNode;
}

/**
 * The blog's header: title and subtitle (docs/product.md §2), then the search form, on /blog,
 * a tag's page, an author's page and the search's results.
 */
export function BlogHeader({ title, subtitle, eyebrow, query, children }: BlogHeaderProps) {
  return (
    <header className="mx-auto mb-12 max-w-3xl text-center lg:mb-16">
      {eyebrow ? <p className="mb-3 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      {subtitle ? <p className="mt-4 text-lg text-muted-foreground">{subtitle}</p> : null}
      {children}
      <BlogSearchForm query={query} />
    </header>
  );
}
