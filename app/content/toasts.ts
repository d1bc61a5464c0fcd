/**
 * The toast region's names. docs/product.md §4 names the region "Notifications" (sonner's own
 * word, kept as specified); each toast's close button is named in Portuguese, as everything a
 * visitor or staff member hears.
 */
export const toastsCopy = {
  region: "Notifications",
  close: "Fechar notificação",
};
