import type { adminCopy as AdminCopy } from "~/content/admin";
import { postPath } from "~/lib/blog-links";
import { postHead } from "~/lib/post-head";
import type { PostInput } from "~/lib/posts";
import { defaultShareImage } from "~/lib/seo";
import { useSite } from "~/lib/site-context";

// Loaded on demand (React.lazy) when the editor's previews are opened, so the admin's first
// load does not carry it (issue #37, the admin's JavaScript budget).

export interface SharePreviewsProps {
  values: PostInput;
  copy: typeof AdminCopy.dialog.previews;
}

/**
 * Roughly the text a reader sees, for the description of a post without excerpt or SEO
 * description: the page itself uses the Markdown renderer's text, which stays on the server.
 */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * How the post will look in a Google result and in a WhatsApp or LinkedIn card, from the same
 * function that writes the post page's head (app/lib/post-head.ts).
 */
export function SharePreviews({ values, copy }: SharePreviewsProps) {
  const site = useSite();
  const head = postHead(values, () => plainText(values.content));
  const host = new URL(site.origin).host;
  const path = postPath(values.slug || "…");
  const image = head.image ?? defaultShareImage(site);
  return (
    <div className="flex flex-col gap-5">
      <section aria-label={copy.search} className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{copy.search}</h3>
        <div className="rounded-lg border border-border p-3 text-sm">
          <p className="truncate text-xs text-muted-foreground">
            {host}
            {path.split("/").filter(Boolean).length > 0 ? ` › ${path.split("/").filter(Boolean).join(" › ")}` : ""}
          </p>
          <p className="mt-1 line-clamp-1 text-base text-primary">{head.title}</p>
          <p className="mt-1 line-clamp-2 text-muted-foreground">{head.description}</p>
        </div>
      </section>
      <section aria-label={copy.share} className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{copy.share}</h3>
        <div className="overflow-hidden rounded-lg border border-border text-sm">
          <img src={image} alt="" className="aspect-[1200/630] w-full bg-muted object-cover" loading="lazy" />
          <div className="bg-muted/50 p-3">
            <p className="truncate text-xs text-muted-foreground uppercase">{host}</p>
            <p className="mt-1 line-clamp-2 font-semibold">{head.title}</p>
            <p className="mt-1 line-clamp-2 text-muted-foreground">{head.description}</p>
          </div>
        </div>
      </section>
    </div>
  );
}
