// The registry's prerendered pages (render: "prerendered" in app/content/pages.ts), served from
// memory. They show the site's settings and the current year, which change while the server
// runs, so the server renders them itself, through React Router with the current site values
// (site-state.ts): each once at start, and again whenever those values change
// (docs/decisions/076-site-settings-at-runtime.md). Every page goes through the document
// pipeline (document.ts) twice: first as a render is, compressed when first asked for with the
// quick effort, so a change shows within a second; then, one page at a time in the background,
// as a copy made once: brotli 11 and gzip 9, both made before it replaces the first. The content
// is the same, so is the ETag.
import type { SiteContext } from "../../app/lib/site-context.ts";
import type { DocumentPipeline, PreparedDocument } from "./document.ts";
import type { SiteState } from "./site-state.ts";

/** The headers of a prerendered page besides those the pipeline gives it. */
export const PRERENDERED_HEADERS: readonly [string, string][] = [
  ["Content-Type", "text/html; charset=utf-8"],
  // The page changes with the settings: always revalidate (cheap, with the ETag).
  ["Cache-Control", "public, max-age=0, must-revalidate"],
];

/** After a change, how long only the pages visitors ask for are rendered before the others. */
const RENDER_REST_AFTER_CHANGE_MS = 1_000;

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
  /** Resolves when every page of the current values is rendered and compressed for good (tests). */
  settled(): Promise<void>;
}

/** The pages of one version of the site values. */
interface Generation {
  site: SiteContext;
  pages: Map<string, Promise<PreparedDocument | undefined>>;
  /** Every page rendered, then every page compressed for good. */
  done: Promise<void>;
  /** Newer values arrived: its background work stops. */
  replaced: boolean;
}

export function prerenderedPages(options: PrerenderedPagesOptions): PrerenderedPages {
  const { paths, pipeline, site } = options;
  const pathOf = new Map(paths.flatMap((path) => spellingsOf(path).map((spelling) => [spelling, path] as const)));
  const texts = new WeakMap<Generation, Map<string, string>>();

  const renderPage = async (generation: Generation, path: string): Promise<PreparedDocument | undefined> => {
    try {
      const response = await options.render(path, generation.site);
      const text = await response.text();
      if (response.status !== 200) {
        options.log?.(`Prerendering ${path} answered ${response.status}; it is rendered per request.`);
        return undefined;
      }
      texts.get(generation)?.set(path, text);
      return pipeline({ text, html: true }, "per-response");
    } catch (error) {
      options.log?.(`Prerendering ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  const pageIn = (generation: Generation, path: string) => {
    let page = generation.pages.get(path);
    if (!page) {
      page = renderPage(generation, path);
      generation.pages.set(path, page);
    }
    return page;
  };

  /** The same page prepared again as a copy made once, both compressions made before it is served. */
  const compressForGood = async (generation: Generation, path: string) => {
    const text = texts.get(generation)?.get(path);
    if (text === undefined || generation.replaced) return;
    const page = pipeline({ text, html: true }, "once");
    await Promise.all([page.variant("br"), page.variant("gzip")]);
    if (!generation.replaced) generation.pages.set(path, Promise.resolve(page));
  };

  let current: Generation | undefined;
  const begin = (values: SiteContext, renderRestAfterMs: number): Generation => {
    if (current) current.replaced = true;
    const generation: Generation = { site: values, pages: new Map(), done: Promise.resolve(), replaced: false };
    texts.set(generation, new Map());
    // After a change, the rest in the background, one page at a time: the pages visitors ask for
    // go first. At start nobody is served yet: the compressions run side by side on zlib's threads.
    generation.done = (async () => {
      if (renderRestAfterMs > 0) await new Promise((done) => setTimeout(done, renderRestAfterMs).unref());
      for (const path of paths) if (!generation.replaced) await pageIn(generation, path);
      if (renderRestAfterMs === 0) await Promise.all(paths.map((path) => compressForGood(generation, path)));
      else for (const path of paths) if (!generation.replaced) await compressForGood(generation, path);
    })();
    current = generation;
    return generation;
  };

  // At start every page is rendered and compressed for good before any is served, as the build's
  // files were: the first requests wait (about a second), and the server then has nothing left to do.
  const started = begin(site.current(), 0).done;
  // A change of the settings or the year: every page is rendered again. For a second only those
  // that visitors ask for, which then have the processor to themselves.
  site.onChange(() => begin(site.current(), RENDER_REST_AFTER_CHANGE_MS));

  return {
    async get(spelling) {
      const path = pathOf.get(spelling);
      if (!path) return undefined;
      await started;
      const values = site.current();
      const generation = current?.site === values ? current : begin(values, RENDER_REST_AFTER_CHANGE_MS);
      return pageIn(generation, path);
    },
    async settled() {
      for (let generation = current; generation;) {
        await generation.done;
        if (generation === current) return;
        generation = current;
      }
    },
  };
}
