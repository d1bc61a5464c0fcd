import { describe, expect, it } from "vitest";
import { createRenderGate } from "./render-gate.ts";

/** A render that runs until its `finish` is called, noting when it starts. */
function controlled(log: string[], name: string) {
  const settle: { resolve?: (value: string) => void; reject?: (error: Error) => void } = {};
  const done = new Promise<string>((resolve, reject) => Object.assign(settle, { resolve, reject }));
  return {
    render: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => settle.resolve?.(name),
    fail: (error: Error) => settle.reject?.(error),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("createRenderGate", () => {
  it("runs at most `slots` renders at once, the waiting ones in their order of arrival", async () => {
    const gate = createRenderGate(2);
    const log: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => controlled(log, name));
    const results = [a, b, c, d].map((r) => gate.run(r!.render));
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    b!.finish();
    await settle();
    expect(log).toEqual(["start a", "start b", "start c"]);
    a!.finish();
    await settle();
    expect(log).toEqual(["start a", "start b", "start c", "start d"]);
    c!.finish();
    d!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
  });

  it("frees the slot of a render that fails, and passes its error on", async () => {
    const gate = createRenderGate(1);
    const log: string[] = [];
    const [a, b] = ["a", "b"].map((name) => controlled(log, name));
    const first = gate.run(a!.render);
    const second = gate.run(b!.render);
    a!.fail(new Error("render failed"));
    await expect(first).rejects.toThrow("render failed");
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    b!.finish();
    expect(await second).toBe("b");
  });

  it("lets every render through at once with 0 slots", async () => {
    const gate = createRenderGate(0);
    const log: string[] = [];
    const renders = ["a", "b", "c"].map((name) => controlled(log, name));
    const results = renders.map((r) => gate.run(r.render));
    await settle();
    expect(log).toEqual(["start a", "start b", "start c"]);
    for (const r of renders) r.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
  });
});
