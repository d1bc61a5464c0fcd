import { data, isRouteErrorResponse, Link } from "react-router";
import { PostPage, postPageMeta } from "~/components/blog/post-page";
import { Button } from "~/components/ui/button";
import { postPreviewCopy } from "~/content/post-preview";
import { findPreviewPost, PREVIEW_HEADERS } from "~/lib/post-preview.server";
import { postPageData } from "~/lib/post-page.server";
import { requestContext } from "~/lib/request-context";
import { siteContext, siteOf } from "~/lib/site-context";
import type { Route } from "./+types/preview";

/**
 * /blog/previa/:token: a post, draft or scheduled, rendered by the same code as its public page,
 * for whoever holds a preview link an admin made (docs/admin.md, docs/security.md). Bounded per
 * client address; an unknown, expired or revoked link is a 404 with its own text. Never cached,
 * never indexed (PREVIEW_HEADERS, and the robots meta).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const gate = await context.get(requestContext).rateLimit("previews");
  if (!gate.allowed) {
    throw data(null, {
      status: 429,
      headers: { ...PREVIEW_HEADERS, "Retry-After": String(gate.retryAfterSeconds) },
    });
  }
  const post = await findPreviewPost(context, params.token);
  if (!post) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  return data(postPageData(post, context.get(siteContext).origin), { headers: PREVIEW_HEADERS });
}

export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const answer = new Headers(PREVIEW_HEADERS);
  const retry = errorHeaders?.get("Retry-After");
  if (retry) answer.set("Retry-After", retry);
  return answer;
};

export default function PostPreviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="bg-muted px-6 py-2 text-center text-sm text-muted-foreground">{postPreviewCopy.banner}</p>
      <PostPage data={loaderData} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? postPageMeta(loaderData, siteOf(matches), { preview: true }) : [];

/** An unknown, expired or revoked link, or too many tries: a page of its own, in the shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const copy = isRouteErrorResponse(error) && error.status === 429 ? postPreviewCopy.tooMany : postPreviewCopy.gone;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <title>{copy.metaTitle}</title>
      <meta name="robots" content="noindex" />
      <p className="text-7xl font-extrabold text-primary">{copy.code}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{copy.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{copy.text}</p>
      <Button asChild className="mt-8">
        <Link to={copy.home.href}>{copy.home.label}</Link>
      </Button>
    </section>
  );
}
