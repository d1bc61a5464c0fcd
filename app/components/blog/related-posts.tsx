import type { BlogPostSummary } from "~/lib/blog-types";
import { PostGrid } from "./post-grid";

/** Up to three posts sharing the most tags with the one above; nothing when there are none. */
export function RelatedPosts({ posts, title, label }: { posts: BlogPostSummary[]; title: string; label: string }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-posts" className="mx-auto max-w-7xl px-6 pb-16 lg:pb-24">
      <h2 id="related-posts" className="mb-8 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <PostGrid posts={posts} label={label} emptyText="" />
    </section>
  );
}
