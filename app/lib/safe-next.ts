/**
 * The `?next=` destination after sign-in, only when it is a path on this site. "//evil.example"
 * and "/\evil.example" are protocol-relative URLs to browsers (they normalise "\" to "/"), so
 * they, absolute URLs and anything with control characters are refused: no open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith("/")) return null;
  if (next.startsWith("//") || next.startsWith("/\\")) return null;
  // Browsers strip tabs and newlines from URLs, which could turn "/\t/evil" into "//evil".
  // oxlint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  try {
    const base = "http://omnia.invalid";
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
