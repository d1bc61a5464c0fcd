import { data } from "react-router";
import { BlogHeader } from "~/components/blog/blog-header";
import { pagedPath, SEARCH_MAX_LENGTH, SEARCH_PATH } from "~/lib/blog-links";
import { BlogPagination } from "~/components/blog/blog-pagination";
import { PostGrid } from "~/components/blog/post-grid";
import { blogCopy } from "~/content/blog";
import { blogPageFrom, searchPosts, searchWords } from "~/lib/blog.server";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/search";

/**
 * /blog/busca?q=…&pagina=N: the blog's search, kept out of search engines. The server's page
 * cache keeps each query's page until the blog changes, apart from the other pages (ADR 089).
 * An empty or too long query gets a message, never an error; a page past the results' last is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const page = blogPageFrom(params);
  const outcome = page === null ? null : await searchPosts(context, q, page);
  if (!outcome) throw data(null, { status: 404 });
  // The words as the field shows them again: long ones cut at the limit the field has.
  const query = searchWords(q).slice(0, SEARCH_MAX_LENGTH);
  return data({ q: query, outcome }, { status: outcome.kind === "failed" ? 503 : 200 });
}

function Message({ text }: { text: string }) {
  return (
    <output className="block rounded-lg border border-dashed border-border p-12 text-center text-lg text-muted-foreground">
      {text}
    </output>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, outcome } = loaderData;
  const copy = blogCopy.search;
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 lg:py-24">
      <BlogHeader title={copy.title} subtitle={copy.subtitle} query={q} />
      {outcome.kind === "empty" ? <Message text={copy.empty} /> : null}
      {outcome.kind === "too-long" ? <Message text={copy.tooLong(SEARCH_MAX_LENGTH)} /> : null}
      {outcome.kind === "failed" ? <Message text={copy.failed} /> : null}
      {outcome.kind === "results" ? (
        outcome.total === 0 ? (
          <Message text={copy.none(q)} />
        ) : (
          <>
            <output className="mb-8 block text-center text-muted-foreground">
              {outcome.more ? copy.countMore(outcome.total, q) : copy.count(outcome.total, q)}
            </output>
            <PostGrid
              posts={outcome.hits}
              label={copy.resultsLabel}
              emptyText={copy.none(q)}
              snippets={new Map(outcome.hits.map((hit) => [hit.id, hit.snippet]))}
            />
            <BlogPagination
              page={outcome.page}
              pageCount={outcome.pageCount}
              copy={{ ...blogCopy.pagination, label: copy.paginationLabel }}
              hrefFor={(page) => pagedPath(SEARCH_PATH, page, { q })}
            />
          </>
        )
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteOf(matches);
  const copy = blogCopy.search;
  const q = loaderData?.q ?? "";
  // noindex and the canonical /blog/busca come from the page registry.
  return pageMetaFor(
    "/blog/busca",
    { title: q ? copy.metaTitleFor(q) : copy.metaTitle, description: copy.metaDescription },
    site,
  );
};
