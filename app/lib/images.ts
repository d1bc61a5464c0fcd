// Responsive images for pictures kept in Storage (the embedded backend's or a hosted project's):
// their public URL `…/storage/v1/object/public/<bucket>/<name>` has renditions at
// `…/storage/v1/render/image/public/<bucket>/<name>?width=…&height=…` (docs/backend.md
// "Storage"), so a page offers the browser a srcset to choose from. Any other URL (an external
// image) is used as it is.
const OBJECT_PATH = "/storage/v1/object/public/";
const RENDER_PATH = "/storage/v1/render/image/public/";

/**
 * The one list of widths a rendition comes in: the server snaps a requested width up to the next
 * (server/backend/storage/render.ts imports it). The smallest is the admin's thumbnails'.
 */
export const RENDITION_WIDTHS = [160, 320, 480, 640, 800, 960, 1200, 1600] as const;

/** What a page's srcset offers: every width above the thumbnails'. */
const SRCSET_WIDTHS = RENDITION_WIDTHS.slice(1);

/** The sharing image's size (Open Graph, Twitter, JSON-LD). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Whether `src` is a picture in Storage (so renditions exist). */
export function isStorageImage(src: string): boolean {
  return src.includes(OBJECT_PATH) && !src.includes("?");
}

/** The rendition of a Storage picture at `width` (and `height`, cropped to fill); null for others. */
export function renditionUrl(src: string, width: number, height?: number): string | null {
  if (!isStorageImage(src)) return null;
  const url = src.replace(OBJECT_PATH, RENDER_PATH);
  return `${url}?width=${width}${height ? `&height=${height}` : ""}`;
}

/** The 40:21 height of a width, rounded up to 10 px: one of the renderer's fixed heights (render.ts). */
const heightFor = (width: number, aspect: readonly [number, number]) =>
  Math.ceil((width * aspect[1]) / aspect[0] / 10) * 10;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * src, srcset and sizes for a picture shown at `sizes`, cropped to `aspect` when given, never
 * wider than `maxWidth` (its own width, when known). External pictures get their URL only.
 */
export function responsiveImage(
  src: string,
  options: { sizes: string; aspect?: readonly [number, number]; maxWidth?: number },
): ResponsiveImage {
  if (!isStorageImage(src)) return { src };
  const max = options.maxWidth ?? SRCSET_WIDTHS.at(-1)!;
  const widths = SRCSET_WIDTHS.filter((w) => w <= max);
  if (widths.length === 0) widths.push(SRCSET_WIDTHS[0]!);
  const at = (w: number) => renditionUrl(src, w, options.aspect ? heightFor(w, options.aspect) : undefined)!;
  return {
    // Browsers without srcset get a middle size, not the original upload.
    src: at(widths[Math.min(3, widths.length - 1)]!),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(", "),
    sizes: options.sizes,
  };
}

/** The sharing image of a post: a 1200×630 rendition of a Storage picture, else the URL itself. */
export function shareImage(src: string | null): string | null {
  if (!src) return null;
  return renditionUrl(src, SHARE_IMAGE.width, SHARE_IMAGE.height) ?? src;
}

/**
 * An uploaded picture's intrinsic size, from the name the admin's uploader gives it
 * (`<id>-<width>x<height>.<ext>`), so pages can reserve its space without asking the database.
 */
export function dimensionsFromName(src: string): { width: number; height: number } | null {
  const match = /-(\d{1,5})x(\d{1,5})\.[a-z0-9]+$/i.exec(src.split("?")[0] ?? "");
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}
