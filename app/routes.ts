import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { pageLayouts, resourceRoutes } from "./content/pages.ts";

// Every URL of the site, from the page list (app/content/pages.ts): pages sit inside their layout
// (the site shell with header, footer and demo section, or the admin's own frame), resource
// routes (no UI) outside any. @react-router/dev loads this file without the app's Vite config,
// hence the relative import.
const routePath = (path: string) => path.replace(/^\//, "");

export default [
  ...pageLayouts.map((shell) =>
    layout(
      shell.module,
      shell.pages.map((page) => (page.path === "/" ? index(page.module) : route(routePath(page.path), page.module))),
    ),
  ),
  ...resourceRoutes.map((resource) => route(routePath(resource.path), resource.module)),
] satisfies RouteConfig;
