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

  it("drops a batch the database refuses for its values, and refuses events once full", async () => {
    const logged: string[] = [];
    const queue = createEventQueue({
      write: async () => {
        throw Object.assign(new Error("check violation"), { permanent: true });
      },
      isPermanent: (error) => (error as { permanent?: boolean }).permanent === true,
      maxPending: 2,
      intervalMs: 60_000,
      log: (line) => logged.push(line),
    });
    expect([queue.push(row(1)), queue.push(row(2)), queue.push(row(3))]).toEqual([true, true, false]);
    await queue.flush();
    expect(queue.pending).toBe(0);
    expect(logged).toEqual([expect.stringContaining("dropped 2 events")]);
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
