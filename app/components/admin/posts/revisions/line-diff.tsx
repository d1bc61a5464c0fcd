import { diffLines } from "diff";
import type { adminCopy as AdminCopy } from "~/content/admin";
import { cn } from "~/lib/utils";

/** Unchanged lines shown around each change; longer stretches fold into a count. */
const CONTEXT = 2;

type Line = { kind: "same" | "removed" | "added"; text: string } | { kind: "folded"; count: number };

/** The lines of `before` → `after` as jsdiff sees them, long unchanged stretches folded. */
export function diffRows(before: string, after: string): Line[] {
  const lines: Line[] = [];
  for (const part of diffLines(before, after)) {
    const texts = part.value.replace(/\n$/, "").split("\n");
    const kind: "same" | "removed" | "added" = part.added ? "added" : part.removed ? "removed" : "same";
    if (kind !== "same" || texts.length <= CONTEXT * 2 + 1) {
      for (const text of texts) lines.push({ kind, text });
      continue;
    }
    lines.push(...texts.slice(0, CONTEXT).map((text) => ({ kind, text })));
    lines.push({ kind: "folded", count: texts.length - CONTEXT * 2 });
    lines.push(...texts.slice(-CONTEXT).map((text) => ({ kind, text })));
  }
  return lines;
}

/**
 * A readable line diff of one field: each line marked − (only in the revision) or + (only in the
 * current text), in words for screen readers as well as in colour.
 */
export function LineDiff({ before, after, copy }: { before: string; after: string; copy: typeof AdminCopy.revisions }) {
  return (
    <pre className="overflow-x-auto rounded-md border border-border bg-muted/40 p-2 font-mono text-xs leading-5 whitespace-pre-wrap">
      {diffRows(before, after).map((line, index) =>
        line.kind === "folded" ? (
          <span key={index} className="block text-muted-foreground italic">
            {`⋯ ${copy.unchangedLines(line.count)}`}
          </span>
        ) : (
          <span
            key={index}
            className={cn(
              "block",
              line.kind === "removed" && "bg-red-100 text-red-900",
              line.kind === "added" && "bg-green-100 text-green-900",
            )}
          >
            {line.kind === "removed" ? (
              <del className="no-underline">
                <span className="sr-only">{copy.removed}: </span>− {line.text}
              </del>
            ) : line.kind === "added" ? (
              <ins className="no-underline">
                <span className="sr-only">{copy.added}: </span>+ {line.text}
              </ins>
            ) : (
              `  ${line.text}`
            )}
          </span>
        ),
      )}
    </pre>
  );
}
