import type { ReactNode } from "react";

/**
 * An h2 that only assistive technology reads: it names a region (and keeps the heading outline
 * whole) where the page shows no visible title, e.g. the pricing cards or a band of figures.
 */
export function HiddenHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="sr-only">
      {children}
    </h2>
  );
}
