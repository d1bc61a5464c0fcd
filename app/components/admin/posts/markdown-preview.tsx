import { useEffect, useState, type Ref } from "react";
import { cn } from "~/lib/utils";

export interface MarkdownPreviewProps {
  markdown: string;
  /** Renders on the server (POST /admin/preview) so the sanitizer never ships to the browser. */
  render: (markdown: string, signal: AbortSignal) => Promise<string>;
  copy: { loading: string; empty: string; error: string };
  /** The scrolling box, which the editor scrolls along with the Markdown beside it. */
  scrollRef?: Ref<HTMLDivElement>;
  className?: string;
  onScroll?: () => void;
}

type Result = { markdown: string; html: string | null };

/** The post body as readers will see it: the same renderer and sanitizer as the post page. */
export function MarkdownPreview({ markdown, render, copy, scrollRef, className, onScroll }: MarkdownPreviewProps) {
  // The last answer and the text it belongs to: anything else means "still loading".
  const [result, setResult] = useState<Result | null>(null);
  useEffect(() => {
    if (!markdown.trim()) return;
    const controller = new AbortController();
    render(markdown, controller.signal).then(
      (html) => setResult({ markdown, html }),
      () => {
        if (!controller.signal.aborted) setResult({ markdown, html: null });
      },
    );
    return () => controller.abort();
  }, [markdown, render]);

  if (!markdown.trim()) return <p className="text-sm text-muted-foreground">{copy.empty}</p>;
  if (result?.markdown !== markdown)
    return <output className="block text-sm text-muted-foreground">{copy.loading}</output>;
  if (result.html === null)
    return (
      <p className="text-sm text-destructive" role="alert">
        {copy.error}
      </p>
    );
  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className={cn(
        "max-h-80 overflow-y-auto rounded-md border border-border p-4 text-sm leading-6 [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-5",
        className,
      )}
      data-testid="markdown-preview"
      dangerouslySetInnerHTML={{ __html: result.html }}
    />
  );
}
