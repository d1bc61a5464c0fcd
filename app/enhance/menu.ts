// The header's mobile menu is a native popover (app/components/site/site-header.tsx): it opens,
// closes and dismisses itself without JavaScript, and a link to another page closes it by
// navigating. An in-page link ("Solicitar Demo" → #demo) does not navigate away, so the menu
// would stay over the section it scrolled to: where an enhancement module runs, it closes the
// menu. Imported by the modules of the pages that have one; no enhancement name of its own.
const MENU_ID = "menu-principal";

export function closeMenuOnInPageLinks(): void {
  const menu = document.getElementById(MENU_ID);
  if (!menu) return;
  menu.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-menu-close]") : null;
    if (link && menu.matches(":popover-open")) menu.hidePopover();
  });
}
