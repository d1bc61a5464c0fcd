import type { FooterNav } from "~/content/navigation";
import type { SocialLink } from "~/lib/site-settings";
import { Logo } from "./logo";
import { SocialIcon } from "./social-icon";

export interface SiteFooterProps {
  /** The trade name (site settings). */
  brand: string;
  /** Columns and texts (app/content/navigation.ts). */
  nav: FooterNav;
  /** The networks the settings give an address, only those. */
  social: readonly SocialLink[];
  /** The copyright's year: the current one when the page is served (the site context's). */
  year: number;
  legalName: string;
  /** Formatted, or null while the settings have none. */
  cnpj: string | null;
}

export function SiteFooter(props: SiteFooterProps) {
  return (
    <footer className="render-when-visible border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
        <div className="space-y-4">
          <Logo name={props.brand} />
          <p className="max-w-sm text-sm leading-relaxed text-muted-foreground">{props.nav.blurb}</p>
          {props.social.length > 0 ? (
            <ul aria-label={props.nav.socialLabel} className="flex gap-2">
              {props.social.map((link) => (
                <li key={link.name}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={props.nav.socialLinkLabel(props.brand, link.name)}
                    className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-background hover:text-primary"
                  >
                    <SocialIcon network={link.name} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {props.nav.columns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2 id={`footer-${column.title}`} className="text-sm font-semibold text-foreground">
                {column.title}
              </h2>
              <ul className="mt-3 space-y-2">
                {column.links.map((link) => (
                  <li key={link.href}>
                    {/* A plain link: every footer target is a public page, a document of its own
                        even when the footer is on /auth or /admin (ADR 048). */}
                    <a href={link.href} className="text-sm text-muted-foreground hover:text-primary hover:underline">
                      {link.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          {props.nav.copyright(props.year, props.legalName, props.cnpj)}
        </p>
      </div>
    </footer>
  );
}
