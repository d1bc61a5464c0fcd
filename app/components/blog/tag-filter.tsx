import type { PublicTag } from "~/lib/blog-types";
import { tagPath } from "~/lib/blog-links";

/** Tags shown at once; the rest wait behind "Mais temas" (a native <details>, no script). */
const SHOWN = 12;

interface TagFilterProps {
  tags: PublicTag[];
  copy: { filterLabel: string; more: string; postCount: (count: number) => string };
}

const CHIP =
  "inline-flex items-center gap-1.5 rounded-full border border-border bg-background px-3 py-1 text-sm font-medium hover:border-primary hover:text-primary";

function Chip({ tag, copy }: { tag: PublicTag; copy: TagFilterProps["copy"] }) {
  return (
    <li>
      <a href={tagPath(tag.slug)} className={CHIP}>
        {tag.name}
        <span className="text-xs text-muted-foreground">
          <span aria-hidden="true">·</span> {copy.postCount(tag.postCount)}
        </span>
      </a>
    </li>
  );
}

/** /blog's row of tags with visible posts, the most used first, each leading to its page. */
export function TagFilter({ tags, copy }: TagFilterProps) {
  if (tags.length === 0) return null;
  const rest = tags.slice(SHOWN);
  return (
    <nav aria-label={copy.filterLabel} className="mb-12 text-center">
      <ul className="flex flex-wrap justify-center gap-2">
        {tags.slice(0, SHOWN).map((tag) => (
          <Chip key={tag.id} tag={tag} copy={copy} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-primary">{copy.more}</summary>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {rest.map((tag) => (
              <Chip key={tag.id} tag={tag} copy={copy} />
            ))}
          </ul>
        </details>
      ) : null}
    </nav>
  );
}
