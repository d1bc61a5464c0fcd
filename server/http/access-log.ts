// Access logs: one line per request through pino (ADR 051), with a request id that follows the
// request through proxies and into error reports. JSON lines for log collectors by default;
// LOG_FORMAT=pretty prints readable lines for people (pino-pretty, in the same thread).
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
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
 * Logs each request once its response is ready: method, path (without the query string, which
 * may carry tokens or visitors' data), status, duration and request id. Paths in `quiet`
 * (health probes, polled every few seconds) are not logged.
 */
export function accessLog(logger: Logger, quiet: readonly string[] = []): MiddlewareHandler {
  const skip = new Set(quiet);
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    if (skip.has(c.req.path)) return;
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        request_id: requestId,
      },
      "request",
    );
  };
}
