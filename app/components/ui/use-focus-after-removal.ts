import { useEffectEvent, useLayoutEffect, type RefObject } from "react";

/**
 * Keeps a keyboard user's place when a row goes with the focus on one of its buttons (Remover,
 * after its confirmation): without this the focus falls to the page, and the next Tab starts
 * again from the top (WCAG 2.4.3). It moves to the same control of the next row, else of the row
 * before, else to `fallback` (the list's "add" control, say), else to the heading of its section
 * or else to its tab panel. A row's controls are marked `data-removal-target` with a name ("remove",
 * "status"): the focus goes to the neighbour's control of the same name.
 */
export function useFocusAfterRemoval(
  ref: RefObject<HTMLElement | null>,
  fallback?: () => HTMLElement | null | undefined,
): void {
  // Read when the row goes, so a new function each render does not re-run the effect.
  const fallbackTarget = useEffectEvent(() => fallback?.());
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A layout effect's cleanup runs while its element is still in the page, focus included.
    return () => {
      if (element.ownerDocument.activeElement !== element) return;
      const row = element.closest("li, tr");
      const name = element.dataset.removalTarget ?? "";
      const neighbours = [row?.nextElementSibling, row?.previousElementSibling].map((sibling) =>
        sibling?.querySelector<HTMLElement>(`[data-removal-target="${CSS.escape(name)}"]`),
      );
      // Its section may go with it (a banner): the tab panel is there to fall back on.
      const containers = [element.closest<HTMLElement>("section"), element.closest<HTMLElement>("[role=tabpanel]")];
      // Inside a dialog, its focus trap catches the lost focus on the dialog itself.
      const dialog = element.closest("[role=dialog], [role=alertdialog]");
      requestAnimationFrame(() => {
        const active = element.ownerDocument.activeElement;
        // Something else took the focus meanwhile (a dialog, the user): leave it there.
        if (active && active !== element.ownerDocument.body && active !== dialog) return;
        const target =
          neighbours.find((candidate) => candidate?.isConnected) ??
          fallbackTarget() ??
          landmarkOf(containers.find((container) => container?.isConnected) ?? null);
        target?.focus();
      });
    };
  }, [ref]);
}

/** A section's heading, or a tab panel itself; made focusable by script only (tabindex -1). */
function landmarkOf(container: HTMLElement | null): HTMLElement | null {
  if (!container?.isConnected) return null;
  const target = container.matches("section") ? container.querySelector<HTMLElement>("h2, h3") : container;
  if (target && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  return target;
}
