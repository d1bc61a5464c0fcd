import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import type { Route } from "./+types/root";
import { UnexpectedErrorScreen } from "./components/site/error-screen";
import "./app.css";

export const links: Route.LinksFunction = () => [
  // The Latin subset is the only one pt-BR text needs; preloading it avoids a late font swap.
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Blog da Omnia", href: "/rss.xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  // <html data-hydrated="true"> once React has hydrated the document: for end-to-end tests
  // (tests/e2e/support/hydration.ts) and for CSS that must wait for JavaScript. Lazily loaded
  // parts (the demo form) may hydrate later. Set from an effect, not an inline script, so the
  // CSP's script hashes are unaffected.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last-resort screen for failures outside the site shell (docs/product.md §2, "Generic failure screen"). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <UnexpectedErrorScreen error={error} />;
}
