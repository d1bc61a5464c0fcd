import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Deliberately without tailwind-merge (docs/decisions/007-byte-budget-choices.md):
 * components add classes to their base styles instead of overriding the same property, so there
 * is nothing to merge.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
