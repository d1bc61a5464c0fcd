import { Link } from "react-router";
import type { BlogPostSummary } from "~/lib/blog-types";
import { formatDate, isoDate } from "~/lib/format";
import { responsiveImage } from "~/lib/images";

/** The grid's columns (post-grid.tsx): one, then two from md, three from lg. */
const CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw";

/**
 * A blog card (docs/product.md §2), at `position` in its grid (0 = first): featured image when
 * there is one, title and excerpt clamped to two lines, creation date in pt-BR. The title's link
 * is stretched over the whole card, so the card is one click target while the link's accessible
 * name stays the title alone.
 */
export function PostCard({ post, position }: { post: BlogPostSummary; position: number }) {
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
        <h2 className="line-clamp-2 text-xl font-semibold tracking-tight">
          <Link
            to={`/blog/${post.slug}`}
            prefetch="intent"
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="line-clamp-2 text-muted-foreground">{post.excerpt}</p> : null}
        <time dateTime={isoDate(post.created_at)} className="mt-auto text-sm text-muted-foreground">
          {formatDate(post.created_at)}
        </time>
      </div>
    </article>
  );
}
