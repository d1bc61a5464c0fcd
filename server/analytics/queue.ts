// The analytics' write path (docs/decisions/073-cookieless-analytics.md): events wait in this
// process's memory and are written in batches, one statement per batch, about once a second or
// as soon as a batch is full, so answering an event (and serving pages) never waits for the
// database. Batches are small and the loop is yielded between them, so pages are served while a
// backlog is written. An event is answered 2xx only once it is in this queue; a batch the
// database could not take stays at the front and is tried again, one whose values it refused is
// written event by event, dropping only the refused, and stopping the server writes what is left. Past `maxPending` events the queue refuses more (503) rather than grow without
// bound.
import type { EventRow } from "./events.ts";

export interface EventQueueOptions {
  /** Writes one batch; throws when it did not. */
  write: (batch: EventRow[]) => Promise<void>;
  /** A batch that can never be written (the database refused its values) is dropped, not retried. */
  isPermanent?: (error: unknown) => boolean;
  maxBatch?: number;
  intervalMs?: number;
  maxPending?: number;
  log?: (line: string) => void;
}

export interface EventQueue {
  /** Queues one event; false when the queue is full or stopped. */
  push(row: EventRow): boolean;
  /** Writes everything queued until now (a lead's attribution reads them right after). */
  flush(): Promise<void>;
  readonly pending: number;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

// Small enough that one write holds PGlite (and so the event loop) for a few milliseconds.
export const DEFAULT_MAX_BATCH = 100;
export const DEFAULT_MAX_PENDING = 50_000;

export function createEventQueue(options: EventQueueOptions): EventQueue {
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  const log = options.log ?? ((line: string) => console.error(line));
  let rows: EventRow[] = [];
  // One write at a time, in order; flush() waits for the chain it extends.
  let writing: Promise<void> = Promise.resolve();
  let failing = false;
  // Once stopping has begun an event could be queued behind the last write and never written.
  let stopped = false;

  async function writeUpTo(count: number): Promise<void> {
    let left = count;
    // After a batch the database refused, its events are written one at a time: one bad event
    // (a value the checks let through) must not cost the others, nor anyone's dashboard.
    let singly = 0;
    while (left > 0 && rows.length > 0) {
      const batch = rows.slice(0, singly > 0 ? 1 : Math.min(maxBatch, left));
      try {
        await options.write(batch);
        if (failing) log(`Analytics: writing events again (${rows.length} waiting).`);
        failing = false;
      } catch (error) {
        if (options.isPermanent?.(error)) {
          if (batch.length > 1) {
            singly = batch.length;
            continue;
          }
          log(`Analytics: dropped an event the database refused: ${String(error)}`);
        } else {
          if (!failing) log(`Analytics: could not write events, retrying: ${String(error)}`);
          failing = true;
          throw error;
        }
      }
      // Only now: events pushed while the batch was written sit behind it.
      rows = rows.slice(batch.length);
      left -= batch.length;
      if (singly > 0) singly--;
      // On PGlite a write runs on this thread: requests waiting meanwhile go before the next batch.
      if (left > 0 && rows.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function schedule(count: number): Promise<void> {
    const next = writing.then(() => writeUpTo(count));
    writing = next.catch(() => {});
    return next;
  }

  const timer = setInterval(() => {
    if (rows.length > 0) void schedule(rows.length).catch(() => {});
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    push(row) {
      if (stopped || rows.length >= maxPending) return false;
      rows.push(row);
      if (rows.length % maxBatch === 0) void schedule(maxBatch).catch(() => {});
      return true;
    },
    flush: () => schedule(rows.length),
    get pending() {
      return rows.length;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await schedule(rows.length).catch((error: unknown) =>
        log(`Analytics: ${rows.length} events not written at shutdown: ${String(error)}`),
      );
    },
  };
}
