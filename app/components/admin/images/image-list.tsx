import type { adminCopy as AdminCopy } from "~/content/admin";
import type { UploadedImage } from "~/lib/admin/images";
import { formatShortDate } from "~/lib/format";
import { renditionUrl } from "~/lib/images";
import { RemoveButton } from "../remove-button";

export interface ImageListProps {
  images: UploadedImage[] | undefined;
  /** The object names the database reports unused for a day. */
  unused: ReadonlySet<string>;
  loading: boolean;
  failed: boolean;
  copy: typeof AdminCopy.images;
  removeTooltip: string;
  /** Absent for a role the database lets list but not delete (a writer): no bin then. */
  onDelete?: (image: UploadedImage) => void;
}

/** What a row says of its use: the posts that show it, else whether anything else does. */
export function usageOf(image: UploadedImage, copy: typeof AdminCopy.images): string {
  return image.posts.length === 0 && image.inUse ? copy.usedElsewhere : copy.usedIn(image.posts.length);
}

/** The bin's question: an image in use warns what it leaves without it, as the posts' one does. */
export function deleteQuestion(image: UploadedImage, copy: typeof AdminCopy.images): string {
  if (image.posts.length > 0) return copy.confirmDeleteUsed(image.posts.map((post) => post.title));
  return image.inUse ? copy.confirmDeleteUsedElsewhere : copy.confirmDelete;
}

/**
 * The uploaded images, newest first: a thumbnail, the file name it was uploaded with, size, date
 * and the posts that show each one.
 */
export function ImageList({ images, unused, loading, failed, copy, removeTooltip, onDelete }: ImageListProps) {
  if (loading) return <p className="py-8 text-muted-foreground">{copy.loading}</p>;
  if (failed) return <p className="py-8 text-destructive">{copy.failed}</p>;
  if (!images || images.length === 0) return <p className="py-8 text-muted-foreground">{copy.empty}</p>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label={copy.listLabel}>
      {images.map((image) => {
        const fileName = image.originalName ?? image.name.split("/").at(-1) ?? image.name;
        return (
          <li key={image.name} className="flex items-center justify-between gap-4 p-4">
            <div className="flex min-w-0 items-center gap-4">
              <img
                src={renditionUrl(image.path, 160) ?? image.path}
                alt=""
                width={96}
                height={54}
                loading="lazy"
                className="h-14 w-24 shrink-0 rounded-md border border-border bg-muted object-cover"
              />
              <div className="min-w-0">
                <p className="truncate font-medium" title={fileName}>
                  {fileName}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {copy.size(image.bytes)} · {formatShortDate(image.createdAt)} · {usageOf(image, copy)}
                  {unused.has(image.name) ? ` · ${copy.unused}` : null}
                </p>
                {image.posts.length > 0 ? (
                  <p className="mt-1 text-sm wrap-break-word">{image.posts.map((post) => post.title).join("; ")}</p>
                ) : null}
              </div>
            </div>
            {onDelete ? (
              <RemoveButton tooltip={removeTooltip} label={copy.delete(fileName)} onClick={() => onDelete(image)} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
