// How long the page's main thread was busy in a Lighthouse run, by the wall clock and by the
// thread's own CPU clock. Lighthouse's simulated Total Blocking Time multiplies the wall-clock
// length of each task (ADR 058), and on a machine whose cores are shared with the browser's other
// processes, the server and Lighthouse itself, part of that length is time the thread spent
// waiting for a core, not running the page. Reporting both tells a page that got heavier (CPU
// time grows) from a run on a busy machine (only the wall time grows).

/** The fields of a Chromium trace event read here (Lighthouse's `artifacts.Trace.traceEvents`). */
export interface TraceEventLike {
  name: string;
  ph?: string;
  pid?: number;
  tid?: number;
  /** Microseconds. */
  ts: number;
  /** Wall-clock duration of a complete ("X") event, microseconds. */
  dur?: number;
  /** The thread's CPU time during the event, microseconds; absent when Chromium did not record it. */
  tdur?: number;
  args?: { frame?: string; data?: { documentLoaderURL?: string; frame?: string } };
}

export interface MainThreadTime {
  /** Summed wall-clock length of the long tasks. */
  wallMs: number;
  /** Summed CPU time of the same tasks. */
  cpuMs: number;
  tasks: number;
}

/**
 * Tasks at least this long count. At Lighthouse's 4x slowdown a task blocks from 12.5 ms; the
 * lower bar keeps the tasks near that line, whose length decides whether they block.
 */
export const LONG_TASK_MS = 10;

/** Microseconds summed, in milliseconds. */
const totalMs = (microseconds: number[]) => microseconds.reduce((total, value) => total + value, 0) / 1000;

/**
 * The page's long main-thread tasks from its navigation to the end of its load event: the task
 * that commits the navigation, the parsing task, the first layout, the enhancement modules.
 * Undefined when the trace does not show the navigation to `url` or its load event.
 */
export function mainThreadTime(events: readonly TraceEventLike[], url: string): MainThreadTime | undefined {
  const navigation = events.find(
    (event) => event.name === "navigationStart" && event.args?.data?.documentLoaderURL === url,
  );
  if (!navigation) return undefined;
  const frame = navigation.args?.frame;
  const load = events.find(
    (event) =>
      event.name === "loadEventEnd" &&
      event.pid === navigation.pid &&
      event.ts >= navigation.ts &&
      event.args?.frame === frame,
  );
  if (!load) return undefined;
  // The navigation is committed inside a task that began before navigationStart was recorded.
  const tasks = events.filter(
    (event) =>
      event.name === "RunTask" &&
      event.ph === "X" &&
      event.pid === navigation.pid &&
      event.tid === navigation.tid &&
      event.ts + (event.dur ?? 0) > navigation.ts &&
      event.ts < load.ts &&
      (event.dur ?? 0) >= LONG_TASK_MS * 1000,
  );
  return {
    wallMs: totalMs(tasks.map((task) => task.dur ?? 0)),
    // Without a CPU clock in the trace, count the wall time: the column then shows no wait.
    cpuMs: totalMs(tasks.map((task) => task.tdur ?? task.dur ?? 0)),
    tasks: tasks.length,
  };
}
