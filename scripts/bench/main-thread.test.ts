import { describe, expect, it } from "vitest";
import { mainThreadTime, type TraceEventLike } from "./main-thread.ts";

const URL = "http://127.0.0.1:3411/blog";
const PAGE = { pid: 20, tid: 20 };
const ms = (value: number) => value * 1000;

// The shape of a Lighthouse trace of /blog: Lighthouse's blank page first, then the page's
// navigation, its commit, parsing and first-layout tasks, and its load event.
function trace(): TraceEventLike[] {
  const task = (at: number, wall: number, cpu: number, where = PAGE): TraceEventLike => ({
    name: "RunTask",
    ph: "X",
    ...where,
    ts: ms(at),
    dur: ms(wall),
    tdur: ms(cpu),
  });
  return [
    { name: "navigationStart", ...PAGE, ts: 0, args: { frame: "blank", data: { documentLoaderURL: "" } } },
    task(2, 30, 30), // Lighthouse's blank page, before the navigation
    { name: "navigationStart", ...PAGE, ts: ms(100), args: { frame: "F", data: { documentLoaderURL: URL } } },
    task(95, 36, 18), // the commit began just before navigationStart was recorded
    // Lighthouse's blank frame loads in the same renderer; its load event does not end the page's.
    { name: "loadEventEnd", ...PAGE, ts: ms(150), args: { frame: "blank" } },
    task(140, 22, 10), // parsing
    task(170, 5, 5), // short: not counted
    task(180, 40, 33), // first layout
    task(150, 50, 50, { pid: 1, tid: 1 }), // the browser process
    { name: "loadEventEnd", ...PAGE, ts: ms(400), args: { frame: "F" } },
    task(450, 60, 60), // after load
  ];
}

describe("mainThreadTime", () => {
  it("sums the wall and CPU time of the page's long tasks from its navigation to its load event", () => {
    expect(mainThreadTime(trace(), URL)).toEqual({ wallMs: 98, cpuMs: 61, tasks: 3 });
  });

  it("counts the wall time as CPU time when the trace has no CPU clock", () => {
    const events = trace().map(({ tdur: _cpu, ...event }) => event);
    expect(mainThreadTime(events, URL)).toEqual({ wallMs: 98, cpuMs: 98, tasks: 3 });
  });

  it("says nothing when the trace lacks the navigation or its load event", () => {
    expect(mainThreadTime(trace(), "http://127.0.0.1:3411/precos")).toBeUndefined();
    expect(
      mainThreadTime(
        trace().filter((event) => event.name !== "loadEventEnd"),
        URL,
      ),
    ).toBeUndefined();
  });
});
