// Every answer of the production server passes here once, in one place, so nothing depends on
// the order of middlewares: a prerendered page is answered from memory, a cached page from the
// page cache, and anything rendered is finished by the document pipeline (document.ts) if it is
// a document, or compressed if it is other text (compression.ts).
import type { Context, MiddlewareHandler } from "hono";
import { chooseEncoding, compressResponse } from "./compression.ts";
import { answerFor, respond, type DocumentAnswer, type DocumentPipeline } from "./document.ts";
import { PAGE_CACHE_CONTROL, type PageCache } from "./page-cache.ts";
import { PRERENDERED_HEADERS, type PrerenderedPages } from "./prerendered-pages.ts";
import { createRenderGate, type RenderGate } from "./render-gate.ts";
import type { SiteState } from "./site-state.ts";
// A plain value of the page registry, which Node loads as it is.
import { PAGE_CACHE_TAGS_HEADER } from "../../app/content/pages.ts";

export interface DocumentsOptions {
  pipeline: DocumentPipeline;
  /** The prerendered pages (prerendered-pages.ts), rendered with the current site values. */
  prerendered?: PrerenderedPages;
  /** Rendered pages of the routes the registry marks as cacheable (page-cache.ts). */
  pageCache?: PageCache;
  /**
   * The site values (site-state.ts), asked for before a stored page is answered: the first
   * request of a new year is what notices it, and the stored pages go with the old one.
   */
  site?: Pick<SiteState, "current">;
  /** Renders of cacheable pages the cache had no copy of, taken a few at a time (render-gate.ts). */
  renderGate?: RenderGate;
}

/**
 * LEAD_SENT_PARAM of app/lib/lead-validation.ts. The lead forms' post/redirect/get lands on
 * `/contato?enviado=1`: the prerendered page cannot show that confirmation, so such a request
 * goes on to the renderer. Likewise a trial button's `?plano=` (LEAD_PLANS there), which only a
 * render can preselect in the demo form for a visitor without JavaScript. Only these: any other
 * query string, or another plan, still gets the page, so a made-up query cannot turn every
 * prerendered page into a render.
 */
const SENT_PARAM = "enviado";
const PLAN_PARAM = "plano";
const PLANS: readonly string[] = ["basic", "business", "scale", "infinity"];

/** Whether a request needs a render a prerendered page cannot stand in for. */
const needsRender = (url: URL) =>
  url.searchParams.has(SENT_PARAM) || PLANS.includes(url.searchParams.get(PLAN_PARAM) ?? "");

export function documents(options: DocumentsOptions): MiddlewareHandler {
  const { pipeline, pageCache } = options;
  const gate = options.renderGate ?? createRenderGate(0);
  return async (c, next) => {
    const request = c.req.raw;
    const read = request.method === "GET" || request.method === "HEAD";
    const url = new URL(request.url);
    options.site?.current();
    if (read && options.prerendered && !needsRender(url)) {
      const page = await options.prerendered.get(url.pathname);
      if (page) {
        return respond(
          request,
          await answerFor(request, page, { status: 200, headers: PRERENDERED_HEADERS, validated: true }),
        );
      }
    }
    const entry = read ? pageCache?.entryFor(url) : null;
    if (!pageCache || !entry) {
      await next();
      return finish(c, await finished(request, c.res, pipeline));
    }

    // One stored copy per encoding, as the client would get it from a render.
    const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
    const found = await pageCache.lookup(entry, encoding, request.method === "GET");
    if ("hit" in found) return respond(request, found.hit, { "X-Cache": "hit" });
    let stored: DocumentAnswer | null = null;
    let renderTags: string | null = null;
    let uncached: Response | null = null;
    try {
      await gate.run(async () => {
        await next();
        const res = c.res;
        // Only a GET's 200 without a cookie is the same for everyone; a HEAD's has no body to keep.
        if (request.method !== "GET" || res.status !== 200 || res.headers.has("Set-Cookie")) {
          uncached = await finished(request, res, pipeline);
          return;
        }
        const html = (res.headers.get("Content-Type") ?? "").startsWith("text/html");
        const document = pipeline({ text: await res.text(), html }, "per-response");
        const headers = new Headers(res.headers);
        headers.set("Cache-Control", PAGE_CACHE_CONTROL);
        // What else the page shows (a post's tags and author): for the cache only, never sent.
        renderTags = headers.get(PAGE_CACHE_TAGS_HEADER);
        headers.delete(PAGE_CACHE_TAGS_HEADER);
        stored = await answerFor(request, document, { status: res.status, headers: [...headers], validated: true });
      });
    } finally {
      found.render.settle(stored, renderTags);
    }
    return finish(c, uncached ?? respond(request, stored!, { "X-Cache": "miss" }));
  };
}

/**
 * A rendered answer as it is sent: an HTML document through the pipeline (its stylesheet, its
 * CSP, compressed for this client, no ETag: it was rendered for this request), anything else
 * compressed when it is text.
 */
async function finished(request: Request, rendered: Response, pipeline: DocumentPipeline): Promise<Response> {
  const res = withoutRenderTags(rendered);
  if (!(res.headers.get("Content-Type") ?? "").startsWith("text/html") || res.headers.has("Content-Encoding")) {
    return compressResponse(request, res);
  }
  if (!res.body) {
    // HEAD: React Router renders no body (app/entry.server.tsx); the policy is that of an empty page.
    const headers = new Headers(res.headers);
    headers.set("Content-Security-Policy", pipeline({ text: "", html: true }, "per-response").csp);
    return new Response(null, { status: res.status, headers });
  }
  const document = pipeline({ text: await res.text(), html: true }, "per-response");
  return respond(
    request,
    await answerFor(request, document, { status: res.status, headers: [...res.headers], validated: false }),
  );
}

/** The page cache's header is for the cache only: never sent, cached or not. */
function withoutRenderTags(res: Response): Response {
  if (!res.headers.has(PAGE_CACHE_TAGS_HEADER)) return res;
  const headers = new Headers(res.headers);
  headers.delete(PAGE_CACHE_TAGS_HEADER);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** Sets the answer. Hono would copy the previous response's headers onto it: clear that first. */
function finish(c: Context, res: Response): Response {
  if (c.res === res) return res;
  c.res = undefined;
  c.res = res;
  return res;
}
