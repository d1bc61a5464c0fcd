import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { TagLink } from "~/lib/blog-types";
import { formatDate, isoDate } from "~/lib/format";
import { responsiveImage } from "~/lib/images";
import { tagPath } from "~/lib/blog-links";

export interface PostArticleProps {
  title: string;
  /** When it went live (published_at). */
  publishedAt: string;
  readingTime: string;
  /** "Por <name>", linking to the author's page when the author has a profile. */
  byline: { label: string; name: string; href: string | null };
  /** Its tags in order, as links to their pages. */
  tags: TagLink[];
  tagsLabel: string;
  featuredImage: string | null;
  /** Sanitized on the server (app/lib/markdown.server.ts). */
  html: string;
  backLabel: string;
  publishedOnLabel: string;
}

// Typography for the rendered Markdown, scoped to the article body.
const BODY =
  "mt-10 max-w-none text-lg leading-8 text-slate-800 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base [&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_hr]:my-10 [&_hr]:border-border [&_img]:my-8 [&_img]:rounded-lg [&_li]:my-1 [&_ol]:my-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-5 [&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:my-6 [&_table]:w-full [&_td]:border [&_td]:border-border [&_td]:p-2 [&_th]:border [&_th]:border-border [&_th]:p-2 [&_th]:text-left [&_ul]:my-6 [&_ul]:list-disc [&_ul]:pl-6";

/** The article is max-w-3xl (768 px) with 24 px padding on each side. */
const HERO_SIZES = "(min-width: 768px) 720px, calc(100vw - 48px)";

/**
 * A published post: title, byline, date, reading time, tags, featured image and the rendered
 * body. Its related posts follow it on the page (RelatedPosts).
 */
export function PostArticle(props: PostArticleProps) {
  return (
    <article className="mx-auto max-w-3xl px-6 py-16 lg:py-24">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {props.backLabel}
      </Link>
      <header className="mt-8">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{props.title}</h1>
        <p className="mt-4 flex flex-wrap items-center gap-x-3 text-muted-foreground">
          <span>
            {props.byline.label}{" "}
            {props.byline.href ? (
              <a href={props.byline.href} rel="author" className="font-medium text-foreground hover:underline">
                {props.byline.name}
              </a>
            ) : (
              <span className="font-medium text-foreground">{props.byline.name}</span>
            )}
          </span>
          <span aria-hidden="true">·</span>
          <span>
            {props.publishedOnLabel} <time dateTime={isoDate(props.publishedAt)}>{formatDate(props.publishedAt)}</time>
          </span>
          <span aria-hidden="true">·</span>
          <span>{props.readingTime}</span>
        </p>
        {props.tags.length > 0 ? (
          <ul aria-label={props.tagsLabel} className="mt-4 flex flex-wrap gap-2">
            {props.tags.map((tag) => (
              <li key={tag.slug}>
                <a
                  href={tagPath(tag.slug)}
                  rel="tag"
                  className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground hover:underline"
                >
                  {tag.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      {props.featuredImage ? (
        <img
          {...responsiveImage(props.featuredImage, { sizes: HERO_SIZES, aspect: [40, 21] })}
          alt={props.title}
          width={1200}
          height={630}
          // The largest paint of the page: load it first, not lazily.
          fetchPriority="high"
          decoding="async"
          className="mt-10 aspect-[40/21] w-full rounded-lg bg-muted object-cover"
        />
      ) : null}
      <div className={BODY} data-testid="post-body" dangerouslySetInnerHTML={{ __html: props.html }} />
    </article>
  );
}
