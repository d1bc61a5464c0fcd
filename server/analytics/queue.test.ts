import { describe, expect, it } from "vitest";
import type { EventRow } from "./events.ts";
import { createEventQueue } from "./queue.ts";

const row = (n: number) => ({ page: `/p${n}` }) as unknown as EventRow;

describe("the analytics' event queue", () => {
  it("writes in order, in batches, and keeps a batch the database did not take", async () => {
    const written: string[][] = [];
    let down = true;
    const queue = createEventQueue({
      write: async (batch) => {
        if (down) throw new Error("connection refused");
        written.push(batch.map((r) => r.page));
      },
      maxBatch: 2,
      intervalMs: 60_000,
      log: () => {},
    });
    for (let n = 1; n <= 5; n++) expect(queue.push(row(n))).toBe(true);
    await expect(queue.flush()).rejects.toThrow("connection refused");
    expect(queue.pending).toBe(5);
    down = false;
    await queue.flush();
    expect(written).toEqual([["/p1", "/p2"], ["/p3", "/p4"], ["/p5"]]);
    expect(queue.pending).toBe(0);
    await queue.stop();
  });

  it("drops only the events the database refuses for their values, and refuses events once full", async () => {
    const logged: string[] = [];
    const written: string[][] = [];
    const queue = createEventQueue({
      write: async (batch) => {
        if (batch.some((r) => r.page === "/p2")) throw Object.assign(new Error("check violation"), { permanent: true });
        written.push(batch.map((r) => r.page));
      },
      isPermanent: (error) => (error as { permanent?: boolean }).permanent === true,
      maxBatch: 3,
      maxPending: 5,
      intervalMs: 60_000,
      log: (line) => logged.push(line),
    });
    const pushed = [1, 2, 3, 4, 5, 6].map((n) => queue.push(row(n)));
    expect(pushed).toEqual([true, true, true, true, true, false]);
    await queue.flush();
    expect(queue.pending).toBe(0);
    // The refused batch is written again event by event; the batch after it is whole again.
    expect(written).toEqual([["/p1"], ["/p3"], ["/p4", "/p5"]]);
    expect(logged).toEqual([expect.stringContaining("dropped an event the database refused")]);
    await queue.stop();
  });

  it("lets waiting callbacks (requests) run between the batches of a backlog", async () => {
    const order: string[] = [];
    let down = true;
    const queue = createEventQueue({
      write: async (batch) => {
        if (down) throw new Error("connection refused");
        order.push(`batch of ${batch.length}`);
        if (order.length === 1) setImmediate(() => order.push("a request"));
      },
      maxBatch: 2,
      intervalMs: 60_000,
      log: () => {},
    });
    for (let n = 1; n <= 6; n++) queue.push(row(n));
    await queue.flush().catch(() => {});
    down = false;
    await queue.flush();
    expect(order).toEqual(["batch of 2", "a request", "batch of 2", "batch of 2"]);
    await queue.stop();
  });

  it("writes what is left when it stops", async () => {
    const written: EventRow[] = [];
    const queue = createEventQueue({ write: async (batch) => void written.push(...batch), intervalMs: 60_000 });
    queue.push(row(1));
    await queue.stop();
    expect(written).toHaveLength(1);
  });

  it("refuses events once it has stopped, so none is answered 2xx and then left unwritten", async () => {
    const written: EventRow[] = [];
    const queue = createEventQueue({ write: async (batch) => void written.push(...batch), intervalMs: 60_000 });
    queue.push(row(1));
    const stopping = queue.stop();
    expect(queue.push(row(2))).toBe(false);
    await stopping;
    expect(written.map((r) => r.page)).toEqual(["/p1"]);
    expect(queue.pending).toBe(0);
  });
});
