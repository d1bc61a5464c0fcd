// One answer to "does this value lead to a page of this site?", for every place that turns a
// visitor-supplied value into a link or a redirect: the sign-in screen's `?next=` and the demo
// form's "Voltar" link (app/lib/leads.server.ts).
//
// Prefix checks are not enough: "/.//evil.example", "/%2e//evil.example" and "/..//evil.example"
// all start with one slash, yet the URL standard normalises their path to "//evil.example",
// which a browser then reads as another host. So the value is parsed with the URL standard
// (https://url.spec.whatwg.org/) against the site's origin, and the path it normalises to is
// parsed once more: only a result that still lands on the same origin is kept.

// Browsers strip tabs and newlines from URLs, which could turn "/\t/evil" into "//evil".
// oxlint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The normalised path (with query and hash) of `value` when it is a path on `origin`;
 * null for anything else: absolute or protocol-relative URLs, other schemes, control
 * characters, and paths that normalise to another host.
 */
export function sameSitePath(value: string | null | undefined, origin?: string): string | null {
  if (!value || !value.startsWith("/") || CONTROL_CHARACTERS.test(value)) return null;
  try {
    // Only paths are accepted, so any origin gives the same answer.
    const site = new URL(origin ?? "http://localhost").origin;
    const url = new URL(value, site);
    if (url.origin !== site) return null;
    const path = url.pathname + url.search + url.hash;
    // "/.//evil.example" becomes the path "//evil.example": as a link it names another host.
    if (new URL(path, site).origin !== site) return null;
    return path;
  } catch {
    return null;
  }
}

/** The `?next=` destination after sign-in, only when it is a path on this site. */
export function safeNextPath(next: string | null | undefined, origin?: string): string | null {
  return sameSitePath(next, origin);
}
