import type { ReactNode } from "react";
import { useLocation, useMatches } from "react-router";
import { footerNav, headerNav } from "~/content/navigation";
import { documentClient } from "~/lib/document-client";
import { useSite } from "~/lib/site-context";
import { formatCnpj, socialLinks, whatsappLink } from "~/lib/site-settings";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export const MAIN_CONTENT_ID = "conteudo";

/**
 * The shared page shell of docs/product.md §2: skip link, sticky header, page content, footer.
 * The company's name, contacts and links come from the site settings (app/lib/site-context.ts).
 */
export function SiteShell({ children, demoSection }: { children: ReactNode; demoSection?: ReactNode }) {
  const { settings, year } = useSite();
  const { pathname } = useLocation();
  // Click-to-chat is for visitors of the public pages, not for the sign-in and admin apps.
  const app =
    documentClient(
      useMatches().map((match) => match.id),
      [],
    ).client === "app";
  const whatsapp = settings.whatsapp && !app ? whatsappLink(settings, pathname) : undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {headerNav.skipToContent}
      </a>
      <SiteHeader
        brand={settings.trade_name}
        nav={headerNav}
        // Pages without the demo section (sign-in, admin) send the visitor to the home page's.
        demo={demoSection ? headerNav.demo : { ...headerNav.demo, href: `/${headerNav.demo.href}` }}
        whatsapp={whatsapp}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {demoSection}
      <SiteFooter
        brand={settings.trade_name}
        nav={footerNav}
        social={socialLinks(settings)}
        year={year}
        legalName={settings.legal_name}
        cnpj={settings.cnpj ? formatCnpj(settings.cnpj) : null}
      />
    </div>
  );
}
