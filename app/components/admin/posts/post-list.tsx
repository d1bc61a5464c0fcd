import { ExternalLink, Pencil } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { postPath } from "~/lib/blog-links";
import type { BlogPost } from "~/lib/blog-types";
import { formatScheduledAt, formatShortDate } from "~/lib/format";
import { RENDITION_WIDTHS, renditionUrl } from "~/lib/images";
import { RemoveButton } from "../remove-button";

export interface PostListProps {
  posts: BlogPost[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Whether a search or filter narrows the list: an empty list then says nothing matched. */
  filtered: boolean;
  copy: typeof AdminCopy.list;
  /**
   * Whether the signed-in member may change this post (app/lib/admin-role.ts canEditPost): edit
   * and delete show only then, since the database would refuse them.
   */
  canChange: (post: BlogPost) => boolean;
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
}

/** A published post whose moment has not come yet (issue #36). */
function isScheduled(post: BlogPost, now: number): boolean {
  return post.published && post.published_at !== null && Date.parse(post.published_at) > now;
}

/** Whether a visitor can open the post now: published and its moment come. */
export function isVisible(post: BlogPost, now = Date.now()): boolean {
  return post.published && !isScheduled(post, now);
}

/**
 * "Publicado" or "Rascunho" (docs/product.md §2); a published post whose moment has not come
 * also says when it goes live, in São Paulo time (issue #36).
 */
function statusOf(post: BlogPost, copy: typeof AdminCopy.list): string {
  if (!post.published) return post.review_requested_at ? copy.inReview : copy.draft;
  if (isScheduled(post, Date.now()) && post.published_at) {
    return `${copy.published}, ${copy.scheduled(formatScheduledAt(post.published_at))}`;
  }
  return copy.published;
}

/** The featured image, small (the smallest rendition of an upload), or an empty square. */
function Thumbnail({ src }: { src: string | null }) {
  const box = "size-12 shrink-0 rounded-md bg-muted object-cover";
  if (!src) return <div aria-hidden="true" className={box} />;
  return <img src={renditionUrl(src, RENDITION_WIDTHS[0]) ?? src} alt="" loading="lazy" className={box} />;
}

/**
 * Posts, drafts too, newest first (docs/product.md §2): thumbnail, title, "slug / status / Criado
 * date", and actions (edit and delete where the member may, "Ver no site" for the posts visitors
 * can open).
 */
export function PostList({ posts, loading, failed, filtered, copy, canChange, onEdit, onDelete }: PostListProps) {
  if (loading) return <p className="py-8 text-muted-foreground">{copy.loading}</p>;
  if (failed) return <p className="py-8 text-destructive">{copy.loadError}</p>;
  if (!posts || posts.length === 0) {
    return <p className="py-8 text-muted-foreground">{filtered ? copy.noMatches : copy.empty}</p>;
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label={copy.label}>
      {posts.map((post) => (
        <li key={post.id} className="flex items-start justify-between gap-3 p-4 sm:items-center">
          <div className="flex min-w-0 items-start gap-3 sm:items-center">
            <Thumbnail src={post.featured_image} />
            <div className="min-w-0">
              <h2 className="truncate font-semibold">{post.title}</h2>
              <p className="mt-1 text-sm break-all text-muted-foreground">
                {post.slug} / {statusOf(post, copy)} / {copy.created(formatShortDate(post.created_at))}
              </p>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap justify-end gap-1">
            {isVisible(post) ? (
              <Tooltip label={copy.view}>
                <Button asChild variant="ghost" size="icon">
                  <a href={postPath(post.slug)} target="_blank" rel="noopener" aria-label={copy.viewLabel(post.title)}>
                    <ExternalLink aria-hidden="true" />
                  </a>
                </Button>
              </Tooltip>
            ) : null}
            {canChange(post) ? (
              <>
                <Tooltip label={copy.edit}>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={copy.editLabel(post.title)}
                    onClick={() => onEdit(post)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                </Tooltip>
                <RemoveButton
                  tooltip={copy.remove}
                  label={copy.removeLabel(post.title)}
                  onClick={() => onDelete(post)}
                />
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
