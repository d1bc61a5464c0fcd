import { renderMarkdownOffThread } from "~/lib/markdown.server";
import { adminJsonRequest, type AdminJsonRefusal } from "~/lib/admin-auth.server";
import { siteContext } from "~/lib/site-context";
import { POST_CONTENT_MAX_LENGTH, POST_PREVIEW_MAX_BYTES } from "~/lib/posts";
import type { Route } from "./+types/preview";

type PreviewError = AdminJsonRefusal | "method_not_allowed" | "invalid_markdown" | "too_complex" | "busy" | "aborted";

function answer(body: { html: string } | { error: PreviewError }, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const methodNotAllowed = () => answer({ error: "method_not_allowed" }, 405, { Allow: "POST" });
const tooLarge = () => answer({ error: "payload_too_large" }, 413);

/**
 * Longer than a post's content may be, in characters as PostgreSQL's char_length counts them:
 * code points, not UTF-16 units.
 */
const tooLong = (text: string) =>
  text.length > POST_CONTENT_MAX_LENGTH && Array.from(text).length > POST_CONTENT_MAX_LENGTH;

/** GET or HEAD: the preview is only ever posted. */
export function loader() {
  return methodNotAllowed();
}

/**
 * POST /admin/preview: the admin dialog's Markdown preview, rendered by the same code as the
 * post page so editors see exactly what readers will (docs/decisions/043-markdown-preview.md).
 * Post writers only (can_write_posts, ADR 081), checked by the database: anyone may sign up, and a
 * render costs CPU. The render
 * runs on a worker thread with a time budget, so no body stalls the rest of the site
 * (docs/decisions/045-markdown-it-linear-rendering.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  // Cheap refusals first, before the auth server or the body is touched.
  const received = await adminJsonRequest(request, context, POST_PREVIEW_MAX_BYTES, "can_write_posts");
  if (!received.ok) return answer({ error: received.error }, received.status);
  const { body } = received;
  const markdown = typeof body === "object" && body !== null ? (body as { markdown?: unknown }).markdown : undefined;
  if (typeof markdown !== "string") return answer({ error: "invalid_markdown" }, 400);
  if (tooLong(markdown)) return tooLarge();

  const result = await renderMarkdownOffThread(markdown, {
    siteOrigin: context.get(siteContext).origin,
    signal: request.signal,
  });
  if (result.ok) return answer({ html: result.html });
  if (result.reason === "busy") return answer({ error: "busy" }, 503, { "Retry-After": "2" });
  // Nobody reads this one (the client went away); 499 is how proxies log that case.
  if (result.reason === "aborted") return answer({ error: "aborted" }, 499);
  return answer({ error: "too_complex" }, 422);
}
