// `npm run dev`: the same server as production (embedded backend, loaders' backend access)
// with Vite in middleware mode for hot reload. Vite answers what it knows (modules, assets,
// HMR); everything else goes to the Hono app, which loads the current server build from Vite
// on every request.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createServerApp } from "./app.ts";
import { loadConfigOrExit, manageServer, setUpBackendOrExit } from "./boot.ts";

const config = loadConfigOrExit();
const setup = await setUpBackendOrExit(config);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createServerApp({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  mode: "development",
  config,
  backendAccess: setup.access,
  backendApp: setup.backend?.app,
  // The auth service's limiters, so the lead forms are counted in the same place (shared by
  // instances on PostgreSQL).
  sharedCounts: setup.backend?.sharedCounts,
  site: setup.site,
  analytics: setup.analytics?.service,
});
const handle = getRequestListener(app.fetch);
const server = createServer((req, res) => vite.middlewares(req, res, () => void handle(req, res)));
server.on("close", () => void vite.close());
server.listen(config.port, config.host);
manageServer(server, config, setup, "Omnia site (development)");
