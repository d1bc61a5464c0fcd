import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { NavLink as NavLinkItem } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";

export interface SiteHeaderProps {
  brand: string;
  homeLabel: string;
  navLabel: string;
  openMenuLabel: string;
  closeMenuLabel: string;
  links: NavLinkItem[];
  contact: NavLinkItem;
  demo: NavLinkItem;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
    isActive ? "text-primary" : "text-muted-foreground",
  );

/**
 * Sticky header (docs/product.md §2). Below the `lg` breakpoint the links move into a disclosure menu:
 * the toggle exposes aria-expanded/aria-controls; choosing a link, pressing Escape or
 * navigating closes it, and Escape returns focus to the toggle so keyboard users keep
 * their place.
 */
export function SiteHeader(props: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation (a link, back/forward) closes the menu: adjust state while rendering,
  // as React recommends, instead of in an effect.
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={props.homeLabel} className="rounded-md">
          <Logo name={props.brand} />
        </Link>

        <nav aria-label={props.navLabel} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {props.links.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} className={linkClass} prefetch="intent">
                  {link.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <Button asChild variant="outline">
            <Link to={props.contact.href} prefetch="intent">
              {props.contact.name}
            </Link>
          </Button>
          <Button asChild>
            <a href={props.demo.href}>{props.demo.name}</a>
          </Button>
        </div>

        <Button
          ref={toggleRef}
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? props.closeMenuLabel : props.openMenuLabel}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </Button>
      </div>

      <nav id={menuId} aria-label={props.navLabel} hidden={!open} className="border-t border-border lg:hidden">
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6">
          {props.links.map((link) => (
            <li key={link.href}>
              <NavLink to={link.href} className={(state) => cn(linkClass(state), "block text-base")} onClick={close}>
                {link.name}
              </NavLink>
            </li>
          ))}
          <li className="mt-2 grid grid-cols-2 gap-2">
            <Button asChild variant="outline">
              <Link to={props.contact.href} onClick={close}>
                {props.contact.name}
              </Link>
            </Button>
            <Button asChild>
              <a href={props.demo.href} onClick={close}>
                {props.demo.name}
              </a>
            </Button>
          </li>
        </ul>
      </nav>
    </header>
  );
}
