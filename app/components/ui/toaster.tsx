import { Toaster as Sonner } from "sonner";

/**
 * The toast region of spec §4: toasts stack with at most 3 visible, close after 4000 ms,
 * sit bottom-right, the region is labelled "Notifications" and Alt+T focuses it. These are
 * sonner's defaults; they are spelled out so a library upgrade cannot change them silently.
 * Mount it only on screens that toast (contact, sign-in, admin): other pages skip its bytes.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
      richColors
      closeButton
    />
  );
}
