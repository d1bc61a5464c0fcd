// Health endpoints for load balancers and orchestrators (docs/operations.md, "Health checks, logs and restarts"):
// /healthz says the process serves HTTP and touches nothing else, so a slow database never
// gets a healthy process restarted; /readyz says this instance should get traffic: the
// database answers, its schema is this code's, and the server is not shutting down.
import type { Hono } from "hono";

export const HEALTH_PATHS = ["/healthz", "/readyz"] as const;

export interface Readiness {
  /** Null when ready; otherwise a short English reason for the operator. */
  unreadyReason(): Promise<string | null>;
  /** True once a stop signal arrived: a load balancer should send traffic elsewhere. */
  stopping(): boolean;
}

// Probes poll often; an answer must never be cached by a proxy in between.
const NO_STORE = { "Cache-Control": "no-store" };

export function registerHealthRoutes(app: Hono, readiness: Readiness): void {
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, NO_STORE));
  app.get("/readyz", async (c) => {
    const reason = readiness.stopping() ? "shutting down" : await readiness.unreadyReason();
    return reason === null
      ? c.json({ status: "ready" }, 200, NO_STORE)
      : c.json({ status: "unavailable", reason }, 503, NO_STORE);
  });
}
