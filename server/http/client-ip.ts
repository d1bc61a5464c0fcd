import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

// Per-IP rate limits (sign-in, sign-up, the lead forms) need the visitor's address. Behind a
// reverse proxy the socket peer is the proxy, so every visitor would share one bucket; with
// TRUST_PROXY=N (the number of proxies in front of us) the address comes from
// X-Forwarded-For instead, counting N hops from the right so a client cannot forge it.

const VARIABLE = "clientIp";

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.fetch called in-process (tests, the operator CLI)
  }
}

/** The client's address given how many trusted proxies forward to us. */
export function resolveClientIp(
  socket: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  const chain = [
    ...(trustedHops > 0 && forwardedFor
      ? forwardedFor
          .split(",")
          .map((hop) => hop.trim())
          .filter(Boolean)
      : []),
    socket ?? "in-process",
  ];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? "in-process";
}

/** Computes the client's address once per request, for every handler after it. */
export function clientIpMiddleware(trustedHops: number): MiddlewareHandler {
  return async (c, next) => {
    c.set(VARIABLE as never, resolveClientIp(socketAddress(c), c.req.header("X-Forwarded-For"), trustedHops) as never);
    await next();
  };
}

/** The client's address: from clientIpMiddleware when it ran, else the socket peer. */
export function clientIpOf(c: Context): string {
  return (c.get(VARIABLE as never) as string | undefined) ?? socketAddress(c) ?? "in-process";
}
