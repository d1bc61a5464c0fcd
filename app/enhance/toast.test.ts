import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS, TOASTS_VISIBLE, ToastQueue } from "./toast";

// The queue's rules without a browser: a list and toasts that only record what the DOM would do.
class FakeToast {
  hidden = false;
  removed = false;
  remove() {
    this.removed = true;
  }
}

function setup() {
  let now = 0;
  const appended: FakeToast[] = [];
  const queue = new ToastQueue({ append: (node) => appended.push(node as unknown as FakeToast) }, () => now);
  const add = () => {
    const item = new FakeToast();
    queue.add(item as unknown as HTMLLIElement);
    return item;
  };
  const advance = (ms: number) => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };
  return { queue, add, advance, appended };
}

describe("ToastQueue (docs/product.md §4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("closes each toast after 4000 ms", () => {
    const { queue, add, advance } = setup();
    const first = add();
    advance(TOAST_DURATION_MS - 1);
    expect(first.removed).toBe(false);
    advance(1);
    expect(first.removed).toBe(true);
    expect(queue.size).toBe(0);
  });

  it("shows at most 3: older ones wait hidden, and show again as newer ones close", () => {
    const { queue, add } = setup();
    const toasts = [add(), add(), add(), add()];
    expect(TOASTS_VISIBLE).toBe(3);
    expect(toasts.map((toast) => toast.hidden)).toEqual([true, false, false, false]);
    queue.remove(toasts[3] as unknown as HTMLElement);
    expect(toasts.slice(0, 3).map((toast) => toast.hidden)).toEqual([false, false, false]);
    expect(toasts[3]?.removed).toBe(true);
  });

  it("pauses while hovered or focused and resumes with the time that was left", () => {
    const { queue, add, advance } = setup();
    const toast = add();
    advance(3000);
    queue.pause();
    advance(10_000);
    expect(toast.removed).toBe(false);
    queue.resume();
    advance(999);
    expect(toast.removed).toBe(false);
    advance(1);
    expect(toast.removed).toBe(true);
  });

  it("a toast added while paused waits for the pause to end", () => {
    const { queue, add, advance } = setup();
    queue.pause();
    const toast = add();
    advance(TOAST_DURATION_MS * 2);
    expect(toast.removed).toBe(false);
    queue.resume();
    advance(TOAST_DURATION_MS);
    expect(toast.removed).toBe(true);
  });
});
