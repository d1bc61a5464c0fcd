import { isRouteErrorResponse } from "react-router";
import { Button } from "~/components/ui/button";
import { unexpectedErrorCopy } from "~/content/errors";

/** The error's message, or the HTTP status text of an error response (docs/product.md §2). */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * "Unexpected Application Error!" with the message or status text. Plain links (not router
 * links) on purpose: after an unexpected failure a full page load is the safest way back.
 */
export function UnexpectedErrorScreen({ error }: { error: unknown }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col items-start justify-center gap-6 px-6 py-16">
      <title>{unexpectedErrorCopy.metaTitle}</title>
      <h1 className="text-3xl font-bold tracking-tight">{unexpectedErrorCopy.title}</h1>
      <pre className="w-full overflow-x-auto rounded-md bg-muted p-4 text-sm whitespace-pre-wrap text-foreground">
        {describeError(error)}
      </pre>
      <div className="flex gap-3">
        <Button asChild>
          <a href="/">{unexpectedErrorCopy.home}</a>
        </Button>
      </div>
    </main>
  );
}
