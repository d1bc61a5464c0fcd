import { createContext } from "react-router";
import { BUILD_ORIGIN } from "~/content/site-config";

/**
 * The values of a render that the server decides, not the request: the one way they reach
 * renders (docs/decisions/061-document-pipeline-and-site-context.md). The server (server/app.ts)
 * sets one per render in React Router's context; loaders and actions read it with
 * `context.get(siteContext)`, and the root loader (app/root.tsx) hands it to every meta function
 * (`siteOf(matches)`) and component. Values that change while the server runs belong here too,
 * so they must stay serialisable: the root loader sends them to the browser apps.
 */
export interface SiteContext {
  /**
   * The canonical origin, without a trailing slash: SITE_URL. While the build prerenders, nobody
   * sets it and it is BUILD_ORIGIN, which the server replaces in those pages at start.
   */
  origin: string;
}

export const siteContext = createContext<SiteContext>({ origin: BUILD_ORIGIN });

/** What the root loader returns. */
export interface RootData {
  site: SiteContext;
}

/** A match as meta functions receive them. */
interface MetaMatch {
  id: string;
  loaderData?: unknown;
}

function isRootData(data: unknown): data is RootData {
  return typeof data === "object" && data !== null && "site" in data;
}

/** The site values in a meta function, from the root loader's data among its matches. */
export function siteOf(matches: readonly (MetaMatch | undefined)[]): SiteContext {
  const data = matches.find((match) => match?.id === "root")?.loaderData;
  if (!isRootData(data)) throw new Error("No site values: app/root.tsx's loader did not run.");
  return data.site;
}
