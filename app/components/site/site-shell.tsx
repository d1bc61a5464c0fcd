import type { ReactNode } from "react";
import { footerNav, headerNav } from "~/content/navigation";
import { siteConfig } from "~/content/site-config";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export const MAIN_CONTENT_ID = "conteudo";

/** The shared page shell of docs/product.md §2: skip link, sticky header, page content, footer. */
export function SiteShell({ children, demoSection }: { children: ReactNode; demoSection?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {headerNav.skipToContent}
      </a>
      <SiteHeader
        brand={siteConfig.name}
        nav={headerNav}
        // Pages without the demo section (sign-in, admin) send the visitor to the home page's.
        demo={demoSection ? headerNav.demo : { ...headerNav.demo, href: `/${headerNav.demo.href}` }}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {demoSection}
      <SiteFooter brand={siteConfig.name} nav={footerNav} social={siteConfig.social} year={new Date().getFullYear()} />
    </div>
  );
}
