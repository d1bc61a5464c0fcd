// Access logs: one line per request through pino (ADR 051), with a request id that follows the
// request through proxies and into error reports. JSON lines for log collectors by default;
// LOG_FORMAT=pretty prints readable lines for people (pino-pretty, in the same thread).
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import type { LogLevel } from "../config.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

// What a proxy or client may hand us: short, printable, no spaces or quotes, so it cannot
// forge a log line or smuggle markup into a header. Anything else is replaced.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | undefined): string {
  return header && VALID_REQUEST_ID.test(header) ? header : randomUUID();
}

export function createLogger(
  options: { format: "json" | "pretty"; level: LogLevel },
  destination?: DestinationStream,
): Logger {
  const stream = destination ?? (options.format === "pretty" ? pretty({ colorize: process.stdout.isTTY }) : undefined);
  // No pid/hostname on every line: one process per container, and the collector knows where it runs.
  const settings = { base: null, level: options.level };
  return stream ? pino(settings, stream) : pino(settings);
}

/**
 * Whether the client hung up before sending the whole body (a Content-Length of 100 and 6 bytes,
 * then closed). Node itself answers such a request 400 (or nothing, when the connection was
 * reset), and the app's answer, often a 500 from the failed read, never leaves.
 */
function bodyCutShort(c: Context): boolean {
  // The Node request, which @hono/node-server passes as env; absent when tests call app.request.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return typeof incoming?.complete === "boolean" && !incoming.complete && incoming.destroyed;
}

/**
 * Logs each request once its response is ready: method, path (without the query string, which
 * may carry tokens or visitors' data), status, duration and request id. Paths in `quiet`
 * (health probes, polled every few seconds) are not logged. A request whose client hung up
 * mid-body is logged with the 400 Node answered, marked `aborted`: anyone can send one, and it
 * must not count as a server error.
 */
export function accessLog(logger: Logger, quiet: readonly string[] = []): MiddlewareHandler {
  const skip = new Set(quiet);
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    if (skip.has(c.req.path)) return;
    const aborted = bodyCutShort(c);
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: aborted ? 400 : c.res.status,
        ...(aborted ? { aborted: true } : {}),
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        request_id: requestId,
      },
      "request",
    );
  };
}
