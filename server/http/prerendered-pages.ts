// The registry's prerendered pages (render: "prerendered" in app/content/pages.ts), served from
// memory. They show the site's settings and the current year, which change while the server
// runs, so the server renders them itself, through React Router with the current site values
// (site-state.ts): each once at start, and again whenever those values change. A page is rendered
// when first asked for after a change (requests for it wait for that one render) and the rest
// are rendered right after in the background; the document pipeline (document.ts) then prepares
// each as it does every document, with the effort of a copy made once: brotli 11 and gzip 9
// (docs/decisions/076-site-settings-at-runtime.md).
import type { SiteContext } from "../../app/lib/site-context.ts";
import type { DocumentPipeline, PreparedDocument } from "./document.ts";
import type { SiteState } from "./site-state.ts";

/** The headers of a prerendered page besides those the pipeline gives it. */
export const PRERENDERED_HEADERS: readonly [string, string][] = [
  ["Content-Type", "text/html; charset=utf-8"],
  // The page changes with the settings: always revalidate (cheap, with the ETag).
  ["Cache-Control", "public, max-age=0, must-revalidate"],
];

/** `/sobre`, `/sobre/` and `/sobre/index.html` serve /sobre; `/` and `/index.html` serve the root. */
function spellingsOf(path: string): string[] {
  return path === "/" ? ["/", "/index.html"] : [path, `${path}/`, `${path}/index.html`];
}

export interface PrerenderedPagesOptions {
  /** The registry's prerendered paths (`prerenderPaths`). */
  paths: readonly string[];
  /** Renders a page through React Router with these site values. */
  render: (path: string, site: SiteContext) => Promise<Response>;
  pipeline: DocumentPipeline;
  site: SiteState;
  log?: (line: string) => void;
}

export interface PrerenderedPages {
  /**
   * The page a path names, rendered with the current site values; undefined when the path is
   * not a prerendered page, or its render failed (the request is then rendered for itself).
   */
  get(path: string): Promise<PreparedDocument | undefined>;
}

interface Generation {
  site: SiteContext;
  pages: Map<string, Promise<PreparedDocument | undefined>>;
  /** Newer values arrived: its background renders stop. */
  replaced: boolean;
}

export function prerenderedPages(options: PrerenderedPagesOptions): PrerenderedPages {
  const { paths, pipeline, site } = options;
  const pathOf = new Map(paths.flatMap((path) => spellingsOf(path).map((spelling) => [spelling, path] as const)));

  const renderPage = async (path: string, values: SiteContext): Promise<PreparedDocument | undefined> => {
    try {
      const response = await options.render(path, values);
      const text = await response.text();
      if (response.status !== 200) {
        options.log?.(`Prerendering ${path} answered ${response.status}; it is rendered per request.`);
        return undefined;
      }
      const page = pipeline({ text, html: true }, "once");
      await Promise.all([page.variant("br"), page.variant("gzip")]);
      return page;
    } catch (error) {
      options.log?.(`Prerendering ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  const pageIn = (generation: Generation, path: string) => {
    let page = generation.pages.get(path);
    if (!page) {
      page = renderPage(path, generation.site);
      generation.pages.set(path, page);
    }
    return page;
  };

  let current: Generation | undefined;
  const begin = (values: SiteContext): Generation => {
    if (current) current.replaced = true;
    const generation: Generation = { site: values, pages: new Map(), replaced: false };
    // One page after another: the pages a visitor asks for meanwhile go first.
    void (async () => {
      for (const path of paths) {
        if (generation.replaced) return;
        await pageIn(generation, path);
      }
    })();
    current = generation;
    return generation;
  };

  begin(site.current());
  // A change of the settings or the year: every page is rendered again, the one asked for first.
  site.onChange(() => begin(site.current()));

  return {
    async get(spelling) {
      const path = pathOf.get(spelling);
      if (!path) return undefined;
      const values = site.current();
      const generation = current?.site === values ? current : begin(values);
      return pageIn(generation, path);
    },
  };
}
