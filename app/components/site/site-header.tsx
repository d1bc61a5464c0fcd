import { Menu, X } from "lucide-react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { HeaderNav, NavLink as NavLinkItem } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";
import { SocialIcon } from "./social-icon";

export interface SiteHeaderProps {
  /** The trade name (site settings). */
  brand: string;
  /** Links and labels (app/content/navigation.ts). */
  nav: HeaderNav;
  /** The demo button's target: this page's demo section, or the home page's. */
  demo: NavLinkItem;
  /** The click-to-chat link (wa.me), when the settings have a WhatsApp number. */
  whatsapp?: string;
}

/**
 * The mobile menu's id. Fixed rather than useId(): app/app.css switches the toggle's label with
 * `:has(#menu-principal:popover-open)`, and app/enhance/menu.ts finds the menu by it.
 */
export const MOBILE_MENU_ID = "menu-principal";

const linkClass = (active: boolean) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
    active ? "text-primary" : "text-muted-foreground",
  );

/**
 * Sticky header (docs/product.md §2), the same HTML on the public pages (no JavaScript) and in
 * the React apps of /auth and /admin (hydrated, without state or handlers, so React never
 * fights the browser). Below the `lg` breakpoint the links move into a native popover
 * (docs/decisions/050-native-html-widgets.md): the toggle is its `popovertarget` invoker, so
 * the browser opens and closes it, exposes the expanded state, closes it on Escape or a click
 * outside and returns focus to the toggle. The toggle's name ("Abrir menu" / "Fechar menu")
 * is switched by CSS: content with `display: none` is not part of an accessible name.
 * Links are plain anchors: a document navigation closes the menu everywhere, and public pages
 * have no client router to take them over.
 */
/** The header's links as list items, the same in the wide header and in the mobile menu. */
function NavItems({ links, pathname, className }: { links: NavLinkItem[]; pathname: string; className?: string }) {
  return links.map((link) => {
    const active = isActive(pathname, link.href);
    return (
      <li key={link.href}>
        <a href={link.href} aria-current={active ? "page" : undefined} className={cn(linkClass(active), className)}>
          {link.name}
        </a>
      </li>
    );
  });
}

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The "Contato" link and the demo button, in the wide header and at the foot of the mobile menu. */
function HeaderActions({
  contact,
  demo,
  pathname,
  inMenu = false,
}: {
  contact: NavLinkItem;
  demo: NavLinkItem;
  pathname: string;
  inMenu?: boolean;
}) {
  return (
    <>
      <Button asChild variant="outline">
        <a href={contact.href} aria-current={isActive(pathname, contact.href) ? "page" : undefined}>
          {contact.name}
        </a>
      </Button>
      <Button asChild>
        {/* An in-page link does not close a popover by itself: app/enhance/menu.ts does, where a
            module runs; without JavaScript Escape, the toggle or a click outside do. */}
        <a href={demo.href} data-menu-close={inMenu ? "" : undefined}>
          {demo.name}
        </a>
      </Button>
    </>
  );
}

/**
 * Click-to-chat: a plain link to wa.me (no script), opening WhatsApp in a new tab with the
 * settings' message. It sits in the sticky header rather than floating over the page, so it is
 * always in reach and never covers content or another button, on a 360-pixel screen too
 * (docs/decisions/077-whatsapp-button-in-the-header.md).
 */
function WhatsAppLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className="inline-flex size-10 items-center justify-center rounded-full bg-[#0b7a55] text-white transition-colors hover:bg-[#075e41] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <SocialIcon network="WhatsApp" />
    </a>
  );
}

export function SiteHeader(props: SiteHeaderProps) {
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="/" aria-label={props.nav.homeLabel(props.brand)} className="min-w-0 rounded-md">
          <Logo name={props.brand} />
        </a>

        <nav aria-label={props.nav.navLabel} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavItems links={props.nav.links} pathname={pathname} />
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <div className="hidden items-center gap-2 lg:flex">
            <HeaderActions contact={props.nav.contact} demo={props.demo} pathname={pathname} />
          </div>
          {props.whatsapp ? <WhatsAppLink href={props.whatsapp} label={props.nav.whatsapp} /> : null}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="menu-toggle lg:hidden"
            popoverTarget={MOBILE_MENU_ID}
            aria-controls={MOBILE_MENU_ID}
          >
            {/* One of the two is display:none (app/app.css), so the name is one of the two labels. */}
            <span data-menu-label="closed" className="contents">
              <Menu aria-hidden="true" className="size-6" />
              <span className="sr-only">{props.nav.openMenu}</span>
            </span>
            <span data-menu-label="open" className="contents">
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">{props.nav.closeMenu}</span>
            </span>
          </Button>
        </div>
      </div>

      <nav
        id={MOBILE_MENU_ID}
        popover="auto"
        aria-label={props.nav.navLabel}
        className="mobile-menu fixed inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-0 border-y border-border bg-background p-0 text-foreground shadow-md lg:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6">
          <NavItems links={props.nav.links} pathname={pathname} className="block text-base" />
          <li className="mt-2 grid grid-cols-2 gap-2">
            <HeaderActions contact={props.nav.contact} demo={props.demo} pathname={pathname} inMenu />
          </li>
        </ul>
      </nav>
    </header>
  );
}
