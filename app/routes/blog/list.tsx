import { data } from "react-router";
import { BlogPagination, blogPageHref } from "~/components/blog/blog-pagination";
import { PostGrid } from "~/components/blog/post-grid";
import { BlogHeader } from "~/components/blog/blog-header";
import { blogCopy } from "~/content/blog";
import { blogPageFrom, listPublishedPosts } from "~/lib/blog.server";
import { absoluteUrl } from "~/content/site-config";
import { pageMeta } from "~/lib/seo";
import { siteOf } from "~/lib/site-context";
import { blogJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/list";

/**
 * Server-rendered per request (and then kept by the server's page cache until a post changes):
 * published posts only, newest first (docs/product.md §7), 12 per page. A page number that is
 * malformed or past the last page is a 404, not an empty page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = blogPageFrom(new URL(request.url).searchParams);
  const list = page === null ? null : await listPublishedPosts(context, page);
  if (!list) throw data(null, { status: 404 });
  return { list };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 lg:py-24">
      <BlogHeader title={blogCopy.title} subtitle={blogCopy.subtitle} />
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
              path: `/blog/${post.slug}`,
              createdAt: post.created_at,
              updatedAt: post.created_at,
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
