import { Suspense } from "react";
import { Await } from "react-router";
import { PostGrid, PostGridSkeleton } from "~/components/blog/post-grid";
import { BlogHeader } from "~/components/blog/blog-header";
import { blogCopy } from "~/content/blog";
import { listPublishedPosts, type PostListResult } from "~/lib/blog.server";
import { pageMeta } from "~/lib/seo";
import { blogJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/list";

/** Server-rendered on every request: published posts only, newest first (docs/product.md §7). */
export async function loader({ context }: Route.LoaderArgs): Promise<{ list: PostListResult }> {
  return { list: await listPublishedPosts(context) };
}

/**
 * On client-side navigations the page renders at once with the list still in flight, so the
 * three placeholder cards of docs/product.md §2 show while it loads. The first load uses the server's
 * HTML (no `hydrate`), and supabase-js never reaches the browser: the data comes from the
 * server loader.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs): { list: Promise<PostListResult> } {
  // An unreachable server is a failed load too: the empty state, as on the server (docs/product.md §8).
  return {
    list: serverLoader().then(
      (data) => data.list,
      (): PostListResult => ({ posts: [], failed: true }),
    ),
  };
}

function grid(result: PostListResult) {
  return <PostGrid posts={result.posts} label={blogCopy.listLabel} emptyText={blogCopy.empty} />;
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 lg:py-24">
      <BlogHeader title={blogCopy.title} subtitle={blogCopy.subtitle} />
      {list instanceof Promise ? (
        <Suspense fallback={<PostGridSkeleton label={blogCopy.loading} />}>
          <Await resolve={list} errorElement={grid({ posts: [], failed: true })}>
            {grid}
          </Await>
        </Suspense>
      ) : (
        // Server render and hydration: the list is already here, no boundary to stream.
        grid(list)
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  // After a client-side navigation the list is still a promise: the head keeps the Blog
  // without items, which only crawlers read, and they get the server's HTML.
  const posts = loaderData && !(loaderData.list instanceof Promise) ? loaderData.list.posts : [];
  return pageMeta({
    title: blogCopy.metaTitle,
    description: blogCopy.metaDescription,
    path: "/blog",
    jsonLd: [
      blogJsonLd(
        { name: blogCopy.title, description: blogCopy.metaDescription, path: "/blog" },
        posts.map((post) => ({
          title: post.title,
          description: post.excerpt ?? "",
          path: `/blog/${post.slug}`,
          createdAt: post.created_at,
          updatedAt: post.created_at,
          image: post.featured_image,
        })),
      ),
    ],
  });
};
