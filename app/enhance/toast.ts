// Toasts for the public pages, without React or sonner (docs/decisions/049-lead-forms-without-react.md).
// docs/product.md §4: toasts stack with at most 3 visible, close after 4000 ms, sit bottom-right,
// and the region is labelled "Notifications" with the hotkey Alt+T. The markup follows what
// sonner rendered for /auth and /admin (app/components/ui/toaster.tsx), so both read the same to
// assistive technology: a <section> landmark "Notifications alt+T" that is a polite live region,
// and one <li> per toast with its title and description. Timers pause while the pointer or the
// focus is inside the region, so a toast being read or reached with Alt+T does not vanish.

export type ToastType = "success" | "error";

export interface ToastOptions {
  title: string;
  description?: string;
  type: ToastType;
}

export const TOAST_DURATION_MS = 4000;
export const TOASTS_VISIBLE = 3;
export const TOAST_REGION_LABEL = "Notifications alt+T";
const CLOSE_LABEL = "Fechar notificação";

// Tailwind classes (Tailwind scans app/**, so they are in the site's CSS). Success and error use
// darker text than sonner's rich colours, which were just under WCAG AA on the tinted background.
const TYPE_CLASSES: Record<ToastType, string> = {
  success: "border-green-200 bg-green-50 text-green-800",
  error: "border-red-200 bg-red-50 text-red-800",
};
const REGION_CLASSES = "pointer-events-none fixed right-4 bottom-4 z-50 w-[calc(100%-2rem)] max-w-sm outline-none";
const LIST_CLASSES = "flex flex-col gap-2 outline-none";
const TOAST_CLASSES =
  "pointer-events-auto relative rounded-lg border p-4 pr-10 text-sm shadow-lg outline-none focus-visible:outline-2 focus-visible:outline-ring";
const CLOSE_CLASSES =
  "absolute top-2 right-2 inline-flex size-6 items-center justify-center rounded-md text-base leading-none hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-ring";

interface Live {
  element: HTMLLIElement;
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The toasts of one region, oldest first: which are shown and when each closes. */
export class ToastQueue {
  private readonly live: Live[] = [];
  private paused = false;
  private readonly list: Pick<HTMLElement, "append">;
  private readonly now: () => number;

  constructor(list: Pick<HTMLElement, "append">, now: () => number = () => Date.now()) {
    this.list = list;
    this.now = now;
  }

  get size(): number {
    return this.live.length;
  }

  add(element: HTMLLIElement): void {
    const entry: Live = { element, remaining: TOAST_DURATION_MS, startedAt: this.now(), timer: undefined };
    this.live.push(entry);
    this.list.append(element);
    if (!this.paused) this.start(entry);
    this.layout();
  }

  remove(element: HTMLElement): void {
    const index = this.live.findIndex((entry) => entry.element === element);
    if (index < 0) return;
    const [entry] = this.live.splice(index, 1);
    clearTimeout(entry?.timer);
    element.remove();
    this.layout();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    const now = this.now();
    for (const entry of this.live) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.remaining = Math.max(0, entry.remaining - (now - entry.startedAt));
    }
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const entry of this.live) this.start(entry);
  }

  private start(entry: Live): void {
    entry.startedAt = this.now();
    entry.timer = setTimeout(() => this.remove(entry.element), entry.remaining);
  }

  /** The newest TOASTS_VISIBLE are shown; older ones wait, hidden, for their own timeout. */
  private layout(): void {
    this.live.forEach((entry, index) => {
      entry.element.hidden = index < this.live.length - TOASTS_VISIBLE;
    });
  }
}

let queue: ToastQueue | undefined;
let region: HTMLElement | undefined;

/**
 * Creates the toast region once (a live region must exist before what it announces is added
 * to it). Returns the queue that `toast` fills.
 */
export function mountToaster(doc: Document = document): ToastQueue {
  if (queue && region?.isConnected) return queue;
  region = doc.createElement("section");
  region.setAttribute("aria-label", TOAST_REGION_LABEL);
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-relevant", "additions text");
  region.setAttribute("aria-atomic", "false");
  region.tabIndex = -1;
  region.className = REGION_CLASSES;
  const list = doc.createElement("ol");
  list.className = LIST_CLASSES;
  region.append(list);
  doc.body.append(region);
  const current = new ToastQueue(list);
  queue = current;

  const inside = (node: EventTarget | null) => node instanceof Node && region?.contains(node);
  region.addEventListener("pointerenter", () => current.pause());
  region.addEventListener("pointerleave", () => {
    if (!inside(doc.activeElement)) current.resume();
  });
  region.addEventListener("focusin", () => current.pause());
  region.addEventListener("focusout", (event) => {
    if (!inside(event.relatedTarget) && !region?.matches(":hover")) current.resume();
  });
  doc.addEventListener("keydown", (event) => {
    // Alt+T, by key position (event.code) as sonner does, so it works on any keyboard layout.
    if (!event.altKey || event.code !== "KeyT") return;
    event.preventDefault();
    const newest = list.lastElementChild;
    (newest instanceof HTMLElement ? newest : region)?.focus();
  });
  return current;
}

/** Shows a toast: title, optional description, success or error. */
export function toast({ title, description, type }: ToastOptions, doc: Document = document): HTMLLIElement {
  const current = mountToaster(doc);
  const item = doc.createElement("li");
  item.tabIndex = 0;
  item.dataset.type = type;
  item.className = `${TOAST_CLASSES} ${TYPE_CLASSES[type]}`;
  const heading = doc.createElement("div");
  heading.className = "font-semibold";
  heading.textContent = title;
  item.append(heading);
  if (description) {
    const text = doc.createElement("div");
    text.className = "mt-1";
    text.textContent = description;
    item.append(text);
  }
  const close = doc.createElement("button");
  close.type = "button";
  close.className = CLOSE_CLASSES;
  close.setAttribute("aria-label", CLOSE_LABEL);
  close.textContent = "×";
  close.addEventListener("click", () => current.remove(item));
  item.append(close);
  current.add(item);
  return item;
}
