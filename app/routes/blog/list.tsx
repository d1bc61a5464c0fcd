import { data } from "react-router";
import { BlogPagination, blogPageHref } from "~/components/blog/blog-pagination";
import { postPath } from "~/lib/blog-links";
import { PostGrid } from "~/components/blog/post-grid";
import { BlogHeader } from "~/components/blog/blog-header";
import { TagFilter } from "~/components/blog/tag-filter";
import { blogCopy } from "~/content/blog";
import type { PublicTag } from "~/lib/blog-types";
import { blogPageFrom, listPublishedPosts, listTags } from "~/lib/blog.server";
import { absoluteUrl } from "~/content/site-config";
import { pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import { blogJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/list";

/** The filter row's tags; without them the list still shows. */
async function filterTags(context: Route.LoaderArgs["context"]): Promise<PublicTag[]> {
  try {
    return await listTags(context);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return [];
  }
}

/**
 * Server-rendered per request (and then kept by the server's page cache until a post changes):
 * visible posts only, newest first (docs/product.md §7), 12 per page, and the tags that have
 * posts. A page number that is malformed or past the last page is a 404, not an empty page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = blogPageFrom(new URL(request.url).searchParams);
  const [list, tags] = await Promise.all([
    page === null ? null : listPublishedPosts(context, page),
    page === null ? [] : filterTags(context),
  ]);
  if (!list) throw data(null, { status: 404 });
  return { list, tags };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { list, tags } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 lg:py-24">
      <BlogHeader title={blogCopy.title} subtitle={blogCopy.subtitle} />
      <TagFilter tags={tags} copy={blogCopy.tags} />
      <PostGrid posts={list.posts} label={blogCopy.listLabel} emptyText={blogCopy.empty} />
      <BlogPagination page={list.page} pageCount={list.pageCount} copy={blogCopy.pagination} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const site = siteOf(matches);
  const { posts, page, pageCount } = loaderData.list;
  const path = blogPageHref(page);
  const title = page === 1 ? blogCopy.metaTitle : blogCopy.pageMetaTitle(page);
  return [
    ...pageMeta(
      {
        title,
        description: blogCopy.metaDescription,
        // Each page is its own canonical URL; page 1's is /blog.
        path,
        jsonLd: [
          blogJsonLd(
            { name: blogCopy.title, description: blogCopy.metaDescription, path },
            posts.map((post) => ({
              title: post.title,
              description: post.excerpt ?? "",
              path: postPath(post.slug),
              createdAt: post.published_at,
              updatedAt: post.published_at,
              image: post.featured_image,
            })),
            site,
          ),
        ],
      },
      site,
    ),
    ...(page > 1 ? [{ tagName: "link", rel: "prev", href: absoluteUrl(blogPageHref(page - 1), site.origin) }] : []),
    ...(page < pageCount
      ? [{ tagName: "link", rel: "next", href: absoluteUrl(blogPageHref(page + 1), site.origin) }]
      : []),
  ];
};
