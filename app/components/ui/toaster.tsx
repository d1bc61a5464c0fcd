import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { toastsCopy } from "~/content/toasts";

// sonner's rich-colour texts are just under WCAG AA on their tinted backgrounds (about 4.3:1):
// darker shades of the same hues reach 4.5:1. Inline custom properties on the toaster element
// override the ones its stylesheet sets there.
const AA_TEXT_COLOURS = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--info-text": "hsl(210, 92%, 35%)",
  "--warning-text": "hsl(31, 92%, 30%)",
  "--error-text": "hsl(360, 100%, 35%)",
} as CSSProperties;

/**
 * The toast region of docs/product.md §4: toasts stack with at most 3 visible, close after 4000 ms,
 * sit bottom-right, the region is labelled "Notifications" and Alt+T focuses it. These are
 * sonner's defaults; they are spelled out so a library upgrade cannot change them silently.
 * The root mounts it lazily once a screen that toasts is visited: other pages skip its bytes.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel={toastsCopy.region}
      richColors
      style={AA_TEXT_COLOURS}
      closeButton
      toastOptions={{ closeButtonAriaLabel: toastsCopy.close }}
    />
  );
}
