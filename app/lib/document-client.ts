import { isRouteErrorResponse } from "react-router";
import { pageByRouteId, PUBLIC_PAGE_SCRIPTS, type EnhancementName, type PageEntry } from "~/content/pages";

// What a document loads in the browser, decided by app/root.tsx from the page it renders
// (docs/decisions/048-public-pages-without-app-bundle.md).

export interface DocumentClient {
  /**
   * "app": the React app (hydration, client-side navigation), only the registry's
   * `client: "app"` pages (/auth, /admin); "enhanced": no React, the page's enhancement modules
   * (app/enhance/, the analytics included); "none": HTML and CSS only.
   */
  client: "app" | "enhanced" | "none";
  scripts: readonly EnhancementName[];
  /** The registry's page, when a matched route is one. */
  page: PageEntry | undefined;
}

/**
 * The deepest matched route that is a page of the registry decides (the shell's layout and the
 * root are not pages). An unexpected failure (a thrown error or a 5xx answer) ships no
 * JavaScript: the error screen is plain HTML whose way on is a link. Expected answers (a 404
 * inside the shell) follow the page they are on.
 */
export function documentClient(routeIds: readonly string[], errors: readonly unknown[]): DocumentClient {
  const page = routeIds.map((id) => pageByRouteId(id)).findLast((entry) => entry !== undefined);
  if (errors.some((error) => !(isRouteErrorResponse(error) && error.status < 500))) {
    return { client: "none", scripts: [], page };
  }
  if (page?.client === "app") return { client: "app", scripts: [], page };
  // Every page of the registry counts its views (the analytics) unless it says otherwise; a
  // document outside it has none.
  const scripts = page ? [...page.scripts, ...(page.analytics === false ? [] : PUBLIC_PAGE_SCRIPTS)] : [];
  return { client: scripts.length > 0 ? "enhanced" : "none", scripts, page };
}
