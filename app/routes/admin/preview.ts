import { data } from "react-router";
import { renderMarkdown } from "~/lib/markdown.server";
import { serverSupabase } from "~/lib/supabase.server";
import type { Route } from "./+types/preview";

/** The blog_posts.content limit: nothing longer can be saved, so nothing longer is rendered. */
const MAX_MARKDOWN = 200_000;

/**
 * POST /admin/preview: the admin dialog's Markdown preview, rendered by the same code as the
 * post page so editors see exactly what readers will (docs/decisions/043-markdown-preview.md).
 * Only signed-in users may use it: it costs CPU and has no use for anyone else.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "method_not_allowed" }, { status: 405 });
  const token = request.headers.get("Authorization")?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return data({ error: "unauthorized" }, { status: 401 });
  const { data: user, error } = await serverSupabase(context).auth.getUser(token);
  if (error || !user.user) return data({ error: "unauthorized" }, { status: 401 });

  let markdown: unknown;
  try {
    markdown = ((await request.json()) as { markdown?: unknown }).markdown;
  } catch {
    return data({ error: "invalid_json" }, { status: 400 });
  }
  if (typeof markdown !== "string" || markdown.length > MAX_MARKDOWN) {
    return data({ error: "invalid_markdown" }, { status: 400 });
  }
  return Response.json({ html: renderMarkdown(markdown) }, { headers: { "Cache-Control": "no-store" } });
}
