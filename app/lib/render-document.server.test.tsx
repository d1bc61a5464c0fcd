import { Suspense, use } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderDocument } from "./render-document.server";

const TIMEOUT_MS = 6_000;

function Never(): never {
  use(new Promise<never>(() => {}));
  throw new Error("unreachable");
}

function Broken(): never {
  throw new Error("quebrado");
}

describe("renderDocument", () => {
  beforeEach(() => {
    // Only the timers: React schedules its own work with setImmediate.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("answers the whole document and leaves no timer behind to keep the render alive", async () => {
    const response = await renderDocument(
      <main>
        <Suspense fallback={<p>carregando</p>}>
          <p>Olá, Omnia</p>
        </Suspense>
      </main>,
      { status: 200, headers: new Headers({ "X-Test": "1" }), timeoutMs: TIMEOUT_MS },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("X-Test")).toBe("1");
    expect(await response.text()).toContain("<p>Olá, Omnia</p>");
    // The abort timer held the whole render (tree, data, HTML) until it fired.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up on what is still pending at the timeout and answers 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = renderDocument(
      <main>
        <Suspense fallback={<p>carregando</p>}>
          <Never />
        </Suspense>
      </main>,
      { status: 200, headers: new Headers(), timeoutMs: TIMEOUT_MS },
    );
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const response = await answer;
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("carregando");
    expect(logged).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects when even the shell fails, and clears its timer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(
      renderDocument(<Broken />, { status: 200, headers: new Headers(), timeoutMs: TIMEOUT_MS }),
    ).rejects.toThrow("quebrado");
    expect(vi.getTimerCount()).toBe(0);
  });
});
