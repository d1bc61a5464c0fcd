import { cn } from "~/lib/utils";

export interface AvatarProps {
  src?: string;
  /** Text alternative of the portrait, whether the photo or the initials show. */
  alt: string;
  initials: string;
  width: number;
  height: number;
  className?: string;
}

/**
 * A portrait that falls back to initials, with no JavaScript (docs/decisions/050-native-html-widgets.md).
 * The initials are painted first and the photo over them: while it loads, and if it fails, the
 * initials show through, because a broken `<img alt="">` paints nothing (no icon, no alt text).
 * The image is decorative (alt="") and the wrapper carries the name as one `role="img"`, so
 * assistive technology hears the same name in every state (docs/product.md §4, avatar states).
 */
export function Avatar({ src, alt, initials, width, height, className }: AvatarProps) {
  return (
    <span
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- one image made of two layers (initials, photo)
      role="img"
      aria-label={alt}
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent",
        className,
      )}
      style={{ width, height }}
    >
      <span aria-hidden="true" className="text-2xl font-bold text-accent-foreground select-none">
        {initials}
      </span>
      {src ? (
        <img
          src={src}
          alt=""
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </span>
  );
}
