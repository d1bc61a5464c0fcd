import { Hono } from "hono";
import type { Logger } from "pino";
import { RouterContextProvider, createRequestHandler, type ServerBuild } from "react-router";
// The contract with the app is the app's own (app/ never imports server/); these are types only,
// erased before Node runs this file, so no app code loads here.
import type { BackendAccess, backendContext } from "../app/lib/backend-context.ts";
import type { AppRateLimitBucket, RequestInfo, requestContext } from "../app/lib/request-context.ts";
import type { SiteContext, siteContext } from "../app/lib/site-context.ts";
import type { ServerConfig } from "./config.ts";
import { ANALYTICS_EVENTS_PATH, ANALYTICS_PIXEL_PATH, type Analytics } from "./analytics/index.ts";
import { clientIpMiddleware, clientIpOf } from "./http/client-ip.ts";
import { accessLog } from "./http/access-log.ts";
import { documentPipeline } from "./http/document.ts";
import { documents } from "./http/documents.ts";
import { createRenderGate } from "./http/render-gate.ts";
import { HEALTH_PATHS, registerHealthRoutes, type Readiness } from "./http/health.ts";
import type { PageCache } from "./http/page-cache.ts";
import { pageGuards } from "./http/page-guards.ts";
import { prerenderedPages } from "./http/prerendered-pages.ts";
import { stylesheetReader } from "./http/inline-stylesheet.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { SiteState } from "./http/site-state.ts";
import { staticFiles } from "./http/static-files.ts";
import type { Database } from "./backend/db/types.ts";
import { createBucketLimiter } from "./backend/shared-rate-limits.ts";
import type { KeyedRateLimiter } from "./http/rate-limits.ts";

export type { BackendAccess, RequestInfo, SiteContext };

export interface ServerAppOptions {
  /** The production build, or (development) a function that loads the current one from Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  config: ServerConfig;
  /** The client build served as files (production; in development Vite serves the assets). */
  clientDir?: string;
  backendAccess: BackendAccess;
  /** The embedded backend (Backend.app: each service at its prefix), when it runs in this process. */
  backendApp?: Hono;
  /**
   * The database every instance shares (DATABASE_URL), where the lead forms' per-address limit
   * is counted (Backend.sharedCounts); without it, in this process's memory.
   */
  sharedCounts?: Database | null;
  /** What /readyz reports (server/boot.ts); without it the instance always says it is ready. */
  readiness?: Readiness;
  /** Access log (server/http/access-log.ts); tests leave it out to keep their output quiet. */
  logger?: Logger;
  /** Rendered pages of the routes the page registry marks as cacheable (server/http/page-cache.ts). */
  pageCache?: PageCache;
  /** Cacheable pages rendered at once when the cache has no copy (RENDER_CONCURRENCY; 0: no limit). */
  renderConcurrency?: number;
  /**
   * What renders see besides the request: origin, settings, year (server/http/site-state.ts);
   * without it the origin of `config` and the placeholder settings.
   */
  site?: SiteState;
  /** The registry's prerendered paths, rendered at start and kept in memory (production, with clientDir). */
  prerenderPaths?: readonly string[];
  /**
   * Cookieless analytics (server/analytics/): their routes and the lead forms' view of a
   * visitor. Without it (ANALYTICS=0) pages are served without the analytics' script and pixel.
   */
  analytics?: Analytics;
}

const ALWAYS_READY: Readiness = { unreadyReason: async () => null, stopping: () => false };

/** The request facts of a page the server renders on its own (a prerendered page): no visitor. */
const SERVER_ITSELF: RequestInfo = {
  clientIp: "127.0.0.1",
  rateLimit: () => {
    throw new Error("A prerendered page asked for a per-address limit: it has no visitor.");
  },
};

/** What the build's entry exports for the server (app/entry.server.tsx). */
interface EntryExports {
  /** The app's context keys: the very objects its loaders read. */
  backendContext: typeof backendContext;
  requestContext: typeof requestContext;
  siteContext: typeof siteContext;
}

