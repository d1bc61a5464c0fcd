import type { CSSProperties } from "react";

/** Entrance animations are staggered in 150 ms steps (docs/product.md §2, "Home"). */
export const STAGGER_STEP_MS = 150;

/**
 * Class and delay for the n-th element of a staggered entrance. The animation only moves
 * and fades (transform/opacity), so it causes no layout shift, and `motion-safe:` drops it
 * for visitors who ask for reduced motion.
 */
export function staggered(step: number): { className: string; style: CSSProperties } {
  return { className: "motion-safe:animate-enter", style: { animationDelay: `${step * STAGGER_STEP_MS}ms` } };
}
