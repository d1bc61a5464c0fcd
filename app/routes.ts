import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { pages, resourceRoutes, siteLayoutModule } from "./content/pages.ts";

// Every URL of the site, from the page list (app/content/pages.ts): pages sit inside the site
// shell (header, footer, demo section), resource routes (no UI) outside it. @react-router/dev
// loads this file without the app's Vite config, hence the relative import.
const routePath = (path: string) => path.replace(/^\//, "");

export default [
  layout(
    siteLayoutModule,
    pages.map((page) => (page.path === "/" ? index(page.module) : route(routePath(page.path), page.module))),
  ),
  ...resourceRoutes.map((resource) => route(routePath(resource.path), resource.module)),
] satisfies RouteConfig;
