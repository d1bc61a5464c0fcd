import { Hono } from "hono";
import { RouterContextProvider, createRequestHandler, type RouterContext, type ServerBuild } from "react-router";
import type { ServerConfig } from "./config.ts";
import { clientIpMiddleware, clientIpOf } from "./http/client-ip.ts";
import { compression } from "./http/compression.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { staticFiles } from "./http/static-files.ts";

/** What the app's loaders and actions receive (app/lib/backend-context.ts). */
export interface BackendAccess {
  url: string;
  anonKey: string;
  fetch: typeof fetch;
  publicUrl: string | null;
}

export interface ServerAppOptions {
  build: ServerBuild;
  config: ServerConfig;
  clientDir: string;
  backendAccess: BackendAccess;
  /** The embedded backend's routes (/auth/v1, /rest/v1), when it runs in this process. */
  backendApp?: Hono;
}

/**
 * The whole HTTP surface: compression, security headers, the embedded backend, static files
 * and the React Router handler, in that order. Kept apart from main.ts so tests can call
 * app.fetch without opening a port.
 */
export function createServerApp(options: ServerAppOptions): Hono {
  const { build, config, backendAccess } = options;
  const cspOptions = { connectOrigins: backendAccess.publicUrl ? [new URL(backendAccess.publicUrl).origin] : [] };
  const handler = createRequestHandler(build, "production");
  // The context keys live in the app; the build hands them to us (app/entry.server.tsx).
  const keys = build.entry.module as unknown as {
    backendContext: RouterContext<BackendAccess>;
    requestContext: RouterContext<{ clientIp: string }>;
  };

  const app = new Hono();
  app.use("*", clientIpMiddleware(config.trustProxy));
  app.use("*", compression());
  app.use("*", securityHeaders({ ...cspOptions, https: config.siteUrl.startsWith("https:") }));
  if (options.backendApp) app.route("/", options.backendApp);
  app.use("*", staticFiles(options.clientDir, cspOptions));
  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(keys.backendContext, backendAccess);
    context.set(keys.requestContext, { clientIp: clientIpOf(c) });
    return handler(c.req.raw, context);
  });
  return app;
}
