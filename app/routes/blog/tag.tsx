import { data } from "react-router";
import { BlogHeader } from "~/components/blog/blog-header";
import { pagedPath, postPath, tagFeedPath, tagPath } from "~/lib/blog-links";
import { BlogPagination } from "~/components/blog/blog-pagination";
import { FeedLink } from "~/components/blog/feed-link";
import { PostGrid } from "~/components/blog/post-grid";
import { blogCopy } from "~/content/blog";
import { blogBreadcrumb, feedLink, pageLinks, postingsOf } from "~/lib/blog-head";
import { blogPageFrom, findTag, listTagPosts } from "~/lib/blog.server";
import { pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import { collectionPageJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/tag";

/**
 * /blog/tag/<slug>: a tag's visible posts, newest first, 12 per page, kept by the page cache
 * like /blog. A tag without visible posts (unknown, unused, or only on drafts and scheduled
 * posts) is a 404, and so is a page past the last.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = blogPageFrom(new URL(request.url).searchParams);
  const tag = page === null ? null : await findTag(context, params.slug);
  const list = tag && page !== null ? await listTagPosts(context, tag, page) : null;
  if (!tag || !list) throw data(null, { status: 404 });
  return { tag, list };
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, list } = loaderData;
  const copy = blogCopy.tagPage;
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 lg:py-24">
      <BlogHeader eyebrow={copy.eyebrow} title={tag.name} subtitle={tag.description || copy.description(tag.name)}>
        <FeedLink href={tagFeedPath(tag.slug)} label={blogCopy.rssLabel} />
      </BlogHeader>
      <PostGrid posts={list.posts} label={copy.listLabel(tag.name)} emptyText={blogCopy.empty} />
      <BlogPagination
        page={list.page}
        pageCount={list.pageCount}
        copy={{ ...blogCopy.pagination, label: copy.paginationLabel(tag.name) }}
        hrefFor={(page) => pagedPath(tagPath(tag.slug), page)}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const site = siteOf(matches);
  const { tag, list } = loaderData;
  const copy = blogCopy.tagPage;
  const base = tagPath(tag.slug);
  const path = pagedPath(base, list.page);
  const description = tag.description || copy.description(tag.name);
  return [
    ...pageMeta(
      {
        title: copy.metaTitle(tag.name, list.page),
        description,
        path,
        jsonLd: [
          collectionPageJsonLd({ name: tag.name, description, path }, postingsOf(list.posts, postPath), site),
          blogBreadcrumb(tag.name, base, site),
        ],
      },
      site,
    ),
    feedLink(copy.feedTitle(tag.name), tagFeedPath(tag.slug), site),
    ...pageLinks(base, list.page, list.pageCount, site),
  ];
};
