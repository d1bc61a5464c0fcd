/**
 * Which tab a key moves to in a horizontal tablist (WAI-ARIA tabs pattern): Left/Right step and
 * wrap around at both ends, Home/End jump to the first/last. null: the key is not ours, let the
 * browser have it.
 */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
