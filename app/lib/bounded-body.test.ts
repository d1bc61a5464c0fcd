// Reading a body through a real Node HTTP server, as the embedded backend's services do: a
// client that declares more than it sends and hangs up is the client's mistake, told apart from
// every other failure, with no stack trace for the services that log what they do not know.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { sendAndHangUp } from "./bounded-body.testing";
import { BodyAborted, BodyTooLarge, boundedChunks, readBoundedBody } from "./bounded-body";

describe("reading a body the client stops sending", () => {
  let server: Server | null = null;

  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = null;
  });

  /** A server whose routes read the body each way; `outcomes` gets what each read threw (null: nothing). */
  async function start(outcomes: unknown[]): Promise<number> {
    const app = new Hono();
    const read = async (reading: () => Promise<unknown>) => {
      try {
        await reading();
        outcomes.push(null);
      } catch (error) {
        outcomes.push(error);
      }
      return new Response(null, { status: 204 });
    };
    app.post("/whole", (c) => read(() => readBoundedBody(c.req.raw, 1000)));
    app.post("/chunks", (c) =>
      read(async () => {
        for await (const _ of boundedChunks(c.req.raw.body as unknown as AsyncIterable<Uint8Array>, 1000));
      }),
    );
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  for (const [path, framing, body] of [
    ["/whole", "Content-Length: 100", "name=a"],
    ["/whole", "Transfer-Encoding: chunked", "6\r\nname=a\r\n"],
    ["/chunks", "Content-Length: 100", "name=a"],
  ] as const) {
    it(`fails with BodyAborted, without a trace, on ${path} with ${framing.split(":")[0]}`, async () => {
      const outcomes: unknown[] = [];
      const port = await start(outcomes);
      const status = await sendAndHangUp(port, `POST ${path} HTTP/1.1\r\nHost: x\r\n${framing}`, body);
      // Node answers the cut request itself.
      expect(status).toBe("HTTP/1.1 400 Bad Request");
      await expect.poll(() => outcomes.length).toBe(1);
      const error = outcomes[0];
      expect(error).toBeInstanceOf(BodyAborted);
      expect((error as Error).stack).toBe(
        "BodyAborted: The client closed the connection before sending the whole body",
      );
    });
  }

  it("still reads a whole body, and refuses one past the limit with BodyTooLarge", async () => {
    const outcomes: unknown[] = [];
    const port = await start(outcomes);
    const status = await sendAndHangUp(port, "POST /whole HTTP/1.1\r\nHost: x\r\nContent-Length: 6", "name=a");
    expect(status).toBe("HTTP/1.1 204 No Content");
    expect(outcomes).toEqual([null]);
    const request = new Request("http://x/", { method: "POST", body: "x".repeat(2000) });
    await expect(readBoundedBody(request, 1000)).rejects.toBeInstanceOf(BodyTooLarge);
  });
});
