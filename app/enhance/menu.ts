// The header's mobile menu is a native popover (app/components/site/site-header.tsx): it opens,
// closes and dismisses itself without JavaScript, and a link to another page closes it by
// navigating. Two things it cannot do alone, done by the analytics' module, which every public
// page loads, and by the lead forms' (so with ANALYTICS=0 the pages with a form still have them;
// each module bundles its own copy, so no other carries one):
// - an in-page link ("Solicitar Demo" → #demo) does not navigate away, so the menu would stay
//   over the section it scrolled to;
// - Tab past its last link moves the focus to the page under it, where the open menu would hide
//   the focused control (WCAG 2.4.11): the menu closes when the focus leaves it and its toggle.
// Bundled into each module (imports are inlined): set up once, by the first to run, marked on the
// menu itself.
const MENU_ID = "menu-principal";

export function enhanceMenu(): void {
  const menu = document.getElementById(MENU_ID);
  if (!menu || menu.dataset.menuEnhanced !== undefined) return;
  menu.dataset.menuEnhanced = "";
  const toggle = document.querySelector(`[popovertarget="${MENU_ID}"]`);
  menu.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-menu-close]") : null;
    if (link && menu.matches(":popover-open")) menu.hidePopover();
  });
  menu.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || menu.contains(next) || toggle?.contains(next)) return;
    if (menu.matches(":popover-open")) menu.hidePopover();
  });
}
