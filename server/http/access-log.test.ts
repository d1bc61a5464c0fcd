// The access log behind a real Node HTTP server: a client that declares a body, sends part of it
// and hangs up gets Node's own 400, and the log must say so, not the 500 the app's failed read
// produced, or anyone could inflate the server-error rate.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { sendAndHangUp } from "../../app/lib/bounded-body.testing.ts";
import { readBoundedBody } from "../../app/lib/bounded-body.ts";
import { accessLog, createLogger } from "./access-log.ts";

describe("access log of a request whose client hung up mid-body", () => {
  let server: Server | null = null;

  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = null;
  });

  /** A server whose one route reads the body and answers 500 when that fails, as a service would. */
  async function start(lines: Record<string, unknown>[]): Promise<number> {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().trim().split("\n")) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = new Hono();
    app.use("*", accessLog(createLogger({ format: "json", level: "info" }, destination)));
    app.onError(() => new Response("internal", { status: 500 }));
    app.post("/contato", async (c) => {
      await readBoundedBody(c.req.raw, 1000);
      return c.text("ok", 201);
    });
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  it("logs the 400 Node answered, marked aborted, instead of the app's 500", async () => {
    const lines: Record<string, unknown>[] = [];
    const port = await start(lines);
    const status = await sendAndHangUp(port, "POST /contato HTTP/1.1\r\nHost: x\r\nContent-Length: 100", "name=a");
    expect(status).toBe("HTTP/1.1 400 Bad Request");
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ method: "POST", path: "/contato", status: 400, aborted: true });
  });

  it("logs a whole request with the app's own status, unmarked", async () => {
    const lines: Record<string, unknown>[] = [];
    const port = await start(lines);
    const status = await sendAndHangUp(port, "POST /contato HTTP/1.1\r\nHost: x\r\nContent-Length: 6", "name=a");
    expect(status).toBe("HTTP/1.1 201 Created");
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ path: "/contato", status: 201 });
    expect(lines[0]).not.toHaveProperty("aborted");
  });
});
