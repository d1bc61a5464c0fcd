import type { BlogPostSummary } from "~/lib/blog-types";
import { PostCard } from "./post-card";

const GRID = "grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3";

interface PostGridProps {
  posts: BlogPostSummary[];
  label: string;
  emptyText: string;
  /** A search's snippet per post id, shown in place of the excerpt. */
  snippets?: ReadonlyMap<string, string>;
}

/** The published posts, newest first; the empty state when there are none (docs/product.md §2, §8). */
export function PostGrid({ posts, label, emptyText, snippets }: PostGridProps) {
  if (posts.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-12 text-center text-lg text-muted-foreground">
        {emptyText}
      </p>
    );
  }
  return (
    <ul className={GRID} aria-label={label}>
      {posts.map((post, index) => (
        <li key={post.id} className="flex">
          <PostCard post={post} position={index} snippet={snippets?.get(post.id)} />
        </li>
      ))}
    </ul>
  );
}
