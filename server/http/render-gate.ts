// How many cacheable pages the server renders at once when the page cache has no copy
// (docs/decisions/099-render-gate.md). On the embedded database PGlite and React share one
// thread: renders that run at once interleave, each holding its memory longer, and cost more CPU
// than the same renders taken two at a time. The others wait their turn, first come first
// served, so no request waits behind one that arrived after it.

export interface RenderGate {
  /** Runs `render` once fewer than `slots` renders are running. */
  run<T>(render: () => Promise<T>): Promise<T>;
}

/** A gate for `slots` renders at a time; 0 lets every render through at once. */
export function createRenderGate(slots: number): RenderGate {
  if (slots <= 0) return { run: (render) => render() };
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(render) {
      // A finished render hands its slot straight to the oldest waiter: `running` stays the same.
      if (running < slots) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await render();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
