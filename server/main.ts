// The production server: `npm start` runs this file with Node 24 (type stripping, no build
// step for server code). It serves the React Router build and, unless a hosted Supabase
// project is configured, the embedded Supabase-compatible backend in the same process.
// First: it restarts the process with the memory settings the server needs (server/runtime.ts),
// a side effect that must run before the other imports load anything.
// oxlint-disable-next-line import/no-unassigned-import
import "./runtime.ts";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServerApp } from "./app.ts";
import { loadConfigOrExit, manageServer, placeholderWarning, setUpBackendOrExit, type ServerState } from "./boot.ts";
import { createLogger } from "./http/access-log.ts";
import { compressedForGood } from "./http/compression.ts";
import { BLOG_POSTS_CHANNEL, PageCache } from "./http/page-cache.ts";
import { msUntilNextScheduledPost, watchScheduledPosts, type ScheduledPostsWatcher } from "./http/scheduled-posts.ts";
// The page registry imports nothing, so Node loads it as it is (react-router.config.ts does too).
import { cachedRoutes, prerenderPaths, uncachedPaths } from "../app/content/pages.ts";

async function loadBuild(): Promise<ServerBuild> {
  const serverEntry = resolve(config.buildDir, "server/index.js");
  if (!existsSync(serverEntry)) {
    console.error(
      `No production build found in ${config.buildDir}. Run \`npm run build\` (or \`npm start\`, which builds first).`,
    );
    process.exit(1);
  }
  // A variable specifier keeps tsc from type-checking the generated build.
  return (await import(serverEntry)) as ServerBuild;
}

/**
 * The rendered pages the registry marks as cacheable (the blog's, the feeds) stay in memory while
 * the database says nothing changed: only when this server can LISTEN to it (embedded backend,
 * on PGlite or PostgreSQL) and memory is given.
 */
async function startPageCache(): Promise<PageCache | null> {
  const db = setup.backend?.db;
  if (!setup.listen || !db || config.pageCacheMaxBytes === 0) return null;
  let scheduled: ScheduledPostsWatcher | undefined;
  const cache = new PageCache({
    maxBytes: config.pageCacheMaxBytes,
    routes: cachedRoutes,
    neverCached: uncachedPaths,
    recompress: compressedForGood,
    // A scheduled post went live: ask for the next one.
    onExpired: () => scheduled?.refresh(),
  });
  await setup.listen(
    BLOG_POSTS_CHANNEL,
    (payload) => {
      cache.onNotification(payload);
      // A post may have been scheduled, moved or published.
      scheduled?.refresh();
    },
    // Changes made while the connection was down were not announced.
    () => {
      cache.invalidate("everything");
      scheduled?.refresh();
    },
  );
  scheduled = await watchScheduledPosts({
    cache,
    msUntilNext: () => msUntilNextScheduledPost(db),
    log: (line) => console.error(line),
  });
  return cache;
}

const config = loadConfigOrExit();
const build = await loadBuild();
const setup = await setUpBackendOrExit(config);
const state: ServerState = { stopping: false };
const pageCache = await startPageCache();
// Rendered pages show the settings and the year: a change of either drops them.
setup.site.onChange(() => pageCache?.invalidate("everything"));
const warning = placeholderWarning(setup.site.current().settings);
if (warning) console.warn(warning);
const app = createServerApp({
  build,
  mode: "production",
  config,
  clientDir: resolve(config.buildDir, "client"),
  backendAccess: setup.access,
  backendApp: setup.backend?.app,
  // The auth service's limiters, so the lead forms are counted in the same place (shared by
  // instances on PostgreSQL).
  sharedCounts: setup.backend?.sharedCounts,
  analytics: setup.analytics?.service,
  readiness: { unreadyReason: setup.unreadyReason, stopping: () => state.stopping },
  logger: createLogger({ format: config.logFormat, level: config.logLevel }),
  pageCache: pageCache ?? undefined,
  renderConcurrency: config.renderConcurrency,
  site: setup.site,
  prerenderPaths,
});
// Analytics events are answered by the listener itself, before the Hono app and its pipeline for
// pages (ADR 090); everything else goes to the app.
const events = setup.analytics?.service.answerEarly({
  trustedHops: config.trustProxy,
  https: config.siteUrl.startsWith("https:"),
});
const pages = getRequestListener(app.fetch, { hostname: config.host });
const server = createServer(events ? (req, res) => events(req, res) || void pages(req, res) : pages);
server.listen(config.port, config.host);
manageServer(server, config, setup, "Omnia site", state);
