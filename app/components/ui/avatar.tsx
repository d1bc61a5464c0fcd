import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

/** Image states of docs/product.md §4: idle (no image yet) → loading → loaded | error. */
export type AvatarState = "idle" | "loading" | "loaded" | "error";

export interface AvatarProps {
  src?: string;
  /** Text alternative of the image; also given to the initials when the image fails. */
  alt: string;
  initials: string;
  width: number;
  height: number;
  className?: string;
}

/**
 * A portrait that falls back to initials. Unlike Radix Avatar, the <img> is in the server
 * HTML (prerendered pages show the photo before and without JavaScript); the initials sit
 * underneath as a placeholder while loading and take over on error. An image that failed
 * before hydration (so React never saw its error event) is caught on mount.
 */
export function Avatar({ src, alt, initials, width, height, className }: AvatarProps) {
  const [state, setState] = useState<AvatarState>(src ? "loading" : "idle");
  const imageRef = useRef<HTMLImageElement>(null);

  // Runs once after hydration: an image that settled before React attached its handlers.
  // Callers give the component a new `key` when the source changes.
  useEffect(() => {
    const image = imageRef.current;
    if (!image || !image.complete) return;
    // oxlint-disable-next-line react/set-state-in-effect -- reads the DOM image, an external system
    setState(image.naturalWidth > 0 ? "loaded" : "error");
  }, []);

  const showImage = src && state !== "error" && state !== "idle";
  return (
    <span
      data-state={state}
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent",
        className,
      )}
      style={{ width, height }}
    >
      <span
        aria-hidden={showImage ? true : undefined}
        role={showImage ? undefined : "img"}
        aria-label={showImage ? undefined : alt}
        className="text-2xl font-bold text-accent-foreground select-none"
      >
        {initials}
      </span>
      {showImage ? (
        <img
          ref={imageRef}
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
          onLoad={() => setState("loaded")}
          onError={() => setState("error")}
        />
      ) : null}
    </span>
  );
}