function entryOf(build: ServerBuild): EntryExports {
  const entry = build.entry.module;
  if ("backendContext" in entry && "requestContext" in entry && "siteContext" in entry) {
    return entry as typeof entry & EntryExports;
  }
  throw new Error("The build's entry does not export the app's context keys (app/entry.server.tsx).");
}

/**
 * The whole HTTP surface: access log, security headers, documents (prerendered, cached or
 * rendered pages through the document pipeline, and compression), health probes, the embedded
 * backend, static files and the React Router handler, in that order. Kept apart from main.ts so
 * tests can call app.fetch without opening a port. In development (server/dev.ts) Vite serves
 * the assets and needs inline scripts and a websocket for hot reload, so the security headers
 * and the document pipeline are left out.
 */
export function createServerApp(options: ServerAppOptions): Hono {
  const { build, config, backendAccess, mode } = options;
  const handler = createRequestHandler(build, mode);
  const loadBuild = typeof build === "function" ? build : async () => build;
  // Built here, where the app asks for them (app/lib/leads.server.ts).
  const limiters: Record<AppRateLimitBucket, KeyedRateLimiter> = {
    leads: createBucketLimiter("leads", { shared: options.sharedCounts ?? null }),
    previews: createBucketLimiter("previews", { shared: options.sharedCounts ?? null }),
  };
  const site = options.site ?? new SiteState({ origin: config.siteUrl });

  /** A render by React Router, with the values the server decides (the app's context keys). */
  const render = async (request: Request, values: SiteContext, info: RequestInfo) => {
    // The context keys live in the app; the build hands them to us (app/entry.server.tsx).
    const keys = entryOf(await loadBuild());
    const context = new RouterContextProvider();
    context.set(keys.backendContext, backendAccess);
    context.set(keys.siteContext, values);
    context.set(keys.requestContext, info);
    return handler(request, context);
  };

  const app = new Hono();
  // First, so the logged duration covers everything and every answer carries X-Request-Id.
  // Probes and analytics events are not logged: one line per page view would double the log.
  if (options.logger) {
    app.use("*", accessLog(options.logger, [...HEALTH_PATHS, ANALYTICS_EVENTS_PATH, ANALYTICS_PIXEL_PATH]));
  }
  app.use("*", clientIpMiddleware(config.trustProxy));
  if (mode === "production") app.use("*", securityHeaders({ https: config.siteUrl.startsWith("https:") }));
  // Before the documents and the page guards: an event is not a page, and a POST to a path
  // without a route action would be refused.
  options.analytics?.register(app);
  if (mode === "production") {
    const pipeline = documentPipeline({
      csp: { connectOrigins: backendAccess.publicUrl ? [new URL(backendAccess.publicUrl).origin] : [] },
      readStylesheet: options.clientDir ? stylesheetReader(options.clientDir) : undefined,
      analytics: options.analytics !== undefined,
    });
    const prerendered =
      options.clientDir && options.prerenderPaths
        ? prerenderedPages({
            paths: options.prerenderPaths,
            render: (path, values) => render(new Request(new URL(path, values.origin)), values, SERVER_ITSELF),
            pipeline,
            site,
            log: (line) => console.error(line),
          })
        : undefined;
    const renderGate = createRenderGate(options.renderConcurrency ?? 0);
    app.use("*", documents({ pipeline, prerendered, pageCache: options.pageCache, site, renderGate }));
  }
  // Before anything that could touch the database or the React build.
  registerHealthRoutes(app, options.readiness ?? ALWAYS_READY);
  if (options.backendApp) app.route("/", options.backendApp);
  // Before the static files too: a PUT to a page must not be answered with a file.
  app.use("*", pageGuards(loadBuild));
  if (options.clientDir) app.use("*", staticFiles(options.clientDir));
  app.all("*", async (c) => {
    const clientIp = clientIpOf(c);
    return render(c.req.raw, site.current(), {
      clientIp,
      rateLimit: (bucket) => limiters[bucket].take(clientIp),
      analytics: options.analytics?.forRequest(c),
    });
  });
  return app;
}
