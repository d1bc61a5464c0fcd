import { Rss } from "lucide-react";

/** A visible link to a list's own RSS feed (its <head> names it too). */
export function FeedLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="mt-4">
      <a
        href={href}
        type="application/rss+xml"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
      >
        <Rss className="size-4" aria-hidden="true" />
        {label}
      </a>
    </p>
  );
}
