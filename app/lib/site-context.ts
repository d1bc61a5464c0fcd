import { createContext, useRouteLoaderData } from "react-router";
import type { SiteSettings } from "./site-settings";

/**
 * The values of a render that the server decides, not the request: the one way they reach
 * renders (docs/decisions/061-document-pipeline-and-site-context.md, 076). The server
 * (server/app.ts) sets one per render in React Router's context; loaders and actions read it with
 * `context.get(siteContext)`, and the root loader (app/root.tsx) hands it to every meta function
 * (`siteOf(matches)`) and component (`useSite()`). They change while the server runs (settings,
 * the year), and the server renders its pages again when they do; they stay serialisable, since
 * the root loader sends them to the browser apps.
 */
export interface SiteContext {
  /** The canonical origin, without a trailing slash: SITE_URL. */
  origin: string;
  /** The current year in Brasília, when the page is rendered (the footer's copyright). */
  year: number;
  /** The company's identity and contacts, as admins set them in "Configurações". */
  settings: SiteSettings;
}

/** No default: a render the server did not give its values fails instead of showing wrong ones. */
export const siteContext = createContext<SiteContext>();

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

/** The site values in a component. */
export function useSite(): SiteContext {
  const data: unknown = useRouteLoaderData("root");
  if (!isRootData(data)) throw new Error("No site values: app/root.tsx's loader did not run.");
  return data.site;
}
