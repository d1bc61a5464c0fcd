import { data } from "react-router";
import { BlogHeader } from "~/components/blog/blog-header";
import { authorFeedPath, authorPath, pagedPath, postPath } from "~/lib/blog-links";
import { BlogPagination } from "~/components/blog/blog-pagination";
import { FeedLink } from "~/components/blog/feed-link";
import { PostGrid } from "~/components/blog/post-grid";
import { blogCopy } from "~/content/blog";
import { blogBreadcrumb, feedLink, pageLinks, postingsOf } from "~/lib/blog-head";
import { blogPageFrom, findAuthor, listAuthorPosts } from "~/lib/blog.server";
import { responsiveImage } from "~/lib/images";
import { pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import { profilePageJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/author";

/**
 * /blog/autor/<slug>: an author's profile and visible posts, newest first, 12 per page, kept by
 * the page cache like /blog. An author without visible posts is a 404 (row-level security shows
 * visitors no other profile), and so is a page past the last.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = blogPageFrom(new URL(request.url).searchParams);
  const author = page === null ? null : await findAuthor(context, params.slug);
  const list = author && page !== null ? await listAuthorPosts(context, author, page) : null;
  if (!author || !list) throw data(null, { status: 404 });
  return { author, list };
}

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, list } = loaderData;
  const copy = blogCopy.authorPage;
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 lg:py-24">
      <BlogHeader eyebrow={copy.eyebrow} title={author.name} subtitle={author.bio || copy.description(author.name)}>
        {author.avatar_url ? (
          <img
            {...responsiveImage(author.avatar_url, { sizes: "96px", aspect: [1, 1], maxWidth: 320 })}
            alt={copy.avatarAlt(author.name)}
            width={96}
            height={96}
            className="mx-auto mt-6 size-24 rounded-full bg-muted object-cover"
          />
        ) : null}
        {author.website_url ? (
          <p className="mt-4">
            <a href={author.website_url} rel="me noopener" className="font-medium text-primary hover:underline">
              {copy.website}
            </a>
          </p>
        ) : null}
        <FeedLink href={authorFeedPath(author.slug)} label={blogCopy.rssLabel} />
      </BlogHeader>
      <PostGrid posts={list.posts} label={copy.listLabel(author.name)} emptyText={blogCopy.empty} />
      <BlogPagination
        page={list.page}
        pageCount={list.pageCount}
        copy={{ ...blogCopy.pagination, label: copy.paginationLabel(author.name) }}
        hrefFor={(page) => pagedPath(authorPath(author.slug), page)}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const site = siteOf(matches);
  const { author, list } = loaderData;
  const copy = blogCopy.authorPage;
  const base = authorPath(author.slug);
  const path = pagedPath(base, list.page);
  return [
    ...pageMeta(
      {
        title: copy.metaTitle(author.name, list.page),
        description: author.bio?.trim() ? author.bio.slice(0, 300) : copy.description(author.name),
        path,
        image: author.avatar_url || undefined,
        type: "profile",
        jsonLd: [
          profilePageJsonLd(
            {
              name: author.name,
              path: base,
              description: author.bio,
              image: author.avatar_url || null,
              website: author.website_url,
            },
            postingsOf(list.posts, postPath),
            site,
          ),
          blogBreadcrumb(author.name, base, site),
        ],
      },
      site,
    ),
    feedLink(copy.feedTitle(author.name), authorFeedPath(author.slug), site),
    ...pageLinks(base, list.page, list.pageCount, site),
  ];
};
