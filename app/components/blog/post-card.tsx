import type { ReactNode } from "react";
import { Link } from "react-router";
import type { BlogPostSummary } from "~/lib/blog-types";
import { formatDate, isoDate } from "~/lib/format";
import { responsiveImage } from "~/lib/images";
import { postPath, tagPath } from "~/lib/blog-links";

/** The grid's columns (post-grid.tsx): one, then two from md, three from lg. */
const CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw";

/** The search's marks around the matched words (search_posts). */
const MARK_START = "\u{E000}";
const MARK_END = "\u{E001}";

/** A search snippet as text with the matched words in <mark>; React escapes the rest. */
export function highlighted(snippet: string): ReactNode[] {
  return snippet.split(MARK_START).flatMap((part, index) => {
    if (index === 0) return [part.replaceAll(MARK_END, "")];
    const end = part.indexOf(MARK_END);
    const word = end === -1 ? part : part.slice(0, end);
    const rest = end === -1 ? "" : part.slice(end + 1).replaceAll(MARK_END, "");
    return [
      <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-foreground">
        {word}
      </mark>,
      rest,
    ];
  });
}

/**
 * A blog card (docs/product.md §2), at `position` in its grid (0 = first): featured image when
 * there is one, its primary tag, title and excerpt clamped to two lines (a search result shows
 * its snippet instead), and the date it went live in pt-BR. The title's link is stretched over
 * the whole card, so the card is one click target while the link's accessible name stays the
 * title alone; the tag's link sits above it.
 */
export function PostCard({ post, position, snippet }: { post: BlogPostSummary; position: number; snippet?: string }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-lg border border-border bg-background shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {post.featured_image ? (
        <img
          {...responsiveImage(post.featured_image, { sizes: CARD_SIZES, aspect: [40, 21] })}
          // Decorative here: the title right below says the same.
          alt=""
          width={1200}
          height={630}
          // The first row is above the fold on wide screens: no lazy loading there. On a phone the
          // first card's image is the largest paint: fetched first.
          loading={position < 3 ? "eager" : "lazy"}
          fetchPriority={position === 0 ? "high" : undefined}
          decoding="async"
          className="aspect-[40/21] w-full bg-muted object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-6">
        {post.primaryTag ? (
          <a
            href={tagPath(post.primaryTag.slug)}
            className="relative z-10 self-start rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground hover:underline"
          >
            {post.primaryTag.name}
          </a>
        ) : null}
        <h2 className="line-clamp-2 text-xl font-semibold tracking-tight">
          <Link
            to={postPath(post.slug)}
            prefetch="intent"
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </h2>
        {snippet ? (
          <p className="line-clamp-4 text-muted-foreground" data-testid="search-snippet">
            {highlighted(snippet)}
          </p>
        ) : post.excerpt ? (
          <p className="line-clamp-2 text-muted-foreground">{post.excerpt}</p>
        ) : null}
        <time dateTime={isoDate(post.published_at)} className="mt-auto text-sm text-muted-foreground">
          {formatDate(post.published_at)}
        </time>
      </div>
    </article>
  );
}
