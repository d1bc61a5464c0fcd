import { markEnhanced } from "./ready";
import { nextTabIndex } from "./roving";

// The WAI-ARIA tabs of /recursos (app/components/site/features/feature-tabs.tsx). The server
// sends the selected tab, the roving tabindex and the hidden panels; this adds selection by
// click, Enter/Space (native button clicks) and focus (automatic activation, docs/product.md
// §2 "Features"), and the arrow, Home and End keys.

function setUp(tablist: HTMLElement): void {
  const tabs = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];

  const select = (chosen: HTMLElement) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !selected;
    }
  };

  const tabOf = (target: EventTarget | null) =>
    target instanceof HTMLElement && tabs.includes(target) ? target : null;

  // Focus selects, whatever moved it (arrow keys, a click, a script): automatic activation.
  tablist.addEventListener("focusin", (event) => {
    const tab = tabOf(event.target);
    if (tab) select(tab);
  });
  // A click selects too (Enter and Space click a button), in case focus did not move.
  tablist.addEventListener("click", (event) => {
    const tab = tabOf(event.target instanceof Element ? event.target.closest('[role="tab"]') : null);
    if (tab) select(tab);
  });
  tablist.addEventListener("keydown", (event) => {
    const tab = tabOf(event.target);
    if (!tab || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = nextTabIndex(event.key, tabs.indexOf(tab), tabs.length);
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
  });
}

for (const tablist of document.querySelectorAll<HTMLElement>('[data-tabs] [role="tablist"]')) setUp(tablist);

markEnhanced("tabs");
