import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from "react";
import { preload } from "react-dom";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_DataRouterDataContext as DataRouterDataContext,
  useLocation,
  useMatches,
} from "react-router";
import interLatin from "./assets/fonts/inter-latin-wght-400-800.woff2?url";
import type { Route } from "./+types/root";
import { UnexpectedErrorScreen } from "./components/site/error-screen";
import { enhancementUrls } from "./enhance";
import { ANALYTICS_PIXEL_PATH } from "./lib/analytics-paths";
import { documentClient, type DocumentClient } from "./lib/document-client";
import { siteContext, type RootData } from "./lib/site-context";
import "./public.css";

/** The site values of this render, for every meta function and component (app/lib/site-context.ts). */
export function loader({ context }: Route.LoaderArgs): RootData {
  return { site: context.get(siteContext) };
}

/** They do not change from page to page: a React app's navigations keep those it started with. */
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Blog da Omnia", href: "/rss.xml" },
];

/**
 * Speculation rules of every public page: a same-site link the visitor hovers (or presses) is
 * prerendered, so the next full page load shows at once, as client-side navigation did before
 * (docs/decisions/048-public-pages-without-app-bundle.md). Left out: the React apps (/admin,
 * /auth), feeds and files, the demo form's POST target, and links with a query string. The
 * server hashes this inline script into the CSP like every other one (server/http/csp.ts).
 */
const speculationRules = JSON.stringify({
  prerender: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              or: ["/admin*", "/auth*", "/rss.xml", "/sitemap.xml", "/robots.txt", "/solicitar-demo*"].map(
                (pattern) => ({ href_matches: pattern }),
              ),
            },
          },
          { not: { selector_matches: "a[href*='?'], a[download], a[rel~='nofollow']" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/**
 * Public pages are separate documents (no client-side router): a cross-document view transition
 * cross-fades from one page to the next where the browser supports it, and not at all for
 * visitors who ask for less motion (docs/decisions/048-public-pages-without-app-bundle.md). The
 * opt-in is written into each page rather than the stylesheet: with it only in the stylesheet,
 * Chromium often aborted the transition into a page that speculation rules had prerendered, with
 * an uncaught "ViewTransition opt-in disabled".
 */
const viewTransitionOptIn = "@media (prefers-reduced-motion: no-preference) { @view-transition { navigation: auto; } }";

/** The element that ends a public page, which its first paint waits for (rel=expect). */
const DOCUMENT_END_ID = "fim-do-documento";

function useDocumentClient(): DocumentClient {
  const matches = useMatches();
  // The router state's errors, from every route (an error the shell's ErrorBoundary shows
  // included): no public hook gives them to the root's Layout, which useRouteError only
  // reaches for the root's own boundary.
  const errors = useContext(DataRouterDataContext)?.errors;
  const decided = documentClient(
    matches.map((match) => match.id),
    Object.values(errors ?? {}),
  );
  // React runs in a browser only on a document the server sent as an app (/auth, /admin). When
  // the app navigates on the client to a public page (its navigate("/") after sign-in, where the
  // success toast must still show), it stays the app: the page renders with React, without its
  // enhancement modules, and its native HTML (links, forms, popover, details) still works.
  // Reading the attribute the server wrote keeps hydration consistent.
  if (typeof document !== "undefined" && document.documentElement.dataset.client === "app") {
    return { ...decided, client: "app", scripts: [] };
  }
  return decided;
}

export function Layout({ children }: { children: ReactNode }) {
  const { client, scripts } = useDocumentClient();
  const { pathname } = useLocation();
  // The Latin subset is the only font file pt-BR text needs. Preloaded through React rather than
  // links(), React writes it right after the viewport, before the images' preloads: requested
  // that early, it is usually ready when Chromium first lays the page out, so that layout uses
  // Inter instead of building a system font to stand in for it at every size and weight
  // (docs/decisions/057-font-subset.md).
  preload(interLatin, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  // <html data-hydrated="true"> once React has hydrated the document (only where it runs:
  // data-client="app"): for end-to-end tests (tests/e2e/support/hydration.ts) and for CSS that
  // must wait for JavaScript. Set from an effect, not an inline script, so the CSP's script
  // hashes are unaffected.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    // data-client and data-scripts tell the tests what to wait for; the enhancement modules
    // add their names to data-enhanced once set up (app/enhance/ready.ts).
    <html lang="pt-BR" data-client={client} data-scripts={scripts.length > 0 ? scripts.join(" ") : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        {client === "app" ? null : (
          <>
            <style dangerouslySetInnerHTML={{ __html: viewTransitionOptIn }} />
            {/* No paint before the whole document is parsed (the marker ends <body>). A page
                with nothing left to wait for was painted half-parsed on a busy CPU, and the
                rest of its header then moved what had been drawn (layout shift); the wait is
                the parse of a few dozen KB. Browsers without rel=expect ignore it. */}
            <link rel="expect" href={`#${DOCUMENT_END_ID}`} blocking="render" />
          </>
        )}
        <Links />
        {/* Module scripts are deferred: in the head they are found early and run after parsing,
            never delaying the first paint. The analytics' is marked: with ANALYTICS=0 the server
            takes it out (server/http/analytics-markup.ts). */}
        {scripts.map((name) => (
          <script
            key={name}
            type="module"
            src={enhancementUrls[name]}
            data-analytics={name === "analytics" ? "" : undefined}
          />
        ))}
        {client === "app" ? null : (
          <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules }} />
        )}
      </head>
      <body>
        {children}
        {client === "app" ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <>
            {/* Visitors without JavaScript are counted by this image (server/analytics/index.ts);
                a browser running scripts never requests it. */}
            {scripts.includes("analytics") ? (
              <noscript data-analytics="">
                <img
                  src={`${ANALYTICS_PIXEL_PATH}?p=${encodeURIComponent(pathname)}`}
                  alt=""
                  width={1}
                  height={1}
                  className="absolute"
                />
              </noscript>
            ) : null}
            <div id={DOCUMENT_END_ID} hidden />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The React toast region, for the screens that are React apps in the browser (/auth, /admin:
 * handle.toasts). Public pages run no React; their lead forms toast through
 * app/enhance/toast.ts (docs/decisions/049-lead-forms-without-react.md).
 */
const LazyToaster = lazy(async () => ({ default: (await import("./components/ui/toaster")).Toaster }));

export default function App() {
  // Mounted here, above both layouts, and once mounted it stays: a toast fired just before a
  // navigation (sign-in on /auth, then /admin in its own layout, or /) must still be seen.
  const wantsToasts = useMatches().some((match) => (match.handle as { toasts?: boolean } | undefined)?.toasts);
  const [toasterMounted, setToasterMounted] = useState(wantsToasts);
  if (wantsToasts && !toasterMounted) setToasterMounted(true);
  return (
    <>
      <Outlet />
      {toasterMounted ? (
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      ) : null}
    </>
  );
}

/** Last-resort screen for failures outside the site shell (docs/product.md §2, "Generic failure screen"). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <UnexpectedErrorScreen error={error} />;
}
