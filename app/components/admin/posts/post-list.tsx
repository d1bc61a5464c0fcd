import { Pencil } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import type { BlogPost } from "~/lib/blog-types";
import { formatScheduledAt, formatShortDate } from "~/lib/format";
import { RemoveButton } from "../remove-button";

export interface PostListProps {
  posts: BlogPost[] | undefined;
  loading: boolean;
  failed: boolean;
  copy: typeof AdminCopy.list;
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
}

/**
 * "Publicado" or "Rascunho" (docs/product.md §2); a published post whose moment has not come
 * also says when it goes live, in São Paulo time (issue #36).
 */
function statusOf(post: BlogPost, copy: typeof AdminCopy.list): string {
  if (!post.published) return post.review_requested_at ? copy.inReview : copy.draft;
  if (post.published_at && Date.parse(post.published_at) > Date.now()) {
    return `${copy.published}, ${copy.scheduled(formatScheduledAt(post.published_at))}`;
  }
  return copy.published;
}

/** Every post, drafts too, newest first (docs/product.md §2): title, "slug / status / Criado date", actions. */
export function PostList({ posts, loading, failed, copy, onEdit, onDelete }: PostListProps) {
  if (loading) return <p className="py-8 text-muted-foreground">{copy.loading}</p>;
  if (failed) return <p className="py-8 text-destructive">{copy.loadError}</p>;
  if (!posts || posts.length === 0) return <p className="py-8 text-muted-foreground">{copy.empty}</p>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label={copy.label}>
      {posts.map((post) => (
        <li key={post.id} className="flex items-start justify-between gap-4 p-4 sm:items-center">
          <div className="min-w-0">
            <h2 className="truncate font-semibold">{post.title}</h2>
            <p className="mt-1 text-sm break-all text-muted-foreground">
              {post.slug} / {statusOf(post, copy)} / {copy.created(formatShortDate(post.created_at))}
            </p>
          </div>
          <div className="flex shrink-0 gap-1">
            <Tooltip label={copy.edit}>
              <Button variant="ghost" size="icon" aria-label={copy.editLabel(post.title)} onClick={() => onEdit(post)}>
                <Pencil aria-hidden="true" />
              </Button>
            </Tooltip>
            <RemoveButton tooltip={copy.remove} label={copy.removeLabel(post.title)} onClick={() => onDelete(post)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
